// The PV step of the walk: Velero-native snapshots.
// Mirrors item_backupper.go `takePVSnapshot`.
#include <fmt/format.h>

#include "volpol/helper/decision.h"
#include "walker.h"

namespace volpol::plan::detail {

void walker::backup_pv(const k8s::persistent_volume& pv) {
  if (!pvs_done_.insert(pv.metadata.name).second) return;
  volume_entry& e = entry_for_pv(pv);
  if (excluded_by_label(pv.metadata)) {
    track(e, "", "item has label velero.io/exclude-from-backup=true",
          "PV has label velero.io/exclude-from-backup=true: not backed up");
    return;
  }
  take_pv_snapshot(pv, e);
}

void walker::take_pv_snapshot(const k8s::persistent_volume& pv, volume_entry& e) {
  const auto d = snapshot_decision(pv, e, "no snapshot");
  if (!d) return;
  if (in_.server.enable_csi && pv.sources.has(k8s::volume_source::csi)) {  // the CSI action's job
    if (!e.decided && e.rec.reason.empty())
      e.rec.reason = "CSI volume: only the CSI PVC action snapshots it (EnableCSI), and its PVC is not backed up";
    return;
  }
  if (effective_ != nullptr) {
    const k8s::persistent_volume_claim* pvc = nullptr;
    if (pv.claim_ref) {
      pvc = c_.find_pvc(pv.claim_ref->namespace_, pv.claim_ref->name);
      if (pvc == nullptr) {
        fail(e, make_error(fmt::format("persistentvolumeclaims \"{}\" not found", pv.claim_ref->name)));
        return;
      }
    }
    const policy::volume_policy* p = match(&pv, pvc, nullptr);
    if (p != nullptr && p->act.type == policy::action_type::skip) {
      note_policy(e, p);
      track(e, volume_snapshot_approach, matched_skip_reason,
            "volume policy " + helper::policy_label(*p) + " (skip): no snapshot");
      return;
    }
  }
  std::string tried;
  for (const volume_snapshot_location& l : in_.server.volume_snapshot_locations) {
    const volume_id_answer a = volume_id_for(l.provider, pv);
    if (!a.known_provider) {
      tried += fmt::format("{}{} ({}: provider unknown to volpol)", tried.empty() ? "" : ", ", l.name, l.provider);
      continue;
    }
    if (!a.error.empty()) {
      tried += fmt::format("{}{} ({}: {})", tried.empty() ? "" : ", ", l.name, l.provider, a.error);
      continue;
    }
    if (a.volume_id.empty()) continue;
    decide(e, backup_method::native_snapshot,
           fmt::format("native snapshot by volume snapshot location {} ({}), volume ID {}: {}", l.name, l.provider,
                       a.volume_id, explain(d.value())));
    return;
  }
  std::string why = in_.server.volume_snapshot_locations.empty()
                        ? "no volume snapshot location is configured (--volume-snapshot-locations)"
                        : "no volume snapshot location's provider recognises this " +
                              std::string(policy::volume_type_of(pv).empty() ? "volume" : policy::volume_type_of(pv)) +
                              " volume";
  if (!tried.empty()) why += "; tried " + tried;
  track(e, volume_snapshot_approach, no_volumesnapshotter_reason, why);
}

}  // namespace volpol::plan::detail
