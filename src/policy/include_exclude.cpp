// includeExcludePolicy checks (velero internal/resourcepolicies/resource_policies.go
// `IncludeExcludePolicy.Validate` / `validateIncludeExclude`), per scope.
#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "validate_parts.h"

namespace volpol::policy::detail {

namespace {

constexpr std::string_view list_fields[4] = {"includedClusterScopedResources", "excludedClusterScopedResources",
                                             "includedNamespaceScopedResources", "excludedNamespaceScopedResources"};

value_mark item_mark(const include_exclude_policy& p, int list, std::size_t i) {
  const auto& marks = p.marks[list];
  return i < marks.size() && marks[i].line ? marks[i] : p.mark;
}

void check_scope(const include_exclude_policy& p, int included, const std::vector<std::string>& includes,
                 const std::vector<std::string>& excludes, const text_origin& o, diagnostics& out) {
  const int excluded = included + 1;
  const std::vector<std::string>* lists[2] = {&includes, &excludes};
  for (int l = 0; l < 2; ++l)
    for (std::size_t i = 0; i < lists[l]->size(); ++i)
      if ((*lists[l])[i] == "*")
        out.add(o.diagnose(item_mark(p, included + l, i),
                           fmt::format("includeExcludePolicy.{}[{}]", list_fields[included + l], i),
                           "cannot use `*` in the include or exclude lists of includeExcludePolicy",
                           l == 0 ? "leave the list out to include every resource of this scope"
                                  : "name the resources to exclude"));
  std::set<std::string> reported;
  for (std::size_t i = 0; i < excludes.size(); ++i) {
    const std::string& name = excludes[i];
    if (name == "*" || reported.count(name)) continue;
    if (std::find(includes.begin(), includes.end(), name) == includes.end()) continue;
    reported.insert(name);
    out.add(o.diagnose(item_mark(p, excluded, i), fmt::format("includeExcludePolicy.{}[{}]", list_fields[excluded], i),
                       fmt::format("`{}` is both included ({}) and excluded", name, list_fields[included]),
                       "an excludes list cannot contain an item of the includes list"));
  }
}

}  // namespace

void validate_include_exclude(const include_exclude_policy& p, const text_origin& origin, diagnostics& out) {
  check_scope(p, 0, p.included_cluster_scoped_resources, p.excluded_cluster_scoped_resources, origin, out);
  check_scope(p, 2, p.included_namespace_scoped_resources, p.excluded_namespace_scoped_resources, origin, out);
}

}  // namespace volpol::policy::detail
