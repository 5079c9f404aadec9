// volpol/detail/helper/problem.h — the kinds of error the volume helper returns (diagnostic::kind).
#pragma once

#include <cstdint>

namespace volpol::helper {

/// diagnostic::kind of the helper's errors. Values are stable and distinct from other layers'.
enum class problem : std::uint16_t {
  pvc_not_found = 301,           ///< pvc_lookup_error: a pod volume's PVC is not in the cluster
  pv_lookup_failed = 302,        ///< pv_lookup_error: a PVC's PV cannot be used (see pv_lookup_status)
  invalid_parameters = 303,      ///< custom-action match parameters that are not a mapping
  invalid_snapshot_class = 304,  ///< the matched action's snapshotClass cannot be read
};

/// True when `kind` (a diagnostic::kind) is `p`.
[[nodiscard]] constexpr bool is(std::uint16_t kind, problem p) { return kind == static_cast<std::uint16_t>(p); }

}  // namespace volpol::helper
