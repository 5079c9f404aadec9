// volpol/plan/backup_volume_info.h — Velero's BackupVolumeInfo: the JSON array a backup stores
// as `<backup>-volumeinfo.json.gz`, and the same array predicted from a plan.
//
// Mirrors velero internal/volume/volumes_information.go: the types `BackupVolumeInfo`,
// `CSISnapshotInfo`, `SnapshotDataMovementInfo`, `NativeSnapshotInfo`, `PodVolumeInfo`,
// `PVInfo`, with their JSON field names and `omitempty` rules, and the order of
// `BackupVolumesInformation.Result` (skipped PVs, native snapshots, CSI VolumeSnapshots,
// PodVolumeBackups, DataUploads). Velero writes the array with Go's `json.Encoder`
// (pkg/backup/backup.go `putVolumeInfos`): compact, HTML characters escaped, one newline at
// the end; write_backup_volume_infos writes it the same way.
//
// What a plan cannot know before the backup (snapshot handles, sizes, phases, timestamps,
// results) is left at Go's zero value — which the omitempty rules then leave out — except
// where Velero itself writes a constant (`unknown` in the CSI info of a data-moved volume,
// `kopia` as uploaderType).
#pragma once

#include <concepts>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "volpol/detail/k8s/object_meta.h"
#include "volpol/k8s/cluster.h"
#include "volpol/plan/planner.h"

