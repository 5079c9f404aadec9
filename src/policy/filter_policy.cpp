// Filter-policy checks of `Policies.Validate` / `ValidateForRestore` (velero
// internal/resourcepolicies/resource_policies.go `validateClusterScopedFilterPolicy`,
// `validateNamespacedFilterPolicies`), every problem collected.
#include <fmt/format.h>

#include <map>

#include "validate_parts.h"
#include "volpol/detail/policy/filter_policy.h"

namespace volpol::policy::detail {

namespace {

value_mark at(const std::vector<value_mark>& marks, std::size_t i, value_mark fallback) {
  return i < marks.size() && marks[i].line ? marks[i] : fallback;
}

void check_selector(const policy_label_selector& s, const std::string& path, const text_origin& o, diagnostics& out) {
  if (s.decode_failed || !s.present()) return;  // Go checks only a present selector
  for (const k8s::selector_problem& p : k8s::check_label_selector(s))
    out.add(
        o.diagnose(p.mark.line ? p.mark : s.mark, path + "." + p.path, "invalid label selector: " + p.message, p.help));
}

void check_globs(const std::vector<std::string>& patterns, const std::vector<value_mark>& marks,
                 const std::string& path, value_mark fallback, const text_origin& o, diagnostics& out) {
  for (std::size_t k = 0; k < patterns.size(); ++k)
    if (std::optional<std::string> e = glob_syntax_error(patterns[k]))
      out.add(o.diagnose(at(marks, k, fallback), fmt::format("{}[{}]", path, k),
                         fmt::format("invalid glob pattern `{}`: {}", patterns[k], *e),
                         "globs use `*`, `?`, `[abc]`, `[a-z]` and `{a,b}`; escape a literal `[` as `\\[`"));
}

/// A kind listed twice across one section's filters (or twice in one filter).
void check_kind(const std::string& kind, std::size_t j, std::size_t k, const resource_filter& rf,
                std::map<std::string, std::size_t>& seen, const std::string& section, const text_origin& o,
                diagnostics& out) {
  const auto [it, fresh] = seen.emplace(kind, j);
  if (fresh) return;
  const std::string where = it->second == j ? fmt::format("is listed twice in resourceFilters[{}]", j)
                                            : fmt::format("appears in both resourceFilters[{}] and resourceFilters[{}]",
                                                          it->second, j);
  out.add(o.diagnose(at(rf.kinds_marks, k, rf.mark), fmt::format("{}.resourceFilters[{}].kinds[{}]", section, j, k),
                     fmt::format("kind `{}` {}", kind, where), "each kind may appear in one resource filter only"));
}

void check_selectors_of(const resource_filter& rf, const std::string& path, const text_origin& o, diagnostics& out) {
  if (rf.label_selector && rf.label_selector->present() && !rf.or_label_selectors.empty())
    out.add(o.diagnose(rf.label_selector->mark, path + ".labelSelector",
                       "`labelSelector` and `orLabelSelectors` cannot be used together",
                       "move the labelSelector's constraints into each orLabelSelectors item"));
  if (rf.label_selector) check_selector(*rf.label_selector, path + ".labelSelector", o, out);
  for (std::size_t k = 0; k < rf.or_label_selectors.size(); ++k)
    check_selector(rf.or_label_selectors[k], fmt::format("{}.orLabelSelectors[{}]", path, k), o, out);
}

void check_catch_all(const resource_filter& rf, const std::string& path, int& catch_all, std::size_t j,
                     const text_origin& o, diagnostics& out) {
  if (!rf.is_catch_all()) return;
  if (catch_all >= 0)
    out.add(o.diagnose(rf.mark, path,
                       fmt::format("only one catch-all resource filter (empty `kinds` or [\"*\"]) is allowed per "
                                   "namespaced filter policy; resourceFilters[{}] is one already",
                                   catch_all),
                       "merge the two filters, or name the kinds of one of them"));
  else catch_all = static_cast<int>(j);
  if (!rf.names.empty() || !rf.excluded_names.empty())
    out.add(o.diagnose(rf.mark, path + (rf.names.empty() ? ".excludedNames" : ".names"),
                       "`names` and `excludedNames` cannot be used in a catch-all resource filter (empty `kinds` or "
                       "[\"*\"])",
                       "list the kinds the names apply to in `kinds`"));
}

void check_namespaced_policy(const namespaced_filter_policy& nfp, std::size_t i, const text_origin& o,
                             std::map<std::string, std::vector<std::pair<std::size_t, std::size_t>>>& patterns,
                             diagnostics& out) {
  const std::string path = fmt::format("namespacedFilterPolicies[{}]", i);
  if (nfp.namespaces.empty() && !nfp.decode_failed)
    out.add(o.diagnose(nfp.mark, path + ".namespaces", "at least one namespace must be specified",
                       "list namespace names or patterns, e.g. `namespaces: [\"team-*\"]`"));
  if (nfp.resource_filters.empty() && !nfp.decode_failed)
    out.add(o.diagnose(nfp.mark, path + ".resourceFilters", "at least one resourceFilter must be specified",
                       "add e.g. `resourceFilters: [{kinds: [\"*\"]}]`"));
  for (std::size_t j = 0; j < nfp.namespaces.size(); ++j) {
    const value_mark m = at(nfp.namespaces_marks, j, nfp.mark);
    if (std::optional<std::string> e = namespace_pattern_error(nfp.namespaces[j]))
      out.add(o.diagnose(m, fmt::format("{}.namespaces[{}]", path, j),
                         fmt::format("invalid namespace pattern `{}`: {}", nfp.namespaces[j], *e),
                         "namespace patterns use `*`, `?` and `[abc]` only"));
    patterns[nfp.namespaces[j]].emplace_back(i, j);
  }
  std::map<std::string, std::size_t> kinds;
  int catch_all = -1;
  for (std::size_t j = 0; j < nfp.resource_filters.size(); ++j) {
    const resource_filter& rf = nfp.resource_filters[j];
    if (rf.decode_failed) continue;
    const std::string rpath = fmt::format("{}.resourceFilters[{}]", path, j);
    check_catch_all(rf, rpath, catch_all, j, o, out);
    for (std::size_t k = 0; k < rf.kinds.size(); ++k)
      if (rf.kinds[k] != "*") check_kind(rf.kinds[k], j, k, rf, kinds, path, o, out);
    check_selectors_of(rf, rpath, o, out);
    validate_filter_patterns(rf, rpath, o, out);
  }
}

value_mark namespace_mark(const resource_policies& doc, std::size_t i, std::size_t j) {
  const namespaced_filter_policy& p = doc.namespaced_filters[i];
  return at(p.namespaces_marks, j, p.mark);
}

}  // namespace

void validate_filter_patterns(const resource_filter& rf, const std::string& path, const text_origin& o,
                              diagnostics& out) {
  check_globs(rf.names, rf.names_marks, path + ".names", rf.mark, o, out);
  check_globs(rf.excluded_names, rf.excluded_names_marks, path + ".excludedNames", rf.mark, o, out);
}

void validate_cluster_scoped_filter(const resource_policies& doc, diagnostics& out) {
  if (!doc.cluster_scoped_filter) return;
  const cluster_scoped_filter_policy& p = *doc.cluster_scoped_filter;
  const text_origin& o = doc.origin;
  if (p.resource_filters.empty()) {
    if (!p.decode_failed)
      out.add(o.diagnose(p.mark, "clusterScopedFilterPolicy.resourceFilters", "`resourceFilters` cannot be empty",
                         "remove `clusterScopedFilterPolicy` entirely if it is not needed"));
    return;
  }
  std::map<std::string, std::size_t> kinds;
  for (std::size_t j = 0; j < p.resource_filters.size(); ++j) {
    const resource_filter& rf = p.resource_filters[j];
    if (rf.decode_failed) continue;
    const std::string path = fmt::format("clusterScopedFilterPolicy.resourceFilters[{}]", j);
    if (rf.is_catch_all())
      out.add(o.diagnose(rf.kinds_marks.empty() ? rf.mark : rf.kinds_marks.front(), path + ".kinds",
                         "`kinds` must be specified: clusterScopedFilterPolicy does not support catch-all filters "
                         "(empty `kinds` or [\"*\"])",
                         "name the cluster-scoped kinds, e.g. `kinds: [\"ClusterRole\"]`"));
    else
      for (std::size_t k = 0; k < rf.kinds.size(); ++k)
        check_kind(rf.kinds[k], j, k, rf, kinds, "clusterScopedFilterPolicy", o, out);
    check_selectors_of(rf, path, o, out);
    validate_filter_patterns(rf, path, o, out);
  }
}

void validate_namespaced_filters(const resource_policies& doc, diagnostics& out) {
  std::map<std::string, std::vector<std::pair<std::size_t, std::size_t>>> patterns;
  for (std::size_t i = 0; i < doc.namespaced_filters.size(); ++i)
    check_namespaced_policy(doc.namespaced_filters[i], i, doc.origin, patterns, out);
  for (const auto& [pattern, uses] : patterns)
    for (std::size_t u = 1; u < uses.size(); ++u)
      out.add(doc.origin.diagnose(
          namespace_mark(doc, uses[u].first, uses[u].second),
          fmt::format("namespacedFilterPolicies[{}].namespaces[{}]", uses[u].first, uses[u].second),
          fmt::format("duplicate namespace pattern `{}`: already listed in namespacedFilterPolicies[{}]", pattern,
                      uses[0].first),
          "list each namespace pattern once; a namespace is filtered by the first policy that matches it"));
}

}  // namespace volpol::policy::detail
