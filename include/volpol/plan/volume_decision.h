// volpol/plan/volume_decision.h — why the backup walk did what it did with one volume, as data.
//
// A decision is a kind (an enum) plus references into the inputs: the helper's own decision
// (helper::decision: the matched policy, the annotation rule, the pod), the policy, pod, pod
// volume, PV or volume snapshot location involved. No text is kept; reason_text() and the
// report writers make it when output is written. Each step of the walk that concludes
// something yields one decision; a record keeps the one that decided its outcome, and a
// traced plan (plan_input::trace) keeps every step in order (volume_record::steps).
//
// Steps are named after the Velero functions they mirror (step_kind), in the order a backup
// reaches them: pods first (ShouldPerformFSBackup, the PVC tracker, the pod volume backupper),
// then PVCs (the CSI PVC action's getMatchAction check, the server's ShouldPerformSnapshot,
// the action's own checks and its own volume helper), then PVs (takePVSnapshot).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "volpol/detail/deep_ptr.h"
#include "volpol/detail/k8s/persistent_volume.h"
#include "volpol/detail/k8s/persistent_volume_claim.h"
#include "volpol/detail/k8s/pod.h"
#include "volpol/detail/plan/item_collection.h"
#include "volpol/detail/policy/structured_volume.h"
#include "volpol/detail/policy/volume_policy.h"
#include "volpol/helper/decision.h"

