// The PVC step of the walk: the CSI PVC backup action, then the PVC's PV.
// Mirrors item_backupper.go `executeActions` (PVCs) and actions/csi/pvc_action.go `Execute`.
#include "item_backupper.h"
#include "volpol/detail/helper/pvc_pv.h"
#include "volpol/detail/plan/volume_snapshot_class.h"
#include "volpol/helper/decision.h"

namespace volpol::plan::detail {

void item_backupper::backup_pvc(const k8s::persistent_volume_claim& pvc) {
  if (!pvcs_done_.insert(pvc)) return;  // already backed up (BackedUpItems)
  volume_record& e = entry_for_pvc(pvc);
  if (excluded_by_label(pvc.metadata)) {
    volume_decision d = make_decision(reason_kind::pvc_excluded_by_label, step_kind::item_inclusion);
    d.pvc = &pvc;
    refused_pvcs_.emplace_back(&e, d);
    track(e, skip_approach::any, skip_cause::exclude_label, d);
    return;
  }
  if (const k8s::pod* pod = pvc_tracker_.opted_out_by_pod(pvc.metadata.namespace_, pvc.metadata.name)) {
    // Velero tracks the opt-out; the volume's reason stays what the pod step said.
    skipped_.track(skipped_pv_tracker::key_for(e.pv_name, e.pvc_namespace, e.pvc_name), skip_approach::pod_volume,
                   skip_cause::opted_out_by_pod, pod);
    volume_decision step = make_decision(reason_kind::pvc_opted_out, step_kind::pvc_snapshot_tracker);
    step.pod = pod;
    step.pvc = &pvc;
    trace(e, step);
  }
  e.walk_.pvc_item_backed_up = true;
  if (in_.server.enable_csi) run_csi_action(pvc, e);
  // The core PVC action returns the bound PV as an additional item.
  if (!pvc.volume_name.empty())
    if (const k8s::persistent_volume* pv = c_.find_pv(pvc.volume_name)) {
      const item_inclusion inc = ic_.related(resource_kind::persistent_volumes, pv->metadata);
      if (inc.included() || inc.why == item_exclusion::exclude_label) backup_pv(*pv);
      else if (!pvs_done_.contains(*pv)) not_collected(entry_for_pv(*pv), inc, &pvc, pv);
    }
}

void item_backupper::run_csi_action(const k8s::persistent_volume_claim& pvc, volume_record& e) {
  // getMatchAction: only for the CSI (and vSphere) action, over the PVC and its PV.
  if (effective_ != nullptr) {
    const k8s::persistent_volume* pv = nullptr;
    // v1.17 getMatchAction (item_backupper.go): "PVC has no volume backing this claim" for an
    // unbound PVC whenever a resource policy is set; v1.18.0 matches the claim alone.
    if (pvc.volume_name.empty() && !has(in_.server.velero.version, velero_feature::pvc_only_match)) {
      volume_error err;
      err.kind = volume_error_kind::csi_pv_lookup;
      err.pvc = &pvc;
      err.lookup = helper::get_pv_for_pvc(pvc, c_).status;
      fail(e, err, step_kind::csi_get_match_action);
      return;
    }
    if (!pvc.volume_name.empty()) {
      pv = c_.find_pv(pvc.volume_name);
      if (pv == nullptr) {
        volume_error err;
        err.kind = volume_error_kind::pv_not_found;
        err.pvc = &pvc;
        err.name = pvc.volume_name;
        fail(e, err, step_kind::csi_get_match_action);
        return;
      }
    }
    volume_decision why = make_decision(reason_kind::csi_policy_skip, step_kind::csi_get_match_action);
    why.pvc = &pvc;
    const policy::volume_policy* p = match(pv, &pvc, nullptr, &why);
    if (p != nullptr && p->act.type == policy::action_type::skip) {
      note_policy(e, p);
      why.policy = p;
      track(e, skip_approach::any, skip_cause::resource_policy_skip, why);
      return;
    }
    why.kind = reason_kind::none;  // no skip: the CSI action goes on
    why.policy = p;
    trace(e, why);
  }
  if (snapshot_decision(pvc, e)) csi_execute(pvc, e);
}

void item_backupper::csi_execute(const k8s::persistent_volume_claim& pvc, volume_record& e) {
  if (!pvc.storage_class_name) {
    volume_error err;
    err.kind = volume_error_kind::pvc_without_storage_class;
    err.pvc = &pvc;
    fail(e, err, step_kind::csi_pvc_action);
    return;
  }
  const helper::pv_lookup lookup = helper::get_pv_for_pvc(pvc, c_);
  if (!lookup.ok()) {
    volume_error err;
    err.kind = volume_error_kind::csi_pv_lookup;
    err.pvc = &pvc;
    err.lookup = lookup.status;
    fail(e, err, step_kind::csi_pvc_action);
    return;
  }
  if (!lookup.pv->sources.has(k8s::volume_source::csi)) {
    volume_decision why = make_decision(reason_kind::not_csi_volume, step_kind::csi_pvc_action);
    why.pvc = &pvc;
    why.pv = lookup.pv;
    track(e, skip_approach::csi_snapshot, skip_cause::not_csi_volume, why);
    return;
  }
  auto own = csi_.should_perform_snapshot(pvc);
  if (const diagnostic* err = own.error()) {
    fail(e, helper_error(*err, &pvc, nullptr, nullptr), step_kind::csi_volume_helper);
    return;
  }
  if (!own->perform) {
    // The server's helper said snapshot (it sees the global policies too); the CSI plugin's own
    // helper, built from the Backup's policy only, says no. Velero then backs up nothing.
    conclude(e, from_helper(reason_kind::csi_helper_disagrees, step_kind::csi_volume_helper, *own));
    return;
  }
  const bool move_data = in_.backup.snapshot_move_data.value_or(false);
  const std::string mover = move_data ? effective_data_mover(csi_.data_mover_for_volume(pvc), in_.backup.data_mover,
                                                             in_.server.velero.version)
                                      : "";
  // pvc_action.go (main): snapshot data movement with the built-in data mover needs a ready node agent.
  if (move_data && policy::is_builtin_data_mover(mover) &&
      has(in_.server.velero.version, velero_feature::node_agent_check))
    if (auto not_ready = node_agent_.ready_for_data_movement()) {
      volume_error err;
      err.kind = volume_error_kind::node_agent_not_ready;
      err.pvc = &pvc;
      err.detail = c_.find_daemon_set(in_.backup.namespace_, "node-agent") != nullptr ? 1 : 0;
      fail(e, err, step_kind::csi_pvc_action);
      return;
    }
  // createVolumeSnapshot: the StorageClass, then GetVolumeSnapshotClass (volume_snapshot_class.h).
  auto cls = csi_.get_snapshot_class(pvc);
  const std::string policy_class = cls.ok() ? cls.value() : std::string();
  const snapshot_class_choice choice = choose_volume_snapshot_class(c_, pvc, &in_.backup.annotations, policy_class);
  if (choice.is_error()) {
    volume_error err;
    err.kind = volume_error_kind::snapshot_class;
    err.pvc = &pvc;
    err.detail = static_cast<std::uint16_t>(choice.source);
    if (const k8s::storage_class* sc = pvc.storage_class_name ? c_.find_storage_class(*pvc.storage_class_name)
                                                              : nullptr)
      err.name = sc->provisioner;
    fail(e, err, step_kind::csi_pvc_action);
    return;
  }
  e.set_snapshot_class(intern(choice.source == snapshot_class_source::not_checked ? policy_class : choice.name));
  if (move_data) {
    e.snapshot_data_moved = true;
    e.set_data_mover(intern(mover));
  }
  decide(e, backup_method::csi_snapshot, from_helper(reason_kind::csi_snapshot, step_kind::csi_volume_helper, *own));
}

}  // namespace volpol::plan::detail
