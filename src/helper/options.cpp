#include "volpol/detail/helper/options.h"

namespace volpol::helper {

std::string_view to_string(volume_resource r) {
  return r == volume_resource::persistent_volumes ? "persistentvolumes" : "persistentvolumeclaims";
}

std::optional<volume_resource> volume_resource_from_string(std::string_view s) {
  if (s == "persistentvolumes") return volume_resource::persistent_volumes;
  if (s == "persistentvolumeclaims") return volume_resource::persistent_volume_claims;
  return std::nullopt;
}

}  // namespace volpol::helper
