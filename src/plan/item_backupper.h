// src/plan/item_backupper.h (private to the plan layer) — the state of one backup walk (see
// planner.h for the order, doc/plan-walk.md for the steps). Velero's item backupper
// (pkg/backup/item_backupper.go `itemBackupper`) with the parts of the backup that decide
// volumes: the pod volume backupper, the CSI PVC action, takePVSnapshot.
#pragma once

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_set>
#include <vector>

#include "backed_up_items.h"
#include "chunked_list.h"
#include "namespace_includes_excludes.h"
#include "pvc_snapshot_tracker.h"
#include "resource_includes_excludes.h"
#include "skipped_pv_tracker.h"
#include "volpol/detail/flat_index.h"
#include "volpol/detail/plan/item_collection.h"
#include "volpol/detail/plan/node_agent.h"
#include "volpol/helper/volume_helper.h"
#include "volpol/plan/planner.h"
#include "walk_key.h"

namespace volpol::plan::detail {

inline constexpr std::string_view exclude_label = "velero.io/exclude-from-backup";

class item_backupper {
 public:
  item_backupper(const plan_input& in, namespace_includes_excludes ns, resource_includes_excludes rf,
                 const item_collection& collection);
  /// Walks the items. With `failed_validation` (the backup fails validation: nothing is
  /// backed up) the namespaces walked are those the user asked for — includedNamespaces, any
  /// exclude aside, every namespace when it is empty — so that each of their volumes is shown
  /// as the error it is, even when the invalid filter itself would leave them out.
  void run(bool failed_validation = false);
  /// The records; with `validation_errors` > 0 the backup fails validation and every volume
  /// is an error (volume_error_kind::failed_validation).
  plan_result finish(std::size_t validation_errors = 0);

