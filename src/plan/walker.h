// Private to the plan layer: the state of one backup walk (see planner.h for the order).
#pragma once

#include <deque>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "volpol/helper/volume_helper.h"
#include "volpol/plan/namespace_filter.h"
#include "volpol/plan/planner.h"
#include "volpol/plan/pvc_snapshot_tracker.h"
#include "volpol/plan/resource_filter.h"
#include "volpol/plan/skipped_pv_tracker.h"

namespace volpol::plan::detail {

/// Velero's reasons, word for word (they end up in BackupVolumeInfo.skippedReason).
inline constexpr std::string_view not_satisfy_reason =
    "not satisfy the criteria for VolumePolicy or the legacy snapshot way";
inline constexpr std::string_view resource_policy_skip_reason = "skipped due to resource policy ";
inline constexpr std::string_view matched_skip_reason = "matched action is 'skip' in chosen resource policies";
inline constexpr std::string_view not_csi_reason = "skipped b/c it's not a CSI volume";
inline constexpr std::string_view no_volumesnapshotter_reason = "no applicable volumesnapshotter found";
inline constexpr std::string_view exclude_label = "velero.io/exclude-from-backup";

/// A record plus what the walk needs to finish it.
struct volume_entry {
  volume_record rec;
  bool decided = false;  ///< a backup method was chosen: later steps do not change the reason
};

class walker {
 public:
  walker(const plan_input& in, namespace_filter ns, resource_filter rf);
  void run();
  plan_result finish();

 private:
  // the three item kinds, as item_backupper.go handles them
  void backup_pod(const k8s::pod& pod);
  void backup_pvc(const k8s::persistent_volume_claim& pvc);
  void backup_pv(const k8s::persistent_volume& pv);
  // steps
  /// A pod volume selected for fs-backup, with the decision's explanation.
  struct selected_volume {
    const k8s::pod_volume* volume;
    std::string why;
  };
  void decide_pod_volumes(const k8s::pod& pod, std::vector<selected_volume>& pvb_volumes);
  void create_pod_volume_backups(const k8s::pod& pod, const std::vector<selected_volume>& volumes);
  void create_pod_volume_backup(const k8s::pod& pod, const selected_volume& s);
  volume_entry& entry_for_pod_volume_or_pvc(const k8s::pod& pod, const k8s::pod_volume& v,
                                            const k8s::persistent_volume_claim*& pvc);
  void run_csi_action(const k8s::persistent_volume_claim& pvc, volume_entry& e);
  void csi_execute(const k8s::persistent_volume_claim& pvc, volume_entry& e);
  void take_pv_snapshot(const k8s::persistent_volume& pv, volume_entry& e);
  /// The server's ShouldPerformSnapshot for a PV or PVC. An error is recorded; a "no" is
  /// tracked with Velero's reason (the explanation starts with `no_prefix`). Returns the
  /// decision only when it says snapshot.
  std::optional<helper::decision> snapshot_decision(helper::volume_object target, volume_entry& e,
                                                    std::string_view no_prefix);
  // records
  volume_entry& entry_for_pvc(const k8s::persistent_volume_claim& pvc);
  volume_entry& entry_for_pv(const k8s::persistent_volume& pv);
  volume_entry& entry_for_pod_volume(const k8s::pod& pod, const k8s::pod_volume& v);
  void track(volume_entry& e, std::string_view approach, std::string_view reason, std::string why);
  void decide(volume_entry& e, backup_method m, std::string why);
  void fail(volume_entry& e, const diagnostic& d);
  void note_policy(volume_entry& e, const policy::volume_policy* p);
  [[nodiscard]] const policy::volume_policy* match(const k8s::persistent_volume* pv,
                                                   const k8s::persistent_volume_claim* pvc,
                                                   const k8s::pod_volume* v) const;
  /// helper::describe, with the matched policy's conditions spelled out.
  [[nodiscard]] static std::string explain(const helper::decision& d);
  [[nodiscard]] bool excluded_by_label(const k8s::object_meta& m) const;
  [[nodiscard]] bool pvs_via_pvc_included() const;
  [[nodiscard]] bool pvs_listed() const;

  const plan_input& in_;
  const k8s::cluster& c_;
  namespace_filter ns_;
  resource_filter rf_;
  std::shared_ptr<const policy::policies> merged_;  // backup + global, owned by the result
  const policy::policies* effective_ = nullptr;  // backup + global: what the server uses
  helper::volume_helper core_;                   // the item backupper's helper
  helper::volume_helper csi_;                    // the CSI plugin's own helper
  pvc_snapshot_tracker pvc_tracker_;
  skipped_pv_tracker skipped_;
  std::unordered_set<std::string> pvcs_done_, pvs_done_;
  // Records live in a deque (stable addresses, freed block by block when moved into the
  // result); the index finds a volume's record by its key ("pv:NAME", "pvc:NS/NAME", "pod:...").
  std::deque<volume_entry> entries_;
  std::unordered_map<std::string, volume_entry*> index_;
  volume_entry& entry(std::string key);
  std::vector<std::string> notes_;
};

}  // namespace volpol::plan::detail