namespace volpol::plan {

/// Which part of Velero's backup took a step. The spelled names (to_string) are stable.
enum class step_kind : std::uint8_t {
  /// item_backupper.go `backupItemInternal`: the exclude label, a pod being deleted. "item-inclusion"
  item_inclusion,
  /// VolumeHelper `ShouldPerformFSBackup` for one pod volume (podvolume `GetVolumesByPod` and
  /// the pod's BackupItemAction). "should-perform-fs-backup"
  should_perform_fs_backup,
  /// pvc_snapshot_tracker.go: the claim is already taken by another pod's PodVolumeBackup, or
  /// opted out by a pod. "pvc-snapshot-tracker"
  pvc_snapshot_tracker,
  /// podvolume/backupper.go `BackupPodVolumes`: pod running, policy skip, hostPath, block,
  /// mounted; creates the PodVolumeBackup. "pod-volume-backupper"
  pod_volume_backupper,
  /// item_backupper.go `executeActions` → `getMatchAction` for the CSI PVC action (a `skip`
  /// policy stops it). "csi-get-match-action"
  csi_get_match_action,
  /// The server's VolumeHelper `ShouldPerformSnapshot` (backup + global policies), for a PVC
  /// (gating the CSI action) or a PV (takePVSnapshot). "should-perform-snapshot"
  should_perform_snapshot,
  /// actions/csi/pvc_action.go `Execute`: storage class, bound PV, CSI driver. "csi-pvc-action"
  csi_pvc_action,
  /// The CSI PVC action's own VolumeHelper (the Backup's policy only, backupExcludePVC =
  /// snapshotMoveData) and its snapshot class / data mover. "csi-volume-helper"
  csi_volume_helper,
  /// item_backupper.go `takePVSnapshot`: CSI volumes left to the CSI action, a `skip` policy,
  /// the volume snapshot locations. "take-pv-snapshot"
  take_pv_snapshot,
  /// After the walk: a PVC whose deciding policy says fs-backup but that no pod mounts.
  /// "backup-volume-info"
  backup_volume_info,
  /// pkg/backup/backup.go `executeItemBlockActions` with the ItemBlock actions
  /// (pkg/itemblock/actions/pvc_action.go, pod_action.go `GetRelatedItems`): items pulled into
  /// a backed-up item's block. "item-block-action"
  item_block_action,
};

/// How a step concluded for the volume. The spelled names (to_string) are stable; new
/// outcomes get new names.
enum class reason_kind : std::uint8_t {
  none,                    ///< no step reached the volume ("none")
  pod_excluded_by_label,   ///< pod has velero.io/exclude-from-backup=true ("pod-excluded-by-label")
  pod_being_deleted,       ///< the pod has a deletionTimestamp ("pod-being-deleted")
  pvc_excluded_by_label,   ///< "pvc-excluded-by-label"
  pv_excluded_by_label,    ///< "pv-excluded-by-label"
  fs_backup_declined,      ///< ShouldPerformFSBackup said no (helper) ("fs-backup-declined")
  pvc_taken_by_other_pod,  ///< another pod's PodVolumeBackup covers the claim ("pvc-taken-by-other-pod")
  pvc_opted_out,           ///< a pod opted the claim out of fs-backup (pod); a trace step only ("pvc-opted-out")
  pod_not_running,         ///< fs-backup selected (helper), the pod is not running ("pod-not-running")
  pod_volume_policy_skip,  ///< the pod volume backupper's policy match is `skip` (policy) ("pod-volume-policy-skip")
  host_path_volume,        ///< fs-backup selected (helper) of a hostPath volume ("host-path-volume")
  block_volume,            ///< fs-backup selected of a block volume (pod, pod_volume) ("block-volume")
  volume_not_mounted,      ///< fs-backup selected, no container mounts it (pod, pod_volume) ("volume-not-mounted")
  pod_volume_backup,       ///< a PodVolumeBackup is created (helper) ("pod-volume-backup")
  csi_policy_skip,         ///< getMatchAction found a `skip` policy (policy) ("csi-policy-skip")
  snapshot_declined,       ///< ShouldPerformSnapshot said no (helper) ("snapshot-declined")
  custom_action,           ///< a `custom` policy hands it to a plugin (policy) ("custom-action")
  not_csi_volume,          ///< the CSI action passes over a non-CSI PV (pv) ("not-csi-volume")
  csi_helper_disagrees,    ///< the CSI action's own helper says no (helper) ("csi-helper-disagrees")
  csi_snapshot,            ///< the CSI action snapshots it (helper) ("csi-snapshot")
  csi_volume_pvc_not_backed_up,  ///< a CSI PV whose PVC is not backed up ("csi-volume-pvc-not-backed-up")
  native_policy_skip,            ///< takePVSnapshot found a `skip` policy (policy) ("native-policy-skip")
  native_snapshot,               ///< a volume snapshot location snapshots it (helper, location) ("native-snapshot")
  no_volume_snapshotter,         ///< no location's provider recognises the PV (pv) ("no-volume-snapshotter")
  fs_backup_without_pod,         ///< the deciding policy says fs-backup, no pod mounts the PVC (policy)
                                 ///< ("fs-backup-without-pod")
  not_collected,                 ///< the item is not in the backup: `inclusion` says which filter ("not-collected")
  custom_not_pvc,                ///< a `custom` policy matched a pod volume without a PVC: no plugin takes it (policy)
                                 ///< ("custom-not-pvc")
  pvc_covered_by_pod,            ///< a second pod mounting the PVC: `pod` is the pod whose PodVolumeBackup covers it
                                 ///< ("pvc-covered-by-pod")
  error,                         ///< Velero reports an error (volume_record::errors[error_index]) ("error")
  /// The pod is in the backup through a PVC's ItemBlock (pvc = that PVC), though no filter
  /// collected it (a label selector left it out, or it comes before its turn); a trace step
  /// only ("pulled-in-by-item-block")
  pulled_in_by_item_block,
};

[[nodiscard]] std::string_view to_string(step_kind s);
[[nodiscard]] std::string_view to_string(reason_kind k);

/// What one step concluded. Pointers point into the plan's inputs (cluster, policies).
/// Allocation-free (104 bytes): a traced plan keeps one per step; a record keeps its deciding
/// one as a recorded_decision (64 bytes).
struct volume_decision {
  reason_kind kind = reason_kind::none;
  step_kind step = step_kind::item_inclusion;
  std::uint8_t error_index = 0;  ///< kind == error: which of the record's errors
  /// native_snapshot: index into server_options::volume_snapshot_locations.
  std::uint16_t location = 0;
  // ---- the volume helper's answer, for steps that asked one (has_helper) -----------------
  bool has_helper = false;
  helper::reason helper_reason = helper::reason::no_policy_match;  ///< helper::decision::why
  helper::volume_exclusion exclusion = helper::volume_exclusion::none;
  helper::reason pod_reason = helper::reason::not_opted_in;  ///< helper_reason == pod_fs_backup
  /// The answer the step gave its caller: performs the backup it asks about (for helper steps,
  /// the helper's answer).
  bool perform = false;
  /// The step asked the volume policies (itself, or through its helper), on `matched_on`
  /// (what Velero's GetMatchAction received): explanations re-judge every policy on it.
  bool consulted_policies = false;
  /// The policy the step found: the helper's matched policy, or the `skip` / `custom` /
  /// fs-backup policy of the kinds that name one.
  const policy::volume_policy* policy = nullptr;
  /// The pod (and its volume) of the pod-level kinds; for helper_reason == pod_fs_backup, the
  /// pod whose annotations fs-back the claim up.
  const k8s::pod* pod = nullptr;
  const k8s::pod_volume* pod_volume = nullptr;
  const k8s::persistent_volume_claim* pvc = nullptr;  ///< the PVC the step was about, if any
  const k8s::persistent_volume* pv = nullptr;         ///< the PV the step was about, if any
  policy::volume_filter_data matched_on;
  /// not_collected: the filter that left the item out (views into the backup spec, the policies, the cluster).
  item_inclusion inclusion;

