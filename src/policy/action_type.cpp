// Action type names. Mirrors `VolumeActionType` (velero internal/resourcepolicies/resource_policies.go).
#include "volpol/detail/policy/action_type.h"

namespace volpol::policy {

static_assert(action_type_names.size() == static_cast<std::size_t>(action_type::other),
              "one name per action type but `other`");

std::string_view to_string(action_type t) {
  const auto i = static_cast<std::size_t>(t);
  return i < action_type_names.size() ? action_type_names[i] : std::string_view();
}

action_type action_type_from_string(std::string_view s) {
  for (std::size_t i = 0; i < action_type_names.size(); ++i)
    if (s == action_type_names[i]) return static_cast<action_type>(i);
  return action_type::other;
}

}  // namespace volpol::policy
