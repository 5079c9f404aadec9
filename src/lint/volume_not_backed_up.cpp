// VP205: a persistent volume nothing backs up while the backup succeeds (velero-io/velero#7235).
// Reads the record's method, errors and deciding step (volume_decision: its reason kind and the
// policy it names); the message carries the plan's own account of that step (decision_text)
// and the help the first change `volpol explain` would suggest (explain_volume).
#include <fmt/format.h>

#include "cluster_objects.h"
#include "volpol/detail/plan/reason_text.h"
#include "volpol/plan/explanation.h"

namespace volpol::lint::detail {

namespace {

/// Outcomes somebody asked for: an exclusion label, a `skip` policy, a pod being deleted.
bool asked_for(const plan::volume_record& r) {
  using plan::reason_kind;
  switch (r.decision.kind) {
    case reason_kind::pod_excluded_by_label:
    case reason_kind::pvc_excluded_by_label:
    case reason_kind::pv_excluded_by_label:
    case reason_kind::pod_being_deleted:
    case reason_kind::csi_policy_skip:
    case reason_kind::native_policy_skip:
    case reason_kind::pod_volume_policy_skip: return true;
    default: break;
  }
  return r.policy != nullptr && r.policy->act.type == policy::action_type::skip;
}

/// Whether VP205 is about `r`: nothing backs it up (no method, no error: errors make the backup
/// PartiallyFailed, not Completed), it holds persistent data, is bound, is not covered by
/// another pod's PodVolumeBackup, and nobody asked for it (asked_for).
bool unprotected_volume(const plan::volume_record& r, const k8s::cluster& cluster) {
  if (r.method != plan::backup_method::none || r.error()) return false;
  if (r.decision.kind == plan::reason_kind::pvc_covered_by_pod) return false;  // another pod's PodVolumeBackup has it
  if (r.pvc_name.empty() && r.pv_name.empty()) return false;  // pod volumes (emptyDir ...) hold no persistent data
  if (asked_for(r)) return false;
  const record_objects o = objects_of(cluster, r);
  return o.pvc == nullptr || !o.pvc->volume_name.empty();  // unbound: no data yet
}

/// The help of a VP205 finding: the first change `volpol explain` suggests; for fs-backup the
/// backupper refuses, the one that lets a snapshot happen instead (widening another policy does
/// not make fs-backup work); else a sentence for the deciding step.
std::string volume_not_backed_up_help(const plan::volume_record& r, const plan::plan_result& plan) {
  const plan::volume_explanation x = plan::explain_volume(r, plan);
  const bool refused = r.decision.kind == plan::reason_kind::host_path_volume ||
                       r.decision.kind == plan::reason_kind::block_volume;
  const plan::suggestion* pick = x.suggestions.empty() || refused ? nullptr : &x.suggestions.front();
  for (const plan::suggestion& s : x.suggestions)
    if (refused && s.kind == plan::suggestion_kind::remove_opt_in) pick = &s;
  if (pick != nullptr)
    if (std::string help = plan::suggestion_text(*pick, x); !help.empty()) return help;
  if (r.decision.kind == plan::reason_kind::fs_backup_without_pod && r.decision.policy != nullptr)
    return fmt::format(
        "{} selects fs-backup, which needs a running pod that mounts the claim: run one, or match "
        "the claim with a `snapshot` policy",
        label(*r.decision.policy));
  if (refused)
    return fmt::format(
        "fs-backup cannot copy a {} volume: take a snapshot instead (a `snapshot` policy, or leave the "
        "volume out of the pod's backup.velero.io/backup-volumes)",
        r.decision.kind == plan::reason_kind::host_path_volume ? "hostPath-backed" : "Block");
  return "add a volume policy (snapshot or fs-backup) or a pod annotation that covers it, or a `skip` policy to "
         "say it is intended";
}

}  // namespace

void check_volumes_not_backed_up(context& c) {
  const lint_input& in = c.input();
  for (const plan::volume_record& r : in.plan->volumes) {
    if (!unprotected_volume(r, *in.cluster)) continue;
    const std::string why = plan::reason_text(r, *in.plan);
    c.add_object(rule_id::volume_not_backed_up, object_of(r),
                 fmt::format("nothing backs up this volume's data and the backup still ends Completed{}{}",
                             why.empty() ? "" : ": ", why),
                 volume_not_backed_up_help(r, *in.plan), r.policy);
  }
}

}  // namespace volpol::lint::detail