namespace volpol::plan {

/// `CSISnapshotInfo`.
struct csi_snapshot_info {
  std::string snapshot_handle;               ///< snapshotHandle
  std::int64_t size = 0;                     ///< size, bytes
  std::string driver;                        ///< driver
  std::string vsc_name;                      ///< vscName
  std::string operation_id;                  ///< operationID, omitempty
  std::optional<bool> ready_to_use;          ///< ReadyToUse (no JSON tag: the Go field name), null when unset
  std::string volume_group_snapshot_handle;  ///< volumeGroupSnapshotHandle, omitempty
  friend bool operator==(const csi_snapshot_info&, const csi_snapshot_info&) = default;
};

/// `SnapshotDataMovementInfo`.
struct snapshot_data_movement_info {
  std::string data_mover;             ///< dataMover ("velero" for the built-in one)
  std::string uploader_type;          ///< uploaderType ("kopia")
  std::string retained_snapshot;      ///< retainedSnapshot, omitempty
  std::string snapshot_handle;        ///< snapshotHandle
  std::string operation_id;           ///< operationID
  std::int64_t size = 0;              ///< size, bytes
  std::int64_t incremental_size = 0;  ///< incrementalSize, bytes, omitempty
  std::string phase;                  ///< Phase (no JSON tag)
  friend bool operator==(const snapshot_data_movement_info&, const snapshot_data_movement_info&) = default;
};

/// `NativeSnapshotInfo`.
struct native_snapshot_info {
  std::string snapshot_handle;  ///< snapshotHandle
  std::string volume_type;      ///< volumeType
  std::string volume_az;        ///< volumeAZ
  std::string iops;             ///< iops (a decimal string)
  std::string phase;            ///< Phase (no JSON tag)
  friend bool operator==(const native_snapshot_info&, const native_snapshot_info&) = default;
};

/// `PodVolumeInfo` (pvbInfo).
struct pod_volume_info {
  std::string snapshot_handle;        ///< snapshotHandle, omitempty
  std::int64_t size = 0;              ///< size, bytes, omitempty
  std::int64_t incremental_size = 0;  ///< incrementalSize, bytes, omitempty
  std::string uploader_type;          ///< uploaderType
  std::string volume_name;            ///< volumeName: the volume's name in the pod
  std::string pod_name;               ///< podName
  std::string pod_namespace;          ///< podNamespace
  std::string node_name;              ///< nodeName, omitempty
  std::string phase;                  ///< Phase (no JSON tag)
  friend bool operator==(const pod_volume_info&, const pod_volume_info&) = default;
};

/// `PVInfo`.
struct pv_info {
  std::string reclaim_policy;  ///< reclaimPolicy
  k8s::string_map labels;      ///< labels; written `null` when empty (a nil Go map)
  friend bool operator==(const pv_info&, const pv_info&) = default;
};

/// `BackupVolumeInfo`.
struct backup_volume_info {
  std::string pvc_name;                  ///< pvcName, omitempty
  std::string pvc_namespace;             ///< pvcNamespace, omitempty
  std::string pv_name;                   ///< pvName, omitempty
  std::string backup_method;             ///< backupMethod, omitempty: NativeSnapshot, PodVolumeBackup, CSISnapshot
  bool snapshot_data_moved = false;      ///< snapshotDataMoved
  bool preserve_local_snapshot = false;  ///< preserveLocalSnapshot
  bool skipped = false;                  ///< skipped
  std::string skipped_reason;            ///< skippedReason, omitempty
  std::string start_timestamp;           ///< startTimestamp (RFC 3339 as written), omitempty
  std::string completion_timestamp;      ///< completionTimestamp, omitempty
  std::string result;                    ///< result, omitempty: succeeded / failed
  std::optional<csi_snapshot_info> csi_snapshot;                      ///< csiSnapshotInfo
  std::optional<snapshot_data_movement_info> snapshot_data_movement;  ///< snapshotDataMovementInfo
  std::optional<native_snapshot_info> native_snapshot;                ///< nativeSnapshotInfo
  std::optional<pod_volume_info> pvb;                                 ///< pvbInfo
  std::optional<pv_info> pv;                                          ///< pvInfo
  friend bool operator==(const backup_volume_info&, const backup_volume_info&) = default;
};

// ---- the JSON fields: one table for the writer and the reader ---------------------------

/// Go's `omitempty`: whether a zero value (empty text, 0) is left out when written.
enum class omit : bool { never, empty };

/// The JSON fields of each type in Velero's order (volumes_information.go struct tags): calls
/// `f(name, member, omit)` once per field, `member` a reference into `s`. The one table that
/// render_backup_volume_infos (writing) and verify::parse_backup_volume_infos (reading) walk;
/// a field Velero adds is one line here. Member types: std::string, std::int64_t, bool,
/// std::optional<bool> (`null` when unset), k8s::string_map (`null` when empty), and
/// std::optional of a nested type (left out when unset).
template <class F, class S>
requires std::same_as<std::remove_const_t<S>, csi_snapshot_info>
void for_each_field(S& s, F&& f) {
  f("snapshotHandle", s.snapshot_handle, omit::never);
  f("size", s.size, omit::never);
  f("driver", s.driver, omit::never);
  f("vscName", s.vsc_name, omit::never);
  f("operationID", s.operation_id, omit::empty);
  f("ReadyToUse", s.ready_to_use, omit::never);
  f("volumeGroupSnapshotHandle", s.volume_group_snapshot_handle, omit::empty);
}
template <class F, class S>
requires std::same_as<std::remove_const_t<S>, snapshot_data_movement_info>
void for_each_field(S& s, F&& f) {
  f("dataMover", s.data_mover, omit::never);
  f("uploaderType", s.uploader_type, omit::never);
  f("retainedSnapshot", s.retained_snapshot, omit::empty);
  f("snapshotHandle", s.snapshot_handle, omit::never);
  f("operationID", s.operation_id, omit::never);
  f("size", s.size, omit::never);
  f("incrementalSize", s.incremental_size, omit::empty);
  f("Phase", s.phase, omit::never);
}
template <class F, class S>
requires std::same_as<std::remove_const_t<S>, native_snapshot_info>
void for_each_field(S& s, F&& f) {
  f("snapshotHandle", s.snapshot_handle, omit::never);
  f("volumeType", s.volume_type, omit::never);
  f("volumeAZ", s.volume_az, omit::never);
  f("iops", s.iops, omit::never);
  f("Phase", s.phase, omit::never);
}
template <class F, class S>
requires std::same_as<std::remove_const_t<S>, pod_volume_info>
void for_each_field(S& s, F&& f) {
  f("snapshotHandle", s.snapshot_handle, omit::empty);
  f("size", s.size, omit::empty);
  f("incrementalSize", s.incremental_size, omit::empty);
  f("uploaderType", s.uploader_type, omit::never);
  f("volumeName", s.volume_name, omit::never);
  f("podName", s.pod_name, omit::never);
  f("podNamespace", s.pod_namespace, omit::never);
  f("nodeName", s.node_name, omit::empty);
  f("Phase", s.phase, omit::never);
}
template <class F, class S>
requires std::same_as<std::remove_const_t<S>, pv_info>
void for_each_field(S& s, F&& f) {
  f("reclaimPolicy", s.reclaim_policy, omit::never);
  f("labels", s.labels, omit::never);
}
template <class F, class S>
requires std::same_as<std::remove_const_t<S>, backup_volume_info>
void for_each_field(S& s, F&& f) {
  f("pvcName", s.pvc_name, omit::empty);
  f("pvcNamespace", s.pvc_namespace, omit::empty);
  f("pvName", s.pv_name, omit::empty);
  f("backupMethod", s.backup_method, omit::empty);
  f("snapshotDataMoved", s.snapshot_data_moved, omit::never);
  f("preserveLocalSnapshot", s.preserve_local_snapshot, omit::never);
  f("skipped", s.skipped, omit::never);
  f("skippedReason", s.skipped_reason, omit::empty);
  f("startTimestamp", s.start_timestamp, omit::empty);
  f("completionTimestamp", s.completion_timestamp, omit::empty);
  f("result", s.result, omit::empty);
  f("csiSnapshotInfo", s.csi_snapshot, omit::empty);
  f("snapshotDataMovementInfo", s.snapshot_data_movement, omit::empty);
  f("nativeSnapshotInfo", s.native_snapshot, omit::empty);
  f("pvbInfo", s.pvb, omit::empty);
  f("pvInfo", s.pv, omit::empty);
}

/// Velero's `Method` values.
inline constexpr std::string_view native_snapshot_method = "NativeSnapshot";
inline constexpr std::string_view pod_volume_backup_method = "PodVolumeBackup";
inline constexpr std::string_view csi_snapshot_method = "CSISnapshot";

/// The BackupVolumeInfo array Velero will write for this plan, in Velero's order (skipped PVs,
/// native snapshots, CSI snapshots, PodVolumeBackups, DataUploads; within each, the plan's
/// order). As in `BackupVolumesInformation.Result`, only PVs the backup includes (found in
/// `cluster`) and PodVolumeBackups appear: pod volumes that are not backed up (secrets,
/// configMaps, opted-out volumes) and PVCs without a PV have no entry. `cluster` is the one
/// the plan was made from (PV reclaim policy, labels and CSI driver, pod nodeName).
[[nodiscard]] std::vector<backup_volume_info> backup_volume_infos(const plan_result& plan, const k8s::cluster& cluster);

/// The array as Go's json.Encoder writes it (compact, `<`, `>`, `&` as \u003c ..., a final
/// newline).
[[nodiscard]] std::string render_backup_volume_infos(const std::vector<backup_volume_info>& infos);
/// Same, written to `out`.
void write_backup_volume_infos(const std::vector<backup_volume_info>& infos, std::FILE* out);

}  // namespace volpol::plan
