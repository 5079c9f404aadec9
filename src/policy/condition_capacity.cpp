// The `capacity` condition. Mirrors `capacityCondition.match` (velero volume_resources.go).
#include "volpol/detail/policy/volume_conditions.h"

namespace volpol::policy {

bool capacity_condition_matches(const capacity_range& c, const structured_volume& v) {
  return c.contains(v.capacity_or_zero());
}

}  // namespace volpol::policy
