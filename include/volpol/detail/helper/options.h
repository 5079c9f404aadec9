// volpol/detail/helper/options.h — the volume helper's settings, and which resource a snapshot
// question is about.
//
// Velero builds its volume helper from a Backup: `spec.snapshotVolumes` (a *bool: unset is not
// false), `spec.defaultVolumesToFsBackup`, and an exclude-PVC flag the caller derives
// (`NewVolumeHelperImpl` / `NewVolumeHelperImplWithCache`, internal/volumehelper/
// volume_policy_helper.go: the backup path passes "PVCs are excluded by the resource filter",
// plugins pass true or `spec.snapshotMoveData`).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "volpol/core/velero_version.h"

namespace volpol::helper {

struct helper_options {
  /// Backup `spec.snapshotVolumes`: nullopt (unset) and true both let an unmatched volume be
  /// snapshotted; only an explicit false stops it (Velero `boolptr.IsSetToFalse`).
  std::optional<bool> snapshot_volumes;
  /// Backup `spec.defaultVolumesToFsBackup`: true selects opt-out mode (every pod volume is
  /// fs-backed-up unless listed in `backup.velero.io/backup-volumes-excludes`), false opt-in
  /// mode (only volumes listed in `backup.velero.io/backup-volumes`).
  bool default_volumes_to_fs_backup = false;
  /// Velero's `backupExcludePVC`: persistentVolumeClaim pod volumes are never fs-backed-up
  /// (the PVC itself is excluded from the backup by the resource filter).
  bool backup_exclude_pvc = false;
  /// The namespaces whose pods ShouldPerformSnapshot's PVC→pod lookup sees, sorted: Velero's
  /// PVC-pod cache, built for the backup's resolved namespace list
  /// (volume_policy_helper.go NewVolumeHelperImplWithNamespaces, pkg/util/podvolume
  /// GetPodsUsingPVCWithCache): a pod in another namespace is never seen, so its opt-in
  /// annotation does not stop a PV's snapshot. Empty: no cache, every pod is seen (the live
  /// lookup Velero falls back to when the list resolves to nothing).
  std::vector<std::string> pod_lookup_namespaces;
  /// The Velero release whose helper answers (core/velero_version.h): before v1.18.0 a PVC
  /// whose PV cannot be had is an error at once, not matched on the PVC alone; the policy's
  /// `snapshotClass` and `dataMover` are read on main only.
  velero_version version = default_velero_version;
};

/// The GroupResource Velero passes along with the object to ShouldPerformSnapshot,
/// ShouldPerformCustomAction, GetActionParameters ... (`kuberesource.PersistentVolumes`,
/// `kuberesource.PersistentVolumeClaims`).
enum class volume_resource : std::uint8_t { persistent_volumes, persistent_volume_claims };

/// "persistentvolumes" / "persistentvolumeclaims" (the resource names Velero prints).
[[nodiscard]] std::string_view to_string(volume_resource r);
/// The resource for "persistentvolumes" or "persistentvolumeclaims" (exact), else nullopt.
[[nodiscard]] std::optional<volume_resource> volume_resource_from_string(std::string_view s);

}  // namespace volpol::helper
