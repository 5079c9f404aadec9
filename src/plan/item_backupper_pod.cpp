// The pod step of the walk: fs-backup decisions, the pod's PVCs, PodVolumeBackups.
// Mirrors item_backupper.go `backupItemInternal` (pods) and podvolume/backupper.go
// `BackupPodVolumes`.

#include "item_backupper.h"
#include "volpol/detail/helper/pvc_pv.h"
#include "volpol/helper/decision.h"

namespace volpol::plan::detail {

namespace {

volume_decision pod_step(reason_kind kind, step_kind step, const k8s::pod& pod, const k8s::pod_volume* v) {
  volume_decision d = make_decision(kind, step);
  d.pod = &pod;
  d.pod_volume = v;
  return d;
}

}  // namespace

volume_record& item_backupper::entry_for_pod_volume_or_pvc(const k8s::pod& pod, const k8s::pod_volume& v,
                                                           const k8s::persistent_volume_claim*& pvc) {
  pvc = helper::get_pvc_for_pod_volume(v, pod, c_);
  if (pvc == nullptr) return entry_for_pod_volume(pod, v);
  volume_record& e = entry_for_pvc(*pvc);
  if (e.pod_name.empty()) {  // the first pod that mounts it, until a PodVolumeBackup says otherwise
    set_pod(e, pod, v);
  } else if (e.pod_name != pod.metadata.name) {  // (e is the PVC's own entry: never a shared row)
    // Another pod mounts the same PVC: its volume gets its own row (finished in finish()).
    volume_record& row = pod_row(pod,
                                 {walk_key::kind::shared_pvc_row, pod.metadata.namespace_, pod.metadata.name, v.name});
    if (!row.walk_.shared_pvc_row) {  // (a pod naming the volume twice finds its row again: the same claim)
      row.walk_.shared_pvc_row = true;
      shared_pvc_rows_.emplace_back(&row, &e);
    }
    set_pod(row, pod, v);
    row.set_volume_type(policy::volume_type_of(v));
  }
  return e;
}

void item_backupper::backup_pod(const k8s::pod& pod) {
  const bool by_label = excluded_by_label(pod.metadata);
  if (by_label || pod.has_deletion_timestamp) {
    const reason_kind why = by_label ? reason_kind::pod_excluded_by_label : reason_kind::pod_being_deleted;
    for (const k8s::pod_volume& v : pod.volumes) {
      const k8s::persistent_volume_claim* pvc = nullptr;
      volume_record& e = entry_for_pod_volume_or_pvc(pod, v, pvc);
      const volume_decision d = pod_step(why, step_kind::item_inclusion, pod, &v);
      trace(e, d);
      if (!e.walk_.decided && e.decision.kind == reason_kind::none) e.decision = d;
    }
    return;
  }
  std::vector<selected_volume> pvb_volumes;
  decide_pod_volumes(pod, pvb_volumes);
  // executeActions: the pod action returns the pod's PVCs as additional items.
  // itemInclusionChecks on each (mustInclude false): the resource filters and name filters
  // apply, label selectors do not.
  for (const k8s::pod_volume& v : pod.volumes)
    if (v.sources.has(k8s::volume_source::persistent_volume_claim) && !v.sources.claim_name.empty())
      if (const auto* pvc = c_.find_pvc(pod.metadata.namespace_, v.sources.claim_name)) {
        const item_inclusion inc = ic_.related(resource_kind::persistent_volume_claims, pvc->metadata);
        if (inc.included() || inc.why == item_exclusion::exclude_label) {
          backup_pvc(*pvc);
        } else {
          volume_record& e = entry_for_pvc(*pvc);
          not_collected(e, inc);
          volume_decision d = make_decision(reason_kind::not_collected, step_kind::item_inclusion);
          d.inclusion = inc;
          d.pvc = pvc;
          refused_pvcs_.emplace_back(&e, d);
        }
      }
  create_pod_volume_backups(pod, pvb_volumes);
}

void item_backupper::decide_pod_volumes(const k8s::pod& pod, std::vector<selected_volume>& pvb_volumes) {
  for (const k8s::pod_volume& v : pod.volumes) {
    const k8s::persistent_volume_claim* pvc = nullptr;
    volume_record& e = entry_for_pod_volume_or_pvc(pod, v, pvc);
    auto d = core_.should_perform_fs_backup(v, pod);
    if (const diagnostic* err = d.error()) {
      fail(e, helper_error(*err, pvc, &pod, &v), step_kind::should_perform_fs_backup);
      pvc_tracker_.opt_out(pod, v);
      continue;
    }
    note_policy(e, d->policy);
    volume_decision why = from_helper(reason_kind::fs_backup_declined, step_kind::should_perform_fs_backup, *d);
    why.pod = &pod;
    why.pod_volume = &v;
    if (!d->perform) {
      pvc_tracker_.opt_out(pod, v);
      conclude(e, why);
      continue;
    }
    why.kind = reason_kind::none;  // selected: the pod volume backupper decides
    trace(e, why);
    pvc_tracker_.track(pod, v);
    if (pvc_tracker_.taken_for_pod_volume(pod, v)) {
      conclude(e, pod_step(reason_kind::pvc_taken_by_other_pod, step_kind::pvc_snapshot_tracker, pod, &v));
      continue;
    }
    pvb_volumes.push_back({&v, d.value()});
  }
}

void item_backupper::create_pod_volume_backups(const k8s::pod& pod, const std::vector<selected_volume>& volumes) {
  if (volumes.empty()) return;
  if (pod.phase != "Running" || pod.node_name.empty()) {
    for (const selected_volume& s : volumes) {
      const k8s::persistent_volume_claim* pvc = nullptr;
      volume_record& e = entry_for_pod_volume_or_pvc(pod, *s.volume, pvc);
      volume_decision why = from_helper(reason_kind::pod_not_running, step_kind::pod_volume_backupper, s.why);
      why.pod = &pod;
      why.pod_volume = s.volume;
      if (pvc != nullptr) track(e, skip_approach::pod_volume, skip_cause::pod_not_running, why, &pod);
      else conclude(e, why);
    }
    return;
  }
  // BackupPodVolumes: nodeagent.IsRunningInNode, an error for the pod's volumes.
  if (node_agent_.running_in_node(pod.node_name)) {
    for (const selected_volume& s : volumes) {
      const k8s::persistent_volume_claim* pvc = nullptr;
      volume_record& e = entry_for_pod_volume_or_pvc(pod, *s.volume, pvc);
      volume_error err;
      err.kind = volume_error_kind::node_agent_not_running;
      err.pod = &pod;
      err.pod_volume = s.volume;
      err.name = pod.node_name;
      fail(e, err, step_kind::pod_volume_backupper);
    }
    return;
  }
  for (const selected_volume& s : volumes) create_pod_volume_backup(pod, s);
}

void item_backupper::create_pod_volume_backup(const k8s::pod& pod, const selected_volume& s) {
  const k8s::pod_volume& v = *s.volume;
  const k8s::persistent_volume_claim* pvc = nullptr;
  volume_record& e = entry_for_pod_volume_or_pvc(pod, v, pvc);
  const bool is_pvc = v.sources.has(k8s::volume_source::persistent_volume_claim);
  if (is_pvc && pvc == nullptr) {
    volume_error err;
    err.kind = volume_error_kind::pod_volume_pvc_not_found;
    err.pod = &pod;
    err.pod_volume = &v;
    err.name = v.sources.claim_name;
    fail(e, err, step_kind::pod_volume_backupper);
    return;
  }
  const k8s::persistent_volume* pv = pvc ? helper::get_pv_for_pvc(*pvc, c_).pv : nullptr;
  // v1.17 podvolume backupper getMatchAction: the claim's PV must be had ("error getting pv for
  // pvc"); v1.18.0 ignores GetPVForPVC's error and matches the claim alone.
  if (effective_ != nullptr && pvc != nullptr && pv == nullptr &&
      !has(in_.server.velero.version, velero_feature::pvc_only_match)) {
    volume_error err;
    err.kind = volume_error_kind::helper_pv_lookup;
    err.pod = &pod;
    err.pod_volume = &v;
    err.pvc = pvc;
    err.lookup = helper::get_pv_for_pvc(*pvc, c_).status;
    fail(e, err, step_kind::pod_volume_backupper);
    return;
  }
  if (effective_ != nullptr) {
    volume_decision why = pod_step(reason_kind::pod_volume_policy_skip, step_kind::pod_volume_backupper, pod, &v);
    const policy::volume_policy* p = pvc ? match(pv, pvc, nullptr, &why) : match(nullptr, nullptr, &v, &why);
    if (p != nullptr && p->act.type == policy::action_type::skip) {
      note_policy(e, p);
      why.policy = p;
      if (pvc) track(e, skip_approach::pod_volume, skip_cause::matched_skip, why);
      else conclude(e, why);
      return;
    }
  }
  const k8s::persistent_volume* bound = pvc && !pvc->volume_name.empty() ? c_.find_pv(pvc->volume_name) : nullptr;
  if (v.sources.has(k8s::volume_source::host_path) || (bound && bound->sources.has(k8s::volume_source::host_path))) {
    volume_decision why = from_helper(reason_kind::host_path_volume, step_kind::pod_volume_backupper, s.why);
    why.pod = &pod;
    why.pod_volume = &v;
    why.pv = bound;
    conclude(e, why);
    return;
  }
  if (v.device) {
    const volume_decision why = pod_step(reason_kind::block_volume, step_kind::pod_volume_backupper, pod, &v);
    if (pvc) track(e, skip_approach::pod_volume, skip_cause::block_volume, why, &pod, &v);
    else conclude(e, why);
    return;
  }
  if (!v.mounted) {
    const volume_decision why = pod_step(reason_kind::volume_not_mounted, step_kind::pod_volume_backupper, pod, &v);
    if (pvc) track(e, skip_approach::pod_volume, skip_cause::volume_not_mounted, why, &pod, &v);
    else conclude(e, why);
    return;
  }
  pvc_tracker_.take(pod, v);
  set_pod(e, pod, v);
  volume_decision why = from_helper(reason_kind::pod_volume_backup, step_kind::pod_volume_backupper, s.why);
  why.pod = &pod;
  why.pod_volume = &v;
  decide(e, backup_method::pod_volume_backup, why);
}

}  // namespace volpol::plan::detail
