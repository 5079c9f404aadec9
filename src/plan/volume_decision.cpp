// The stable names of the plan's decision data (volume_decision.h).
#include "volpol/plan/volume_decision.h"

namespace volpol::plan {

helper::decision volume_decision::as_helper() const {
  helper::decision d;
  d.perform = perform;
  d.why = helper_reason;
  d.policy = has_helper ? policy : nullptr;
  d.exclusion = exclusion;
  if (helper_reason == helper::reason::pod_fs_backup) {
    d.pod = pod;
    d.pod_volume = pod_volume;
  }
  d.pod_reason = pod_reason;
  d.pvc = pvc;
  d.pv = pv;
  d.consulted_policies = consulted_policies;
  d.matched_on = matched_on;
  return d;
}

namespace {
// recorded_decision::matched_on_own_: which of matched_on's objects are the decision's own.
constexpr std::uint8_t matched_on_pv = 1, matched_on_pvc = 2, matched_on_pod_volume = 4;

/// The fields a volume_decision and a recorded_decision both have, by name.
template <class To, class From>
void copy_common_fields(To& to, const From& from) {
  to.kind = from.kind;
  to.step = from.step;
  to.error_index = from.error_index;
  to.location = from.location;
  to.has_helper = from.has_helper;
  to.helper_reason = from.helper_reason;
  to.exclusion = from.exclusion;
  to.pod_reason = from.pod_reason;
  to.perform = from.perform;
  to.consulted_policies = from.consulted_policies;
  to.policy = from.policy;
  to.pod = from.pod;
  to.pod_volume = from.pod_volume;
  to.pvc = from.pvc;
  to.pv = from.pv;
}

/// Whether `m` (a matched_on member) can be kept as one bit: null, or the decision's own `own`.
template <class T>
bool derivable(const T* m, const T* own) {
  return m == nullptr || m == own;
}
}  // namespace

recorded_decision& recorded_decision::operator=(const volume_decision& d) {
  copy_common_fields(*this, d);
  const policy::volume_filter_data& m = d.matched_on;
  const bool own = derivable(m.pv, d.pv) && derivable(m.pvc, d.pvc) && derivable(m.pod_volume, d.pod_volume);
  matched_on_own_ = 0;
  rare_.reset();
  if (own) {
    if (m.pv != nullptr) matched_on_own_ |= matched_on_pv;
    if (m.pvc != nullptr) matched_on_own_ |= matched_on_pvc;
    if (m.pod_volume != nullptr) matched_on_own_ |= matched_on_pod_volume;
  } else {
    rare_.get_or_make().matched_on = m;
  }
  if (d.inclusion != item_inclusion()) rare_.get_or_make().inclusion = d.inclusion;
  return *this;
}

volume_decision recorded_decision::whole() const {
  volume_decision d;
  copy_common_fields(d, *this);
  if (rare_ && rare_->matched_on) {
    d.matched_on = *rare_->matched_on;
  } else {
    if ((matched_on_own_ & matched_on_pv) != 0) d.matched_on.pv = pv;
    if ((matched_on_own_ & matched_on_pvc) != 0) d.matched_on.pvc = pvc;
    if ((matched_on_own_ & matched_on_pod_volume) != 0) d.matched_on.pod_volume = pod_volume;
  }
  if (rare_) d.inclusion = rare_->inclusion;
  return d;
}

std::string_view to_string(step_kind s) {
  switch (s) {
    case step_kind::item_inclusion: return "item-inclusion";
    case step_kind::should_perform_fs_backup: return "should-perform-fs-backup";
    case step_kind::pvc_snapshot_tracker: return "pvc-snapshot-tracker";
    case step_kind::pod_volume_backupper: return "pod-volume-backupper";
    case step_kind::csi_get_match_action: return "csi-get-match-action";
    case step_kind::should_perform_snapshot: return "should-perform-snapshot";
    case step_kind::csi_pvc_action: return "csi-pvc-action";
    case step_kind::csi_volume_helper: return "csi-volume-helper";
    case step_kind::take_pv_snapshot: return "take-pv-snapshot";
    case step_kind::backup_volume_info: return "backup-volume-info";
    case step_kind::item_block_action: return "item-block-action";
  }
  return "";
}

std::string_view to_string(reason_kind k) {
  switch (k) {
    case reason_kind::none: return "none";
    case reason_kind::pod_excluded_by_label: return "pod-excluded-by-label";
    case reason_kind::pod_being_deleted: return "pod-being-deleted";
    case reason_kind::pvc_excluded_by_label: return "pvc-excluded-by-label";
    case reason_kind::pv_excluded_by_label: return "pv-excluded-by-label";
    case reason_kind::fs_backup_declined: return "fs-backup-declined";
    case reason_kind::pvc_taken_by_other_pod: return "pvc-taken-by-other-pod";
    case reason_kind::pvc_opted_out: return "pvc-opted-out";
    case reason_kind::pod_not_running: return "pod-not-running";
    case reason_kind::pod_volume_policy_skip: return "pod-volume-policy-skip";
    case reason_kind::host_path_volume: return "host-path-volume";
    case reason_kind::block_volume: return "block-volume";
    case reason_kind::volume_not_mounted: return "volume-not-mounted";
    case reason_kind::pod_volume_backup: return "pod-volume-backup";
    case reason_kind::csi_policy_skip: return "csi-policy-skip";
    case reason_kind::snapshot_declined: return "snapshot-declined";
    case reason_kind::custom_action: return "custom-action";
    case reason_kind::not_csi_volume: return "not-csi-volume";
    case reason_kind::csi_helper_disagrees: return "csi-helper-disagrees";
    case reason_kind::csi_snapshot: return "csi-snapshot";
    case reason_kind::csi_volume_pvc_not_backed_up: return "csi-volume-pvc-not-backed-up";
    case reason_kind::native_policy_skip: return "native-policy-skip";
    case reason_kind::native_snapshot: return "native-snapshot";
    case reason_kind::no_volume_snapshotter: return "no-volume-snapshotter";
    case reason_kind::fs_backup_without_pod: return "fs-backup-without-pod";
    case reason_kind::not_collected: return "not-collected";
    case reason_kind::custom_not_pvc: return "custom-not-pvc";
    case reason_kind::pvc_covered_by_pod: return "pvc-covered-by-pod";
    case reason_kind::error: return "error";
    case reason_kind::pulled_in_by_item_block: return "pulled-in-by-item-block";
  }
  return "";
}

std::string_view to_string(volume_error_kind k) {
  switch (k) {
    case volume_error_kind::helper_pvc_not_found: return "helper-pvc-not-found";
    case volume_error_kind::helper_pv_lookup: return "helper-pv-lookup";
    case volume_error_kind::pod_volume_pvc_not_found: return "pod-volume-pvc-not-found";
    case volume_error_kind::pv_claim_not_found: return "pv-claim-not-found";
    case volume_error_kind::pv_not_found: return "pv-not-found";
    case volume_error_kind::pvc_without_storage_class: return "pvc-without-storage-class";
    case volume_error_kind::csi_pv_lookup: return "csi-pv-lookup";
    case volume_error_kind::failed_validation: return "failed-validation";
    case volume_error_kind::snapshot_class: return "snapshot-class";
    case volume_error_kind::node_agent_not_running: return "node-agent-not-running";
    case volume_error_kind::node_agent_not_ready: return "node-agent-not-ready";
  }
  return "";
}

}  // namespace volpol::plan
