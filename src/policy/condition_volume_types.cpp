// The `volumeTypes` condition. Mirrors `volumeTypeCondition.match`
// (velero internal/resourcepolicies/volume_types_conditions.go).
#include "text_equal.h"
#include "volpol/detail/policy/volume_conditions.h"

namespace volpol::policy {

bool volume_types_condition_matches(const std::vector<std::string>& c, const structured_volume& v) {
  if (c.empty()) return true;
  return detail::text_in(v.volume_type, c);  // plain string equality: [""] matches a typeless volume
}

}  // namespace volpol::policy
