// The `pvcAccessModes` condition. Mirrors `pvcAccessModesCondition.match` (velero
// volume_resources.go): equal lengths, then `sets.New(c...).Equal(sets.New(pvc...))`.
#include <algorithm>

#include "text_equal.h"
#include "volpol/policy/volume_conditions.h"

namespace volpol::policy {

namespace {

// Every entry of `a` occurs in `b`. Lists are a handful of modes: a scan beats a set.
bool all_in(std::span<const std::string> a, std::span<const std::string> b) {
  return std::all_of(a.begin(), a.end(), [&](const std::string& x) { return detail::text_in(x, b); });
}

}  // namespace

bool pvc_access_modes_condition_matches(const std::vector<std::string>& c, const structured_volume& v) {
  if (c.empty()) return true;
  if (v.pvc_access_modes.size() != c.size()) return false;
  return all_in(c, v.pvc_access_modes) && all_in(v.pvc_access_modes, c);
}

}  // namespace volpol::policy
