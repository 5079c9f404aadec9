// volpol/policy/volume_policy.h — one built volume policy: conditions + action.
#pragma once

#include "volpol/policy/action.h"
#include "volpol/policy/volume_conditions.h"

namespace volpol::policy {

/// Where a volume policy came from, for plans and messages.
enum class policy_origin : std::uint8_t { backup, global };

/// Mirrors Velero's `volPolicy` (volume_resources.go).
struct volume_policy {
  volume_conditions conditions;
  action act;
  std::size_t index = 0;                     ///< position in its own document's volumePolicies
  policy_origin origin = policy_origin::backup;
  value_mark mark;                           ///< where the list item starts in the document
};

}  // namespace volpol::policy