  /// The helper's decision again (for helper::describe and the like), from the fields above.
  [[nodiscard]] helper::decision as_helper() const;
};

/// A volume_decision as a plan's record keeps it (volume_record::decision): the same fields
/// under the same names, in 64 bytes instead of 104, for the 660k records of a 300k-object
/// plan. `matched_on` and `inclusion` are not members: they are rarely anything but derived
/// (matched_on is nearly always made of the decision's own pv, pvc and pod_volume; inclusion is
/// only set for not_collected) and are kept behind one pointer when they are not. Read them
/// from the whole decision, which a recorded_decision converts to:
///
///     const volume_decision d = r.decision;        // or pass r.decision where one is taken
///     if (d.matched_on.pvc != nullptr) ...
///     r.decision = d;                              // from a volume_decision
///
/// Converting back gives a volume_decision equal, field for field, to the one assigned.
struct recorded_decision {
  reason_kind kind = reason_kind::none;
  step_kind step = step_kind::item_inclusion;
  std::uint8_t error_index = 0;
  std::uint16_t location = 0;
  bool has_helper = false;
  helper::reason helper_reason = helper::reason::no_policy_match;
  helper::volume_exclusion exclusion = helper::volume_exclusion::none;
  helper::reason pod_reason = helper::reason::not_opted_in;
  bool perform = false;
  bool consulted_policies = false;

 private:
  /// Which of matched_on's pv, pvc, pod_volume are the decision's own (matched_on_pv ...);
  /// the others are null. Unused when rare_ holds matched_on.
  std::uint8_t matched_on_own_ = 0;

 public:
  const policy::volume_policy* policy = nullptr;
  const k8s::pod* pod = nullptr;
  const k8s::pod_volume* pod_volume = nullptr;
  const k8s::persistent_volume_claim* pvc = nullptr;
  const k8s::persistent_volume* pv = nullptr;

  recorded_decision() = default;
  recorded_decision(const volume_decision& d) { *this = d; }  // NOLINT(google-explicit-constructor)
  recorded_decision& operator=(const volume_decision& d);
  /// The whole decision, matched_on and inclusion included.
  [[nodiscard]] volume_decision whole() const;
  operator volume_decision() const { return whole(); }  // NOLINT(google-explicit-constructor)

