// The `pvcPhase` condition. Mirrors `pvcPhaseCondition.match` (velero volume_resources.go).
#include "text_equal.h"
#include "volpol/detail/policy/volume_conditions.h"

namespace volpol::policy {

bool pvc_phase_condition_matches(const std::vector<std::string>& c, const structured_volume& v) {
  if (c.empty()) return true;
  if (v.pvc_phase.empty()) return false;
  return detail::text_in(v.pvc_phase, c);
}

}  // namespace volpol::policy