 private:
  // the three item kinds, as item_backupper.go handles them
  void backup_pod(const k8s::pod& pod);
  void backup_pvc(const k8s::persistent_volume_claim& pvc);
  void backup_pv(const k8s::persistent_volume& pv);
  // steps
  /// A pod volume selected for fs-backup, with the helper's decision.
  struct selected_volume {
    const k8s::pod_volume* volume;
    helper::decision why;
  };
  void decide_pod_volumes(const k8s::pod& pod, std::vector<selected_volume>& pvb_volumes);
  void create_pod_volume_backups(const k8s::pod& pod, const std::vector<selected_volume>& volumes);
  void create_pod_volume_backup(const k8s::pod& pod, const selected_volume& s);
  volume_record& entry_for_pod_volume_or_pvc(const k8s::pod& pod, const k8s::pod_volume& v,
                                             const k8s::persistent_volume_claim*& pvc);
  void run_csi_action(const k8s::persistent_volume_claim& pvc, volume_record& e);
  void csi_execute(const k8s::persistent_volume_claim& pvc, volume_record& e);
  void take_pv_snapshot(const k8s::persistent_volume& pv, volume_record& e);
  // takePVSnapshot's steps, in Velero's order; each returns true when it settled the volume
  bool left_to_csi_action(const k8s::persistent_volume& pv, volume_record& e);
  bool skipped_by_policy(const k8s::persistent_volume& pv, volume_record& e);
  void snapshot_with_a_location(const k8s::persistent_volume& pv, volume_record& e, const helper::decision& d);
  /// An item the collection leaves out: its volumes get not_collected (unless decided).
  /// `pvc`, `pv`: a backed-up PVC whose PV is left out (the decision names both).
  void not_collected(volume_record& e, const item_inclusion& why, const k8s::persistent_volume_claim* pvc = nullptr,
                     const k8s::persistent_volume* pv = nullptr);
  void pod_not_collected(const k8s::pod& pod, const item_inclusion& why);
  /// The ItemBlock of `root_pod` or `root_pvc` (pkg/backup/backup.go executeItemBlockActions;
  /// pkg/itemblock/actions/pod_action.go and pvc_action.go GetRelatedItems, recursively): a pod
  /// relates its PVCs, a bound PVC the Running pods of its namespace that mount it. Related items
  /// pass itemInclusionChecks but no label selector. Backs up, in the block's order, the pods the
  /// block pulls in that are not walked yet (the root itself is the caller's).
  void back_up_item_block_pods(const k8s::pod* root_pod, const k8s::persistent_volume_claim* root_pvc);
  /// The server's ShouldPerformSnapshot for a PV or PVC. An error is recorded; a "no" is
  /// tracked with Velero's reason. Returns the decision only when it says snapshot.
  std::optional<helper::decision> snapshot_decision(helper::volume_object target, volume_record& e);
  // records
  volume_record& entry_for_pvc(const k8s::persistent_volume_claim& pvc);
  volume_record& entry_for_pv(const k8s::persistent_volume& pv);
  volume_record& entry_for_pod_volume(const k8s::pod& pod, const k8s::pod_volume& v);
  /// Velero's skipped-PV tracker Track, and the volume's reason while nothing decided it.
  void track(volume_record& e, skip_approach approach, skip_cause cause, const volume_decision& why,
             const k8s::pod* pod = nullptr, const k8s::pod_volume* pod_volume = nullptr);
  /// The volume's reason while nothing decided it (no tracker entry).
  void conclude(volume_record& e, const volume_decision& why);
  /// A backup method was chosen (Velero's Untrack): the first one stays.
  void decide(volume_record& e, backup_method m, const volume_decision& why);
  void fail(volume_record& e, const volume_error& err, step_kind step);
  /// Traced plans only: a step that concluded without changing the outcome.
  void trace(volume_record& e, const volume_decision& d);
  void note_policy(volume_record& e, const policy::volume_policy* p);
  // The steps of finish().
  /// Rows of second pods mounting a shared PVC: the PVC's names, and the pod whose
  /// PodVolumeBackup covers it (when one does).
  void fill_shared_pvc_rows();
  /// The skipped PV tracker's reasons of every undecided PV and PVC record (its r.skip), so
  /// the tracker can go before the records move out.
  void take_skipped_reasons();
  /// A record's last touches: skipped, a custom
  /// policy's outcome, not collected, FailedValidation, fs-backup without a pod, and whether a
  /// plugin would take it (--custom-action-params).
  void finish_record(volume_record& e, std::size_t validation_errors);
  /// An undecided volume whose policy is `custom`: a PV or PVC goes to the plugin; a pod
  /// volume without a claim is left alone.
  void finish_custom_policy(volume_record& e);
  /// The first matching policy of the server's (backup + global) policies; records what was
  /// matched in `step` (when given) for explanations.
  [[nodiscard]] const policy::volume_policy* match(const k8s::persistent_volume* pv,
                                                   const k8s::persistent_volume_claim* pvc, const k8s::pod_volume* v,
                                                   volume_decision* step = nullptr) const;
  /// A helper error as data (the helper's problem kind says which).
  [[nodiscard]] volume_error helper_error(const diagnostic& d, const k8s::persistent_volume_claim* pvc,
                                          const k8s::pod* pod, const k8s::pod_volume* v) const;
  [[nodiscard]] bool excluded_by_label(const k8s::object_meta& m) const;
  [[nodiscard]] bool pvs_via_pvc_included() const;
  [[nodiscard]] bool pvs_listed() const;

