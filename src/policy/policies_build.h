// src/policy/policies_build.h — internal: building volume policies from a decoded document.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "volpol/core/velero_version.h"

#include "decode_node.h"
#include "volpol/detail/policy/volume_conditions.h"

namespace volpol::policy::detail {

/// The release feature a condition key needs (`pvcPhase` → condition_pvc_phase), or nullopt
/// for a condition every release has and for a key that is no condition.
[[nodiscard]] std::optional<velero_feature> condition_feature(std::string_view key);

/// The help under a "not in Velero X" message: the flag that picks a release that has `f`.
[[nodiscard]] std::string version_help(velero_feature f);

/// `unmarshalVolConditions` on one policy's `conditions` (a mapping value or null), every
/// problem reported through `d` under `path` (`volumePolicies[0].conditions`).
/// @return the conditions (capacity not parsed yet), or nullopt when a problem was reported.
[[nodiscard]] std::optional<volume_conditions> decode_conditions(const value& conditions, const std::string& path,
                                                                 value_mark item_mark, node_decoder& d);

}  // namespace volpol::policy::detail
