// The PVC step of the walk: the CSI PVC backup action, then the PVC's PV.
// Mirrors item_backupper.go `executeActions` (PVCs) and actions/csi/pvc_action.go `Execute`.
#include <fmt/format.h>

#include "volpol/helper/decision.h"
#include "volpol/helper/pvc_pv.h"
#include "walker.h"

namespace volpol::plan::detail {

namespace {
std::string pvc_key(const k8s::persistent_volume_claim& pvc) {
  return pvc.metadata.namespace_ + "/" + pvc.metadata.name;
}
}  // namespace

void walker::backup_pvc(const k8s::persistent_volume_claim& pvc) {
  if (!pvcs_done_.insert(pvc_key(pvc)).second) return;  // already backed up (BackedUpItems)
  volume_entry& e = entry_for_pvc(pvc);
  if (excluded_by_label(pvc.metadata)) {
    track(e, "", "item has label velero.io/exclude-from-backup=true",
          "PVC has label velero.io/exclude-from-backup=true: not backed up");
    return;
  }
  if (const std::string* pod = pvc_tracker_.opted_out_by_pod(pvc.metadata.namespace_, pvc.metadata.name))
    track(e, pod_volume_approach, "opted out due to annotation in pod " + *pod, e.rec.reason);
  if (in_.server.enable_csi) run_csi_action(pvc, e);
  // The core PVC action returns the bound PV as an additional item.
  if (!pvc.volume_name.empty() && pvs_via_pvc_included())
    if (const k8s::persistent_volume* pv = c_.find_pv(pvc.volume_name)) backup_pv(*pv);
}

void walker::run_csi_action(const k8s::persistent_volume_claim& pvc, volume_entry& e) {
  // getMatchAction: only for the CSI (and vSphere) action, over the PVC and its PV.
  if (effective_ != nullptr) {
    const k8s::persistent_volume* pv = nullptr;
    if (!pvc.volume_name.empty()) {
      pv = c_.find_pv(pvc.volume_name);
      if (pv == nullptr) {
        fail(e, make_error(fmt::format("persistentvolumes \"{}\" not found", pvc.volume_name)));
        return;
      }
    }
    const policy::volume_policy* p = match(pv, &pvc, nullptr);
    if (p != nullptr && p->act.type == policy::action_type::skip) {
      note_policy(e, p);
      track(e, "", resource_policy_skip_reason,
            "volume policy " + helper::policy_label(*p) + " (skip): no snapshot, no fs-backup");
      return;
    }
  }
  if (snapshot_decision(pvc, e, "no CSI snapshot")) csi_execute(pvc, e);
}

void walker::csi_execute(const k8s::persistent_volume_claim& pvc, volume_entry& e) {
  if (!pvc.storage_class_name) {
    fail(e, make_error(fmt::format("Cannot snapshot PVC {}, PVC has no storage class.", pvc_key(pvc))));
    return;
  }
  const helper::pv_lookup lookup = helper::get_pv_for_pvc(pvc, c_);
  if (!lookup.ok()) {
    fail(e, helper::pv_lookup_error(pvc, lookup.status));
    return;
  }
  if (!lookup.pv->sources.has(k8s::volume_source::csi)) {
    track(e, csi_snapshot_approach, not_csi_reason,
          "the CSI action passes over it: PV " + lookup.pv->metadata.name + " is not a CSI volume");
    return;
  }
  auto own = csi_.should_perform_snapshot(pvc);
  if (const diagnostic* err = own.error()) {
    fail(e, *err);
    return;
  }
  if (!own->perform) {
    // The server's helper said snapshot (it sees the global policies too); the CSI plugin's own
    // helper, built from the Backup's policy only, says no. Velero then backs up nothing.
    if (!e.decided)
      e.rec.reason = "Velero disagrees with itself: the backup's snapshot decision says snapshot, but the CSI "
                     "plugin's own volume helper (Backup policy only, no global policies) says no (" +
                     explain(*own) + "): no snapshot is taken";
    return;
  }
  const bool move = in_.backup.snapshot_move_data.value_or(false);
  std::string why = "CSI snapshot: " + explain(*own);
  volume_record& r = e.rec;
  auto cls = csi_.snapshot_class_for_volume(pvc);
  if (cls.ok()) r.snapshot_class = cls.value();
  if (!r.snapshot_class.empty()) why += "; VolumeSnapshotClass " + r.snapshot_class;
  if (move) {
    r.snapshot_data_moved = true;
    r.data_mover = effective_data_mover(csi_.data_mover_for_volume(pvc), in_.backup.data_mover);
    why += "; data moved by " + r.data_mover;
  }
  decide(e, backup_method::csi_snapshot, std::move(why));
}

}  // namespace volpol::plan::detail
