// The `pvcAccessModes` condition. Mirrors `pvcAccessModesCondition.match` (velero
// volume_resources.go): equal lengths, then `sets.New(c...).Equal(sets.New(pvc...))`.
#include <algorithm>

#include "text_equal.h"
#include "volpol/detail/policy/volume_conditions.h"

namespace volpol::policy {

namespace {

// Every entry of `a` occurs in `b` (the condition's std::strings, the PVC's compact strings).
// Lists are a handful of modes: a scan beats a set.
template <class A, class B>
bool all_in(std::span<const A> a, std::span<const B> b) {
  return std::all_of(a.begin(), a.end(), [&](const A& x) { return detail::text_in(std::string_view(x), b); });
}

}  // namespace

bool pvc_access_modes_condition_matches(const std::vector<std::string>& c, const structured_volume& v) {
  if (c.empty()) return true;
  if (v.pvc_access_modes.size() != c.size()) return false;
  const std::span<const std::string> condition(c);
  return all_in(condition, v.pvc_access_modes) && all_in(v.pvc_access_modes, condition);
}

}  // namespace volpol::policy
