// Internal: VP110 (unreachable-policy)'s pieces that its tests reach: when one policy's conditions
// imply another's, and the rule with a chosen bound on its work.
#pragma once

#include <cstddef>

#include "context.h"
#include "volpol/detail/policy/volume_conditions.h"

namespace volpol::lint::detail {

/// Every volume that meets `later` meets `earlier`, proved condition by condition
/// (conservatively: false when not provable). Velero's `Policies.match` takes the first policy
/// whose conditions all hold, so such a `later` after `earlier` never decides anything.
[[nodiscard]] bool conditions_implied(const policy::volume_conditions& later, const policy::volume_conditions& earlier);

/// How many pairs of policies check_unreachable_policies tests exactly (conditions_implied) at
/// most; its index leaves few such pairs in real documents, this bounds crafted ones.
inline constexpr std::size_t unreachable_exact_test_budget = 1'000'000;

/// check_unreachable_policies with at most `budget` exact tests: when they run out, one finding
/// on the policy reached says that it and the rest are not checked, and the rule stops.
void check_unreachable_policies_within(context& c, std::size_t budget);

}  // namespace volpol::lint::detail
