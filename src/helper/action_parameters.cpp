// Typed partial-parameter matching of custom actions (volume_policy_helper.go
// ShouldPerformCustomAction).
#include "volpol/detail/helper/action_parameters.h"

namespace volpol::helper {

std::optional<std::string_view> first_differing_parameter(const value& parameters, const value& required) {
  if (!required.is_mapping()) return std::nullopt;  // null: nothing required
  for (const auto& [key, wanted] : required.entries()) {
    const value* have = parameters.find(key);
    if (have == nullptr || !(*have == wanted)) return std::string_view(key);
  }
  return std::nullopt;
}

}  // namespace volpol::helper
