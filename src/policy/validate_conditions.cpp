// Condition checks of `Policies.Validate` (velero internal/resourcepolicies/
// volume_resources_validator.go: `capacityCondition.validate`, `csiCondition.validate`; the
// other conditions' validate() accept anything the decoder accepted).
#include <fmt/format.h>

#include "validate_parts.h"

namespace volpol::policy::detail {

namespace {

value_mark condition_mark(const volume_policy& vp, std::string_view key) {
  const value& c = vp.raw_conditions;
  for (std::size_t i = 0; i < c.entries().size(); ++i)
    if (c.entries()[i].first == key)
      return c.entries()[i].second.mark().line ? c.entries()[i].second.mark() : c.key_mark(i);
  return vp.mark;
}

void check_capacity(const volume_policy& vp, const std::string& path, diagnostics& out) {
  const capacity_range& r = vp.conditions.capacity;
  // [0, a], [a, b], [b, 0]: lower ≤ upper, or upper is zero (no upper bound).
  if (r.upper.compare(r.lower) >= 0 || (!r.lower.is_zero() && r.upper.is_zero())) return;
  out.add(vp.origin.diagnose(condition_mark(vp, "capacity"), path + ".capacity",
                             fmt::format("capacity lower bound `{}` is greater than its upper bound `{}` (in `{}`)",
                                         r.lower.to_string(), r.upper.to_string(), vp.conditions.capacity_text),
                             "write `lower,upper` with lower ≤ upper, or leave upper empty for no upper bound"));
}

void check_csi(const volume_policy& vp, const std::string& path, diagnostics& out) {
  const std::optional<csi_condition>& csi = vp.conditions.csi;
  if (!csi || !csi->driver.empty() || !csi->volume_attributes) return;
  out.add(vp.origin.diagnose(condition_mark(vp, "csi"), path + ".csi",
                             "csi `volumeAttributes` need a `driver`: volumes cannot be filtered by attributes alone",
                             "add `driver: <csi driver name>` next to `volumeAttributes`"));
}

}  // namespace

void validate_conditions(const volume_policy& vp, diagnostics& out) {
  const std::string path = fmt::format("volumePolicies[{}].conditions", vp.index);
  check_capacity(vp, path, out);
  check_csi(vp, path, out);
}

}  // namespace volpol::policy::detail
