// volpol/detail/helper/action_parameters.h — what a plugin learns about a volume's matched action,
// and the typed partial-parameter match that selects a custom action.
//
// Mirrors the design "Add custom volume policy action" (velero design/, implemented in
// internal/volumehelper/volume_policy_helper.go `ShouldPerformCustomAction`,
// `GetActionParameters`): a third-party plugin owns the volumes whose first matching policy
// has action `custom` and parameters containing its own marker, e.g.
//
//     action:
//       type: custom
//       parameters:
//         myCustomAction: true      # the plugin asks with {myCustomAction: true} (a bool)
#pragma once

#include <optional>
#include <string_view>

#include "volpol/core/value.h"
#include "volpol/detail/policy/volume_policy.h"
#include "volpol/policy/action.h"

namespace volpol::helper {

/// GetActionParameters' answer: (matched, action type, parameters).
struct action_parameters {
  bool matched = false;
  /// The matched volume policy (index, scope, conditions, action), or null.
  const policy::volume_policy* policy = nullptr;
  /// The action type as the document spells it ("snapshot", "custom", an unknown type as
  /// written); "" when not matched.
  std::string_view type;
  /// The action's parameters exactly as decoded (types kept, `dataMover: velero` not
  /// normalised): a mapping, or a null value when the action has none. Never null pointer:
  /// points to a static null value when not matched.
  const value* parameters = nullptr;
};

/// The first key of `required` (in its order) that `parameters` lacks or holds with a
/// different value: values must have the same type and contents (bool true ≠ string "true",
/// int 1 ≠ float 1.0 ≠ string "1"; lists and maps compare structurally; null equals only null).
/// Keys of `parameters` that `required` does not name are ignored. `parameters` may be null
/// (no parameters: any required key is missing); `required` null or an empty mapping requires
/// nothing. Never allocates.
///     // parameters {myCustomAction: true, tier: gold}
///     first_differing_parameter(params, {myCustomAction: true})    // nullopt: matches
///     first_differing_parameter(params, {myCustomAction: "true"})  // "myCustomAction"
/// Mirrors the loop `actionValue, ok := action.Parameters[k]; !ok || actionValue != requiredValue`
/// of `ShouldPerformCustomAction` (where Go panics on list or map values; volpol compares them).
/// @pre required is null or a mapping.
[[nodiscard]] std::optional<std::string_view> first_differing_parameter(const value& parameters, const value& required);

}  // namespace volpol::helper
