// The `storageClass` condition. Mirrors `storageClassCondition.match` (velero volume_resources.go).
#include "text_equal.h"
#include "volpol/detail/policy/volume_conditions.h"

namespace volpol::policy {

bool storage_class_condition_matches(const std::vector<std::string>& c, const structured_volume& v) {
  if (c.empty()) return true;
  if (v.storage_class.empty()) return false;  // a classless volume fails even [""]
  return detail::text_in(v.storage_class, c);
}

}  // namespace volpol::policy