 private:
  /// What cannot be derived: a not_collected decision's inclusion, a matched_on that names
  /// other objects than the decision does. Null for nearly every record.
  struct rare_part {
    item_inclusion inclusion;
    std::optional<policy::volume_filter_data> matched_on;
  };
  deep_ptr<rare_part> rare_;
};

/// Velero's approaches in its skipped-PV tracker, in the order its serialised reason sorts them.
enum class skip_approach : std::uint8_t { any, csi_snapshot, pod_volume, volume_snapshot };
inline constexpr std::size_t skip_approach_count = 4;
/// "any", "csiSnapshot", "podvolume", "volumeSnapshot".
[[nodiscard]] std::string_view to_string(skip_approach a);

/// Why Velero's skipped-PV tracker holds a volume for one approach (pv_skip_tracker.go
/// `Track`); each value is one of Velero's reason texts (skip_reason_text).
enum class skip_cause : std::uint8_t {
  none,
  exclude_label,          ///< "item has label velero.io/exclude-from-backup=true"
  opted_out_by_pod,       ///< "opted out due to annotation in pod NAME"
  resource_policy_skip,   ///< "skipped due to resource policy "
  not_satisfy_criteria,   ///< "not satisfy the criteria for VolumePolicy or the legacy snapshot way"
  not_csi_volume,         ///< "skipped b/c it's not a CSI volume"
  no_volume_snapshotter,  ///< "no applicable volumesnapshotter found"
  matched_skip,           ///< "matched action is 'skip' in chosen resource policies"
  pod_not_running,        ///< "encountered a problem with backing up the PVC of pod NS/NAME: pod is not in the expected
                          ///< status, ..."
  block_volume,           ///< "volume V declared in pod NS/NAME is a block volume. ..."
  volume_not_mounted,     ///< "volume V is declared in pod NS/NAME but not mounted by any container, skipping"
};

/// One volume's entries in the skipped-PV tracker: a cause per approach. The pod-volume
/// causes name a pod (and a volume of it). Serialised as BackupVolumeInfo.skippedReason.
struct skipped_reasons {
  std::array<skip_cause, skip_approach_count> cause{};
  const k8s::pod* pod = nullptr;                ///< for the podvolume approach's cause
  const k8s::pod_volume* pod_volume = nullptr;  ///< for block_volume / volume_not_mounted
  [[nodiscard]] bool empty() const;
};

/// A per-volume error Velero reports (the backup ends PartiallyFailed).
enum class volume_error_kind : std::uint8_t {
  helper_pvc_not_found,       ///< the volume helper cannot find the pod volume's PVC (pod, pod_volume)
  helper_pv_lookup,           ///< the volume helper cannot find the PVC's PV (pvc, lookup)
  pod_volume_pvc_not_found,   ///< the pod volume backupper: the volume's claim does not exist (pod, pod_volume, name)
  pv_claim_not_found,         ///< takePVSnapshot: the PV's claimRef names no PVC (name)
  pv_not_found,               ///< the CSI action's getMatchAction: the PVC's PV does not exist (name)
  pvc_without_storage_class,  ///< the CSI action: "PVC has no storage class" (pvc)
  csi_pv_lookup,              ///< the CSI action cannot use the PVC's PV (pvc, lookup)
  failed_validation,          ///< the backup fails validation (plan_result::validation_errors[detail])
  snapshot_class,             ///< the CSI action cannot get a StorageClass / VolumeSnapshotClass (pvc, detail =
                              ///< snapshot_class_source, name = the driver)
  node_agent_not_running,     ///< no running node-agent pod on the pod's node (pod; name = the node)
  node_agent_not_ready,       ///< data movement without a ready node agent (detail: 0 no daemonset, 1 none ready)
};

/// "helper-pvc-not-found", "helper-pv-lookup", "pod-volume-pvc-not-found", "pv-claim-not-found",
/// "pv-not-found", "pvc-without-storage-class", "csi-pv-lookup".
[[nodiscard]] std::string_view to_string(volume_error_kind k);

struct volume_error {
  volume_error_kind kind = volume_error_kind::pv_not_found;
  const k8s::pod* pod = nullptr;
  const k8s::pod_volume* pod_volume = nullptr;
  const k8s::persistent_volume_claim* pvc = nullptr;
  helper::pv_lookup_status lookup = helper::pv_lookup_status::not_needed;
  std::string_view name;     ///< the object not found (a view into the cluster)
  std::uint16_t detail = 0;  ///< kind-specific (see volume_error_kind)
};

}  // namespace volpol::plan
