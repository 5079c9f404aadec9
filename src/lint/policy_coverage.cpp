// VP201: a policy no volume of the cluster matches (policy::matches over the records' volumes).
#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <set>

#include "cluster_objects.h"

namespace volpol::lint::detail {

void check_policy_coverage(context& c) {
  const lint_input& in = c.input();
  std::vector<record_objects> objects;
  for (const plan::volume_record& r : in.plan->volumes) objects.push_back(objects_of(*in.cluster, r));
  for (const policy::volume_policy* p : c.policies()) {
    if (c.said_never_matches(*p)) continue;
    const bool any = std::any_of(objects.begin(), objects.end(), [&](const record_objects& o) { return record_matches(*p, o); });
    if (any) continue;
    c.add(rule_id::policy_matches_nothing, *p, p->mark, policy_path(*p),
          fmt::format("{} matches none of the cluster's {} volumes", label(*p), objects.size()),
          "check its conditions against the volumes `volpol plan` lists");
  }
}

}  // namespace volpol::lint::detail