  const plan_input& in_;
  const k8s::cluster& c_;
  namespace_includes_excludes ns_;  // the backup request's NamespaceIncludesExcludes
  resource_includes_excludes rf_;   // its ResourceIncludesExcludes
  const item_collection& ic_;       // Velero's item collection and inclusion checks
  node_agent node_agent_;
  std::shared_ptr<const policy::policies> merged_;  // backup + global, owned by the result
  const policy::policies* effective_ = nullptr;     // backup + global: what the server uses
  helper::volume_helper core_;                      // the item backupper's helper
  helper::volume_helper csi_;                       // the CSI plugin's own helper
  pvc_snapshot_tracker pvc_tracker_;
  skipped_pv_tracker skipped_;
  // Velero's BackedUpItems for PVCs and PVs (views into the cluster).
  backed_up_items<k8s::persistent_volume_claim> pvcs_done_;
  backed_up_items<k8s::persistent_volume> pvs_done_;
  /// The pods' ranks in the walk's (namespace, name) order, by position in the cluster (for
  /// the plan's order of records, record_order).
  std::vector<std::uint32_t> pod_ranks_;
  /// Per pod (by position in the cluster): in an ItemBlock already (Velero's
  /// inItemBlockOrExcluded), walked. Per PVC: in an ItemBlock already.
  enum class pod_state : std::uint8_t { none, in_block, walked };
  std::vector<pod_state> pod_states_;
  /// PVC records whose PVC item itemInclusionChecks refused (the exclude label, a filter), with
  /// the refusing decision: when a pod's PodVolumeBackup still copies the data, finish() gives
  /// the PVC item a row of its own (not backed up) beside the pod volume's (fs-backup).
  std::vector<std::pair<volume_record*, volume_decision>> refused_pvcs_;
  std::vector<bool> pvcs_in_block_;
  [[nodiscard]] pod_state& state_of(const k8s::pod& p) {
    return pod_states_[static_cast<std::size_t>(&p - c_.pods().data())];
  }
  [[nodiscard]] std::vector<bool>::reference in_block(const k8s::persistent_volume_claim& pvc) {
    return pvcs_in_block_[static_cast<std::size_t>(&pvc - c_.persistent_volume_claims().data())];
  }
  /// One copy of each name records view that is not in the cluster or the policies
  /// (plan_result::record_texts): `text`'s copy (a NUL in it spelled `\u0000`: records view
  /// NUL-terminated texts).
  zstring_view intern(std::string_view text);
  std::shared_ptr<std::set<std::string, std::less<>>> texts_ = std::make_shared<std::set<std::string, std::less<>>>();
  /// Sets the record's pod and pod volume (and its walk_.pod_rank).
  void set_pod(volume_record& e, const k8s::pod& pod, const k8s::pod_volume& v);
  // Records live in the record_list the plan returns (stable addresses), with the walk's
  // bookkeeping in each (volume_record::walk_, detail::walk_state); the index finds a
  // volume's record by its key (walk_key.h).
  record_list records_;
  volume_record& new_record();
  /// (shared_pvc_row entry, the PVC's entry), in the walk's order.
  std::vector<std::pair<volume_record*, volume_record*>> shared_pvc_rows_;
  /// The record of a PV or PVC by its key (the skipped-PV tracker's table: record_of).
  volume_record& entry(const walk_key& key);
  // The rows of the pod the walk is at (pod volumes without a claim, rows of a shared PVC):
  // their keys name the pod, and each pod is walked once, so they need no global index.
  const k8s::pod* pod_of_rows_ = nullptr;
  std::vector<std::pair<walk_key, volume_record*>> pod_rows_;
  using pod_rows_index = flat_hash_map<walk_key, volume_record*, walk_key_hash>;
  std::unique_ptr<pod_rows_index> pod_rows_index_;  ///< past 32 rows of one pod
  volume_record& pod_row(const k8s::pod& pod, const walk_key& key);
};

/// A decision of `kind` taken at `step`.
[[nodiscard]] inline volume_decision make_decision(reason_kind kind, step_kind step) {
  volume_decision d;
  d.kind = kind;
  d.step = step;
  return d;
}

/// A decision of `kind` at `step` that carries the helper's decision `h`.
[[nodiscard]] inline volume_decision from_helper(reason_kind kind, step_kind step, const helper::decision& h) {
  volume_decision d = make_decision(kind, step);
  d.has_helper = true;
  d.helper_reason = h.why;
  d.exclusion = h.exclusion;
  d.pod_reason = h.pod_reason;
  d.perform = h.perform;
  d.policy = h.policy;
  d.pod = h.pod;
  d.pod_volume = h.pod_volume;
  d.pvc = h.pvc;
  d.pv = h.pv;
  d.consulted_policies = h.consulted_policies;
  d.matched_on = h.matched_on;
  return d;
}

}  // namespace volpol::plan::detail
