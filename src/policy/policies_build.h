// src/policy/policies_build.h — internal: building volume policies from a decoded document.
#pragma once

#include <optional>
#include <string>

#include "decode_node.h"
#include "volpol/policy/volume_conditions.h"

namespace volpol::policy::detail {

/// `unmarshalVolConditions` on one policy's `conditions` (a mapping value or null), every
/// problem reported through `d` under `path` (`volumePolicies[0].conditions`).
/// @return the conditions (capacity not parsed yet), or nullopt when a problem was reported.
[[nodiscard]] std::optional<volume_conditions> decode_conditions(const value& conditions, const std::string& path,
                                                                 value_mark item_mark, node_decoder& d);

}  // namespace volpol::policy::detail
