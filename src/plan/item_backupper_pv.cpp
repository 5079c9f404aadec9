// The PV step of the walk: Velero-native snapshots.
// Mirrors item_backupper.go `takePVSnapshot`.
#include "item_backupper.h"
#include "volpol/helper/decision.h"

namespace volpol::plan::detail {

void item_backupper::backup_pv(const k8s::persistent_volume& pv) {
  if (!pvs_done_.insert(pv)) return;
  volume_record& e = entry_for_pv(pv);
  if (excluded_by_label(pv.metadata)) {
    track(e, skip_approach::any, skip_cause::exclude_label,
          make_decision(reason_kind::pv_excluded_by_label, step_kind::item_inclusion));
    return;
  }
  take_pv_snapshot(pv, e);
}

// takePVSnapshot: ShouldPerformSnapshot (snapshotVolumes, policies), then, in this order,
// a CSI volume left to the CSI action, a `skip` policy, the first volume snapshot location
// whose provider knows the volume.
void item_backupper::take_pv_snapshot(const k8s::persistent_volume& pv, volume_record& e) {
  const auto d = snapshot_decision(pv, e);
  if (!d) return;
  if (left_to_csi_action(pv, e)) return;
  if (skipped_by_policy(pv, e)) return;
  snapshot_with_a_location(pv, e, *d);
}

// With EnableCSI a CSI volume is the CSI PVC action's job: no outcome here, only the reason
// while nothing decided it.
bool item_backupper::left_to_csi_action(const k8s::persistent_volume& pv, volume_record& e) {
  if (!in_.server.enable_csi || !pv.sources.has(k8s::volume_source::csi)) return false;
  volume_decision why = make_decision(reason_kind::csi_volume_pvc_not_backed_up, step_kind::take_pv_snapshot);
  why.pv = &pv;
  trace(e, why);
  if (!e.walk_.decided && e.decision.kind == reason_kind::none) e.decision = why;
  return true;
}

// With resource policies, the PV is matched again (with its claim, which must exist); a
// matched `skip` tracks the volume as skipped for the volume snapshot approach.
bool item_backupper::skipped_by_policy(const k8s::persistent_volume& pv, volume_record& e) {
  if (effective_ == nullptr) return false;
  const k8s::persistent_volume_claim* pvc = nullptr;
  if (pv.claim_ref) {
    pvc = c_.find_pvc(pv.claim_ref->namespace_, pv.claim_ref->name);
    if (pvc == nullptr) {
      volume_error err;
      err.kind = volume_error_kind::pv_claim_not_found;
      err.name = pv.claim_ref->name;
      fail(e, err, step_kind::take_pv_snapshot);
      return true;
    }
  }
  volume_decision why = make_decision(reason_kind::native_policy_skip, step_kind::take_pv_snapshot);
  const policy::volume_policy* p = match(&pv, pvc, nullptr, &why);
  if (p != nullptr && p->act.type == policy::action_type::skip) {
    note_policy(e, p);
    why.policy = p;
    track(e, skip_approach::volume_snapshot, skip_cause::matched_skip, why);
    return true;
  }
  why.kind = reason_kind::none;  // no skip: on to the volume snapshot locations
  why.policy = p;
  trace(e, why);
  return false;
}

// The first volume snapshot location whose provider recognises the PV and finds its volume
// ID takes the snapshot; with none, the volume is skipped (no volume snapshotter).
void item_backupper::snapshot_with_a_location(const k8s::persistent_volume& pv, volume_record& e,
                                              const helper::decision& d) {
  const auto& locations = in_.server.volume_snapshot_locations;
  for (std::size_t i = 0; i < locations.size(); ++i) {
    const volume_id_answer a = volume_id_for(locations[i].provider, pv);
    if (!a.known_provider || !a.error.empty() || a.volume_id.empty()) continue;
    volume_decision why = from_helper(reason_kind::native_snapshot, step_kind::take_pv_snapshot, d);
    why.pv = &pv;
    why.location = static_cast<std::uint16_t>(i);
    if (!e.walk_.decided) e.set_snapshot_location(intern(locations[i].name));
    decide(e, backup_method::native_snapshot, why);
    return;
  }
  volume_decision why = make_decision(reason_kind::no_volume_snapshotter, step_kind::take_pv_snapshot);
  why.pv = &pv;
  track(e, skip_approach::volume_snapshot, skip_cause::no_volume_snapshotter, why);
}

}  // namespace volpol::plan::detail
