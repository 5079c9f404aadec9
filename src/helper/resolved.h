// Private to the helper layer: what volume_helper::resolve() finds for a PV / PVC target.
#pragma once

#include "volpol/detail/helper/pvc_pv.h"
#include "volpol/helper/volume_helper.h"

namespace volpol::helper {

/// The target's PV (a PVC's bound PV, when found), its PVC, and the first matching policy.
/// Mirrors getPVAndMatchAction (volume_policy_helper.go): a PVC whose PV is unknown is matched
/// on the PVC alone.
struct volume_helper::resolved {
  const k8s::persistent_volume* pv = nullptr;
  const k8s::persistent_volume_claim* pvc = nullptr;
  pv_lookup_status lookup = pv_lookup_status::not_needed;
  const policy::volume_policy* match = nullptr;  ///< null: no policies, or none matched
  bool consulted = false;                        ///< the policies were asked (there are some)

  /// A PVC target whose PV could not be found (Velero's errGetPVForPVC).
  [[nodiscard]] bool pv_unknown() const { return pvc != nullptr && pv == nullptr; }

  /// A decision that records the objects looked at (PV, PVC, how the PV was found); the
  /// caller sets the answer and its reason.
  [[nodiscard]] decision seed() const {
    decision d;
    d.pv = pv;
    d.pvc = pvc;
    d.lookup = lookup;
    d.consulted_policies = consulted;
    if (consulted) d.matched_on = {.pv = pv, .pvc = pvc, .pod_volume = nullptr};
    return d;
  }
};

}  // namespace volpol::helper
