#include "volpol/detail/plan/resource_kind.h"

namespace volpol::plan {

std::optional<resource_kind> resource_kind_from_name(std::string_view name) {
  if (!name.empty() && name.back() == '.') name.remove_suffix(1);  // "pods." = core group
  if (name == "pods" || name == "pod" || name == "po") return resource_kind::pods;
  if (name == "persistentvolumeclaims" || name == "persistentvolumeclaim" || name == "pvc")
    return resource_kind::persistent_volume_claims;
  if (name == "persistentvolumes" || name == "persistentvolume" || name == "pv")
    return resource_kind::persistent_volumes;
  return std::nullopt;
}

}  // namespace volpol::plan
