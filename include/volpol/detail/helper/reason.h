// volpol/detail/helper/reason.h — why the volume helper answered as it did: stable identifiers for
// `volpol plan` and for callers that branch on the cause.
//
// Each value names one return statement of Velero's volume helper
// (internal/volumehelper/volume_policy_helper.go) or of its pod-volume utilities
// (pkg/util/podvolume/pod_volume.go). The spelled names (to_string) are part of volpol's
// output format: they never change meaning; new causes get new names.
#pragma once

#include <cstdint>
#include <string_view>

namespace volpol::helper {

enum class reason : std::uint8_t {
  /// The first volume policy whose conditions hold decided, by its action type
  /// (decision::policy says which policy). "policy-action"
  policy_action,
  /// The first matching policy is `custom` but a required parameter is missing or different
  /// (decision::parameter names it). ShouldPerformCustomAction only. "custom-parameters-differ"
  custom_parameters_differ,
  /// There is no policy document, or no volume policy matched. ShouldPerformCustomAction only:
  /// snapshot and fs-backup questions go on to the annotations / snapshotVolumes. "no-policy-match"
  no_policy_match,
  /// The target PVC has no usable PV (decision::lookup says why) and no policy matched on
  /// the PVC alone. ShouldPerformCustomAction only: it answers false instead of failing.
  /// "pv-not-found"
  pv_not_found,
  /// The pod volume is of a kind fs-backup never handles (decision::exclusion says which).
  /// "excluded-volume"
  excluded_volume,
  /// Opt-in mode, and the pod's `backup.velero.io/backup-volumes` lists the volume.
  /// "annotation-opt-in"
  annotation_opt_in,
  /// Opt-in mode, and the pod's `backup.velero.io/backup-volumes` does not list the volume.
  /// "not-opted-in"
  not_opted_in,
  /// Opt-out mode (defaultVolumesToFsBackup), and `backup.velero.io/backup-volumes-excludes`
  /// lists the volume. "annotation-opt-out"
  annotation_opt_out,
  /// Opt-out mode, and the volume is not listed in `backup-volumes-excludes`.
  /// "default-fs-backup"
  default_fs_backup,
  /// Snapshot: a pod that mounts the PV's claim backs that volume up with fs-backup through its
  /// annotations (decision::pod, decision::pod_volume, decision::pod_reason). "pod-fs-backup"
  pod_fs_backup,
  /// Snapshot: no policy matched, no pod fs-backs the volume up, and `snapshotVolumes` is unset
  /// (which counts as true). "snapshot-volumes-unset"
  snapshot_volumes_unset,
  /// As above, `snapshotVolumes: true`. "snapshot-volumes-true"
  snapshot_volumes_true,
  /// As above, `snapshotVolumes: false`. "snapshot-volumes-false"
  snapshot_volumes_false,
};

/// The stable name: "policy-action", "excluded-volume", "annotation-opt-in", ...
[[nodiscard]] std::string_view to_string(reason r);

/// Why a pod volume is never fs-backed-up, in the order Velero tests them
/// (`shouldIncludeVolumeInBackup`, volume_policy_helper.go).
enum class volume_exclusion : std::uint8_t {
  none,           ///< included
  host_path,      ///< hostPath: not under /var/lib/kubelet/pods, the node agent cannot read it
  secret,         ///< secret: backed up as a Secret object
  config_map,     ///< configMap: backed up as a ConfigMap object
  projected,      ///< projected: all data comes from Kubernetes state
  downward_api,   ///< downwardAPI: all data comes from Kubernetes state
  excluded_pvc,   ///< persistentVolumeClaim while `backupExcludePVC` is set
  default_token,  ///< the name starts with "default-token" (service-account token volume)
};

/// "hostPath", "secret", "configMap", "projected", "downwardAPI", "excluded-pvc",
/// "default-token"; "" for none.
[[nodiscard]] std::string_view to_string(volume_exclusion e);

}  // namespace volpol::helper
