#include "volpol/plan/planner.h"

#include "walker.h"

namespace volpol::plan {

result<plan_result> make_plan(const plan_input& input) {
  if (input.cluster == nullptr) return make_error("no cluster given");
  auto ns = namespace_filter::make(input.backup.include_namespaces, input.backup.exclude_namespaces);
  if (auto* e = ns.error()) return *e;
  detail::walker w(input, std::move(ns).value(),
                   resource_filter(input.backup.include_resources, input.backup.exclude_resources));
  w.run();
  return w.finish();
}

}  // namespace volpol::plan
