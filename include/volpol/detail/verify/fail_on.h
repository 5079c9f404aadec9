// volpol/detail/verify/fail_on.h — CI gates for `volpol plan --fail-on`: which volumes end a way the
// caller does not accept.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "volpol/plan/planner.h"

namespace volpol::verify {

enum class gate : std::uint8_t {
  skipped,        ///< method `skipped` (any volume: also secrets, configMaps, opted-out pod volumes;
                  ///< not `shared-pvc`, the second pod of a PVC another pod's PodVolumeBackup covers)
  error,          ///< Velero will report an error for the volume
  custom,         ///< handed to a third-party plugin (Velero itself takes nothing)
  not_backed_up,  ///< a PVC or PV whose data nothing copies: skipped, error, or not collected
                  ///< (method `not-backed-up`: a filter left the item out); not custom
};

/// "skipped", "error", "custom", "not-backed-up".
[[nodiscard]] std::string_view to_string(gate g);
[[nodiscard]] std::optional<gate> gate_from_string(std::string_view s);

[[nodiscard]] bool fails(gate g, const plan::volume_record& r);

/// The volumes that fail any of `gates`, with the first gate each fails, in the plan's order.
struct gate_failure {
  const plan::volume_record* volume;
  gate failed;
};
[[nodiscard]] std::vector<gate_failure> check_gates(const plan::plan_result& p, const std::vector<gate>& gates);

/// `--fail-on skipped,error: 3 volumes` and one `  <gate>: <volume title>` line per volume.
[[nodiscard]] std::string render_gate_failures(const std::vector<gate_failure>& f, const std::vector<gate>& gates);

}  // namespace volpol::verify
