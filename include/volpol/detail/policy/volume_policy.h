// volpol/detail/policy/volume_policy.h — one built volume policy: conditions + action, and the
// first-match rule over a list of them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "volpol/core/value.h"
#include "volpol/detail/policy/structured_volume.h"
#include "volpol/detail/policy/text_origin.h"
#include "volpol/detail/policy/volume_conditions.h"
#include "volpol/policy/action.h"

namespace volpol::policy {

/// Which resource policy a volume policy belongs to: the backup's own (`spec.resourcePolicy`)
/// or the global one Velero appends after it (`GetResourcePoliciesFromBackupWithGlobal`).
/// Plans and messages name it ("global volumePolicies[0]"); where its text is, is `origin`.
enum class policy_scope : std::uint8_t { backup, global };

/// Mirrors Velero's `volPolicy` (volume_resources.go).
struct volume_policy {
  volume_conditions conditions;
  action act;
  std::size_t index = 0;  ///< position in its own document's volumePolicies
  policy_scope scope = policy_scope::backup;
  value_mark mark;  ///< where the list item starts in the document
  /// The `conditions` mapping as written (typed values with positions): validation points
  /// at the offending condition with it. Null when absent.
  value raw_conditions;
  value_mark type_mark;  ///< where the action's `type` is written
  text_origin origin;    ///< where its document's text is (file, ConfigMap), for positions
};

/// The first policy of `list` (in order) whose every condition holds for `v`, or nullptr.
/// Mirrors `Policies.match` (resource_policies.go). No allocation; O(policies × conditions).
///     const volume_policy* p = first_match(pols.volume_policies(), v);
///     if (p) act_on(p->act);   // nullptr: no policy applies ("none")
[[nodiscard]] const volume_policy* first_match(std::span<const volume_policy> list, const structured_volume& v);

}  // namespace volpol::policy
