// VP110: a policy that an earlier one shadows. Velero's `Policies.match` takes the first policy
// whose conditions all hold, so a later policy whose every match is also a match of an earlier
// one never decides anything. Shadowing is proved condition by condition (conservatively: a
// pair that is not provably implied is not reported).
#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "context.h"

namespace volpol::lint::detail {

namespace {

/// [lo, hi] with hi == nullopt for "no upper bound": capacity_range::contains in interval form.
struct interval {
  k8s::quantity lo;
  std::optional<k8s::quantity> hi;
};

interval to_interval(const policy::capacity_range& r) {
  if (r.lower.is_zero()) return {k8s::quantity{}, r.upper.is_zero() ? std::nullopt : std::optional(r.upper)};
  if (r.upper.is_zero()) return {r.lower, std::nullopt};
  return {r.lower, r.upper};
}

bool capacity_implied(const policy::capacity_range& later, const policy::capacity_range& earlier) {
  const interval l = to_interval(later), e = to_interval(earlier);
  if (e.lo.compare(l.lo) > 0) return false;
  if (!e.hi) return true;
  return l.hi && l.hi->compare(*e.hi) <= 0;
}

/// Every value of `later` is in `earlier` (an empty earlier list is no condition at all; an
/// empty later list is "any", which only an empty earlier list implies).
bool list_implied(const std::vector<std::string>& later, const std::vector<std::string>& earlier) {
  if (earlier.empty()) return true;
  if (later.empty()) return false;
  return std::all_of(later.begin(), later.end(), [&](const std::string& s) {
    return std::find(earlier.begin(), earlier.end(), s) != earlier.end();
  });
}

bool same_set(std::vector<std::string> a, std::vector<std::string> b) {
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  return a == b;
}

bool labels_implied(const k8s::string_map& later, const k8s::string_map& earlier) {
  for (const auto& [k, v] : earlier) {
    if (later.find(k) != v) return false;
  }
  return true;
}

bool nfs_implied(const std::optional<policy::nfs_condition>& later,
                 const std::optional<policy::nfs_condition>& earlier) {
  if (!earlier) return true;
  if (!later) return false;
  return (earlier->server.empty() || earlier->server == later->server) &&
         (earlier->path.empty() || earlier->path == later->path);
}

bool csi_implied(const std::optional<policy::csi_condition>& later,
                 const std::optional<policy::csi_condition>& earlier) {
  if (!earlier) return true;
  if (!later) return false;
  if (earlier->driver.empty()) return !earlier->volume_attributes || earlier->volume_attributes->empty();
  if (earlier->driver != later->driver) return false;
  if (!earlier->volume_attributes || earlier->volume_attributes->empty()) return true;
  return later->volume_attributes && labels_implied(*later->volume_attributes, *earlier->volume_attributes);
}

/// Every volume that meets `later` meets `earlier`.
bool implied(const policy::volume_conditions& later, const policy::volume_conditions& earlier) {
  return capacity_implied(later.capacity, earlier.capacity) &&
         list_implied(later.storage_class, earlier.storage_class) && nfs_implied(later.nfs, earlier.nfs) &&
         csi_implied(later.csi, earlier.csi) && list_implied(later.volume_types, earlier.volume_types) &&
         labels_implied(later.pvc_labels, earlier.pvc_labels) && list_implied(later.pvc_phase, earlier.pvc_phase) &&
         (earlier.pvc_volume_mode.empty() || earlier.pvc_volume_mode == later.pvc_volume_mode) &&
         (earlier.pvc_access_modes.empty() || same_set(earlier.pvc_access_modes, later.pvc_access_modes)) &&
         list_implied(later.volume_name, earlier.volume_name);
}

bool same_conditions(const policy::volume_conditions& a, const policy::volume_conditions& b) {
  return implied(a, b) && implied(b, a);
}

}  // namespace

void check_unreachable_policies(context& c) {
  const auto& list = c.policies();
  for (std::size_t j = 1; j < list.size(); ++j) {
    const policy::volume_policy& later = *list[j];
    if (c.said_never_matches(later)) continue;
    for (std::size_t i = 0; i < j; ++i) {
      const policy::volume_policy& earlier = *list[i];
      if (c.said_never_matches(earlier) || !implied(later.conditions, earlier.conditions)) continue;
      const char* how = is_catch_all(earlier.conditions)                        ? "matches every volume (no conditions)"
                        : same_conditions(later.conditions, earlier.conditions) ? "has the same conditions"
                                                                                : "matches every volume it matches";
      const bool across = earlier.scope != later.scope;
      c.add(rule_id::unreachable_policy, later, later.mark, policy_path(later),
            fmt::format("{} is never reached: {} {}", label(later), label(earlier), how),
            across ? fmt::format("the backup's policies come before the global ones; narrow {}", short_label(earlier))
                   : fmt::format("move it before {}, or narrow {}", short_label(earlier), short_label(earlier)))
          .never_matches = true;
      break;
    }
  }
}

}  // namespace volpol::lint::detail
