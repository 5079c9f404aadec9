// explain_volume: a traced record's steps, each step's policies re-judged condition by
// condition, near misses and suggestions (see explanation.h).
#include "volpol/plan/explanation.h"

#include <fmt/format.h>

#include <algorithm>

#include "volpol/detail/helper/pod_volumes.h"
#include "volpol/helper/decision.h"

namespace volpol::plan {

namespace {

const policy::policies* list_of(policy_list l, const plan_result& plan) {
  return l == policy_list::backup ? plan.backup_policies : plan.server_policies;
}

bool same_data(const policy::volume_filter_data& a, const policy::volume_filter_data& b) {
  return a.pv == b.pv && a.pvc == b.pvc && a.pod_volume == b.pod_volume;
}

step_explanation explain_step(const volume_decision& s, const plan_result& plan,
                              const std::vector<step_explanation>& earlier) {
  step_explanation se;
  se.step = &s;
  se.list = s.step == step_kind::csi_volume_helper ? policy_list::backup : policy_list::server;
  const policy::policies* list = list_of(se.list, plan);
  if (!s.consulted_policies || list == nullptr) return se;
  for (std::size_t i = 0; i < earlier.size(); ++i) {
    const step_explanation& e = earlier[i];
    if (e.same_as || e.list != se.list || !e.step->consulted_policies) continue;
    if (!same_data(e.step->matched_on, s.matched_on)) continue;
    se.same_as = i;
    se.first_match = e.first_match;
    return se;
  }
  const std::optional<policy::structured_volume> v = policy::make_structured_volume(s.matched_on);
  if (!v) return se;
  se.policies = policy::evaluate_policies(list->volume_policies(), *v);
  for (const policy::policy_evaluation& e : se.policies)
    if (e.matched()) {
      se.first_match = e.policy;
      break;
    }
  return se;
}

/// Near misses of the step that decided (the policies that could have changed the outcome),
/// or of every step when none decided.
void find_near_misses(volume_explanation& x) {
  for (std::size_t i = 0; i < x.steps.size(); ++i) {
    if (x.deciding_step && *x.deciding_step != i) continue;
    const std::size_t at = x.steps[i].same_as.value_or(i);
    for (const policy::policy_evaluation& e : x.steps[at].policies) {
      if (e.policy == x.steps[at].first_match) break;  // later policies are never reached
      const policy::condition_verdict* miss = e.only_failure();
      if (miss == nullptr) continue;
      // A condition on an attribute the volume lacks (an NFS server of a non-NFS volume, the
      // storage class of an unbound claim) can hold for no value: no near miss.
      const auto v = policy::make_structured_volume(x.steps[at].step->matched_on);
      if (!v || !policy::volume_has_value(miss->kind, *v)) continue;
      const bool known = std::any_of(x.near_misses.begin(), x.near_misses.end(),
                                     [&](const near_miss& m) { return m.policy == e.policy; });
      if (!known) x.near_misses.push_back({e.policy, miss->kind, at});
    }
  }
}

const k8s::pod* pod_of(const volume_record& r, const volume_explanation& x, const k8s::pod_volume** v) {
  for (const step_explanation& s : x.steps)
    if (s.step->pod != nullptr && s.step->pod_volume != nullptr) {
      *v = s.step->pod_volume;
      return s.step->pod;
    }
  if (r.decision.pod != nullptr && r.decision.pod_volume != nullptr) {
    *v = r.decision.pod_volume;
    return r.decision.pod;
  }
  return nullptr;
}

void fill_legacy(volume_explanation& x, const plan_result& plan) {
  legacy_rules& l = x.legacy;
  l.opt_out_mode = plan.backup.default_volumes_to_fs_backup.value_or(plan.server.default_volumes_to_fs_backup);
  l.snapshot_volumes = plan.backup.snapshot_volumes;
  const k8s::pod_volume* v = nullptr;
  l.pod = pod_of(*x.record, x, &v);
  if (l.pod == nullptr) return;
  l.pod_volume = v->name;
  l.listed_in_backup_volumes = helper::is_opted_in(*l.pod, *v);
  l.listed_in_excludes = helper::is_opted_out(*l.pod, *v);
}

/// Would a policy of action `a` end the volume as it ends now?
bool same_outcome(policy::action_type a, const volume_record& r) {
  if (r.error()) return false;
  switch (a) {
    case policy::action_type::skip: return r.method == backup_method::none;
    case policy::action_type::fs_backup: return r.method == backup_method::pod_volume_backup;
    case policy::action_type::snapshot:
      return r.method == backup_method::csi_snapshot || r.method == backup_method::native_snapshot;
    case policy::action_type::custom: return r.method == backup_method::custom;
    default: return false;
  }
}

void suggest(volume_explanation& x) {
  const volume_record& r = *x.record;
  const volume_decision& d = r.decision;
  auto add = [&](suggestion_kind k) {
    suggestion s;
    s.kind = k;
    s.pod = x.legacy.pod;
    s.volume = x.legacy.pod_volume;
    x.suggestions.push_back(s);
  };
  for (const near_miss& m : x.near_misses) {
    if (m.policy == r.policy) continue;                 // the deciding policy itself
    if (same_outcome(m.policy->act.type, r)) continue;  // it would decide the same way
    suggestion s;
    s.kind = suggestion_kind::widen_condition;
    s.policy = m.policy;
    s.condition = m.condition;
    s.step = m.step;
    x.suggestions.push_back(s);
  }
  switch (d.kind) {
    case reason_kind::fs_backup_declined:
      if (!d.has_helper || x.legacy.pod == nullptr) break;
      if (d.helper_reason == helper::reason::not_opted_in) add(suggestion_kind::annotate_opt_in);
      if (d.helper_reason == helper::reason::annotation_opt_out) add(suggestion_kind::remove_opt_out);
      break;
    case reason_kind::snapshot_declined:
      if (d.has_helper && d.helper_reason == helper::reason::snapshot_volumes_false)
        add(suggestion_kind::set_snapshot_volumes);
      break;
    case reason_kind::no_volume_snapshotter: add(suggestion_kind::add_volume_snapshot_location); break;
    case reason_kind::csi_helper_disagrees: add(suggestion_kind::move_policy_to_backup); break;
    case reason_kind::pod_not_running: add(suggestion_kind::run_pod); break;
    case reason_kind::volume_not_mounted: add(suggestion_kind::mount_volume); break;
    case reason_kind::pod_excluded_by_label:
    case reason_kind::pvc_excluded_by_label:
    case reason_kind::pv_excluded_by_label: add(suggestion_kind::remove_exclude_label); break;
    case reason_kind::error:
      if (d.error_index < r.errors().size()) {
        const volume_error_kind k = r.errors()[d.error_index].kind;
        if (k == volume_error_kind::pvc_without_storage_class) add(suggestion_kind::set_storage_class);
        if (k == volume_error_kind::helper_pv_lookup || k == volume_error_kind::csi_pv_lookup)
          add(suggestion_kind::bind_pvc);
      }
      break;
    default: break;
  }
}

bool same_decision(const volume_decision& a, const volume_decision& b) {
  return a.kind == b.kind && a.step == b.step && a.policy == b.policy && a.error_index == b.error_index;
}

std::string where(const policy::volume_policy& p, policy::condition_kind k) {
  value_mark at = p.mark;
  if (const value* c = p.raw_conditions.is_mapping() ? p.raw_conditions.find(policy::to_string(k)) : nullptr)
    if (c->mark().line > 0) at = c->mark();
  at = p.origin.file_position(at);
  if (at.line == 0) return {};
  return fmt::format(" ({}:{}:{})", p.origin.file.empty() ? "policy" : p.origin.file, at.line, at.column);
}

bool is_list_condition(policy::condition_kind k) {
  using policy::condition_kind;
  return k == condition_kind::storage_class || k == condition_kind::volume_types || k == condition_kind::pvc_phase ||
         k == condition_kind::volume_name;
}

}  // namespace

volume_explanation explain_volume(const volume_record& record, const plan_result& plan) {
  volume_explanation x;
  x.record = &record;
  x.decision = std::make_shared<const volume_decision>(record.decision);
  if (record.steps().empty()) {
    x.steps.push_back(explain_step(*x.decision, plan, x.steps));
    if (x.decision->kind != reason_kind::none) x.deciding_step = 0;
  } else {
    for (const volume_decision& s : record.steps()) x.steps.push_back(explain_step(s, plan, x.steps));
    for (std::size_t i = x.steps.size(); i-- > 0;)
      if (same_decision(*x.steps[i].step, *x.decision)) {
        x.deciding_step = i;
        break;
      }
  }
  find_near_misses(x);
  fill_legacy(x, plan);
  suggest(x);
  return x;
}

const step_explanation& evaluated_step(const volume_explanation& x, std::size_t i) {
  return x.steps[x.steps[i].same_as.value_or(i)];
}

std::string_view velero_function(step_kind s) {
  switch (s) {
    case step_kind::item_inclusion: return "backupItemInternal";
    case step_kind::should_perform_fs_backup: return "ShouldPerformFSBackup";
    case step_kind::pvc_snapshot_tracker: return "pvcSnapshotTracker";
    case step_kind::pod_volume_backupper: return "BackupPodVolumes";
    case step_kind::csi_get_match_action: return "getMatchAction";
    case step_kind::should_perform_snapshot: return "ShouldPerformSnapshot";
    case step_kind::csi_pvc_action: return "CSI PVC action Execute";
    case step_kind::csi_volume_helper: return "CSI PVC action ShouldPerformSnapshot";
    case step_kind::take_pv_snapshot: return "takePVSnapshot";
    case step_kind::backup_volume_info: return "BackupVolumeInfo";
    case step_kind::item_block_action: return "executeItemBlockActions";
  }
  return "";
}

std::string suggestion_text(const suggestion& s, const volume_explanation& x) {
  const std::string_view pod = s.pod ? std::string_view(s.pod->metadata.name) : std::string_view("POD");
  const std::string ns = s.pod ? s.pod->metadata.namespace_.str() : std::string();
  switch (s.kind) {
    case suggestion_kind::widen_condition: {
      if (s.policy == nullptr) return {};
      const policy::volume_policy& p = *s.policy;
      const std::string label = fmt::format("{}.conditions.{}", helper::policy_label(p),
                                            policy::to_string(s.condition));
      std::string value = "this volume";
      if (s.step < x.steps.size())
        if (const auto v = policy::make_structured_volume(x.steps[s.step].step->matched_on))
          value = policy::volume_value_text(s.condition, *v);
      const std::string then = fmt::format("; that policy ({}) would then decide", p.act.type_name());
      if (is_list_condition(s.condition))
        return fmt::format("add `{}` to {}{}{}", value, label, where(p, s.condition), then);
      return fmt::format("change {} (`{}`) to hold for this volume ({}){}{}", label,
                         policy::condition_text(p.conditions, s.condition), value, where(p, s.condition), then);
    }
    case suggestion_kind::annotate_opt_in:
      return fmt::format(
          "to fs-back it up: kubectl -n {} annotate pod {} backup.velero.io/backup-volumes={} "
          "(add to the list if the pod has one; set it on the pod template to last)",
          ns, pod, s.volume);
    case suggestion_kind::remove_opt_out:
      return fmt::format("to fs-back it up: remove `{}` from backup.velero.io/backup-volumes-excludes on pod {}/{}",
                         s.volume, ns, pod);
    case suggestion_kind::remove_opt_in:
      return fmt::format("to snapshot it instead: remove `{}` from backup.velero.io/backup-volumes on pod {}/{}",
                         s.volume, ns, pod);
    case suggestion_kind::set_snapshot_volumes:
      return "snapshotVolumes is false: back up with --snapshot-volumes (spec.snapshotVolumes: true), or match it "
             "with a `snapshot` volume policy";
    case suggestion_kind::add_volume_snapshot_location:
      return "add a volume snapshot location whose provider recognises this PV (--volume-snapshot-locations "
             "NAME=PROVIDER), or use CSI snapshots";
    case suggestion_kind::move_policy_to_backup:
      return "the CSI plugin reads only the Backup's resource policy, not the global one: put the `snapshot` rule "
             "in the Backup's policy";
    case suggestion_kind::run_pod:
      return fmt::format("pod {}/{} must be Running on a node when the backup runs", ns, pod);
    case suggestion_kind::mount_volume:
      return fmt::format("a container of pod {}/{} must mount volume `{}` (volumeMounts)", ns, pod, s.volume);
    case suggestion_kind::bind_pvc: return "the PVC must be Bound to a PersistentVolume that exists";
    case suggestion_kind::set_storage_class: return "the PVC needs spec.storageClassName for a CSI snapshot";
    case suggestion_kind::remove_exclude_label: return "remove the label velero.io/exclude-from-backup=true";
  }
  return {};
}

}  // namespace volpol::plan
