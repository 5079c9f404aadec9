// VP201: a policy no volume of the cluster matches: policy::matches over what each traced step
// matched the policies on (volume_decision::matched_on).
#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <set>

#include "cluster_objects.h"

namespace volpol::lint::detail {

void check_policy_coverage(context& c) {
  const lint_input& in = c.input();
  // What Velero's GetMatchAction received at every step that asked the policies (the traced
  // steps' matched_on), each structured once; then each policy against them until one matches:
  // O(policies × volumes) at worst, no rebuilding.
  std::vector<policy::structured_volume> volumes;
  std::size_t counted = 0;  // volumes, not rows: a shared PVC's second pod adds a row, no volume
  for (const plan::volume_record& r : in.plan->volumes) {
    if (r.decision.kind != plan::reason_kind::pvc_covered_by_pod) ++counted;
    for (const plan::volume_decision& step : steps_of(r))
      if (step.consulted_policies)
        if (auto v = policy::make_structured_volume(step.matched_on)) volumes.push_back(*v);
  }
  for (const policy::volume_policy* p : c.policies()) {
    if (c.said_never_matches(*p)) continue;
    const bool any = std::any_of(volumes.begin(), volumes.end(),
                                 [&](const policy::structured_volume& v) { return policy::matches(*p, v); });
    if (any) continue;
    c.add(rule_id::policy_matches_nothing, *p, p->mark, policy_path(*p),
          fmt::format("{} matches none of the cluster's {} volumes", label(*p), counted),
          "check its conditions against the volumes `volpol plan` lists");
  }
}

}  // namespace volpol::lint::detail
