// volpol/plan/backup_options.h — the options of one Velero backup that decide what happens
// to volumes, named as `velero backup create` names them, and the server's settings.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "volpol/core/result.h"
#include "volpol/core/velero_version.h"
#include "volpol/detail/k8s/backup.h"
#include "volpol/detail/k8s/object_meta.h"
#include "volpol/detail/plan/velero_release.h"
#include "volpol/detail/plan/volume_snapshot_location.h"

namespace volpol::plan {

/// Velero Backup spec fields (pkg/apis/velero/v1/backup_types.go `BackupSpec`).
struct backup_options {
  std::string name = "volpol-plan";                  ///< metadata.name (for messages only)
  std::optional<bool> snapshot_volumes;              ///< spec.snapshotVolumes: unset ≠ false
  std::optional<bool> default_volumes_to_fs_backup;  ///< spec.defaultVolumesToFsBackup: unset = server default
  std::optional<bool> snapshot_move_data;            ///< spec.snapshotMoveData
  std::string data_mover;                            ///< spec.datamover as written ("" = the built-in one)
  std::vector<std::string> include_namespaces;       ///< spec.includedNamespaces
  std::vector<std::string> exclude_namespaces;       ///< spec.excludedNamespaces
  std::vector<std::string> include_resources;        ///< spec.includedResources
  std::vector<std::string> exclude_resources;        ///< spec.excludedResources
  std::optional<bool> include_cluster_resources;     ///< spec.includeClusterResources
  // New-style scoped resource filters and label selectors (item_collection.h).
  std::vector<std::string> include_cluster_scoped_resources;    ///< spec.includedClusterScopedResources
  std::vector<std::string> exclude_cluster_scoped_resources;    ///< spec.excludedClusterScopedResources
  std::vector<std::string> include_namespace_scoped_resources;  ///< spec.includedNamespaceScopedResources
  std::vector<std::string> exclude_namespace_scoped_resources;  ///< spec.excludedNamespaceScopedResources
  std::optional<k8s::label_selector_spec> label_selector;       ///< spec.labelSelector
  std::vector<k8s::label_selector_spec> or_label_selectors;     ///< spec.orLabelSelectors
  std::vector<std::string> volume_snapshot_locations;           ///< spec.volumeSnapshotLocations
  std::string namespace_ = "velero";  ///< metadata.namespace: Velero's namespace (VSLs, node agent)
  k8s::string_map annotations;        ///< metadata.annotations (CSI snapshot class per driver)
  std::string schedule_name;          ///< the Schedule this Backup stands for, when from one
};

/// The options of a Velero Backup object (its spec and the metadata decisions read).
[[nodiscard]] backup_options backup_options_from(const k8s::backup& b);

/// The BackupSpec these options describe (for item_collection::make).
[[nodiscard]] k8s::backup_spec to_backup_spec(const backup_options& o);

/// The Velero server's settings the plan needs (velero server flags).
struct server_options {
  bool enable_csi = true;                                           ///< `--features=EnableCSI` (on in current installs)
  bool default_volumes_to_fs_backup = false;                        ///< `velero server --default-volumes-to-fs-backup`
  std::vector<volume_snapshot_location> volume_snapshot_locations;  ///< with their providers
  bool features_given = false;                                      ///< --features was given explicitly
  /// `velero server --default-volume-snapshot-locations provider:name,...`, by provider.
  std::vector<std::pair<std::string, std::string>> default_volume_snapshot_locations;
  /// The Velero release the server runs (`--velero-version`, or the image tag of the Velero
  /// Deployment): every behaviour that differs between releases reads it (core/velero_version.h).
  velero_release_choice velero;
};

/// The data mover Velero's DataUpload gets: `dataMover` from the volume policy (already
/// normalised by action::data_mover(): "velero-fs" when the action names none), else the
/// backup's spec.datamover as the backup controller leaves it: "" and "velero" become
/// policy::default_builtin_data_mover ("velero-fs"), any other name is kept.
/// Mirrors `prepareBackupRequest` (pkg/controller/backup_controller.go, which rewrites an
/// empty or "velero" spec.datamover to GetDefaultBuiltInDataMover() before the backup runs,
/// since Velero commit 11545ee6) and `newDataUpload` (pkg/backup/actions/csi/pvc_action.go).
/// So BackupVolumeInfo's `veleroDatamover` fallback ("velero", for a DataUpload without a
/// data mover) is never reached by a backup the controller prepared.
/// Before main (velero-io/velero#10106) the controller leaves spec.datamover as it is and the
/// policy names none: the DataUpload gets the backup's, and BackupVolumeInfo reads an empty one
/// as "velero" (internal/volume/volumes_information.go).
[[nodiscard]] std::string effective_data_mover(std::string_view from_policy, std::string_view from_backup,
                                               velero_version release = default_velero_version);

}  // namespace volpol::plan
