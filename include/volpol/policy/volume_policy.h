// volpol/policy/volume_policy.h — one built volume policy: conditions + action, and the
// first-match rule over a list of them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "volpol/core/value.h"
#include "volpol/policy/action.h"
#include "volpol/policy/structured_volume.h"
#include "volpol/policy/text_origin.h"
#include "volpol/policy/volume_conditions.h"

namespace volpol::policy {

/// Where a volume policy came from, for plans and messages.
enum class policy_origin : std::uint8_t { backup, global };

/// Mirrors Velero's `volPolicy` (volume_resources.go).
struct volume_policy {
  volume_conditions conditions;
  action act;
  std::size_t index = 0;  ///< position in its own document's volumePolicies
  policy_origin origin = policy_origin::backup;
  value_mark mark;  ///< where the list item starts in the document
  /// The `conditions` mapping as written (typed values with positions): validation points
  /// at the offending condition with it. Null when absent.
  value raw_conditions;
  value_mark type_mark;  ///< where the action's `type` is written
  text_origin source;    ///< the document it came from (file, ConfigMap)
};

/// The first policy of `list` (in order) whose every condition holds for `v`, or nullptr.
/// Mirrors `Policies.match` (resource_policies.go). No allocation; O(policies × conditions).
///     const volume_policy* p = first_match(pols.volume_policies(), v);
///     if (p) act_on(p->act);   // nullptr: no policy applies ("none")
[[nodiscard]] const volume_policy* first_match(std::span<const volume_policy> list, const structured_volume& v);

}  // namespace volpol::policy
