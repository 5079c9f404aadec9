// Decoding the resource filter sections of a policy document: `IncludeExcludePolicy`,
// `ClusterScopedFilterPolicy`, `NamespacedFilterPolicy`, `ResourceFilter`,
// `PolicyLabelSelector` (velero internal/resourcepolicies/resource_policies.go).
#include <fmt/format.h>

#include "decode_document.h"

namespace volpol::policy::detail {

namespace {

const std::vector<std::string_view> include_exclude_fields = {"includedClusterScopedResources",
                                                              "excludedClusterScopedResources",
                                                              "includedNamespaceScopedResources",
                                                              "excludedNamespaceScopedResources"};
const std::vector<std::string_view> filter_fields = {"kinds", "labelSelector", "orLabelSelectors", "names",
                                                     "excludedNames"};
const std::vector<std::string_view> selector_fields = {"matchLabels", "matchExpressions"};
const std::vector<std::string_view> requirement_fields = {"key", "operator", "values"};

label_selector_requirement decode_requirement(const YAML::Node& n, const std::string& path, node_decoder& d) {
  label_selector_requirement r;
  r.mark = mark_of(n);
  d.fields(n, path, r.mark, "a label selector requirement", requirement_fields,
           [&](std::string_view key, const YAML::Node& v, value_mark km, const std::string& p) {
             const value_mark vm = value_position(v, km);
             if (key == "key") r.key = d.string_field(v, p, vm).value_or("");
             else if (key == "operator") r.op = d.string_field(v, p, vm).value_or("");
             else r.values = d.string_list(v, p, vm, &r.value_marks);
           });
  return r;
}

policy_label_selector decode_selector(const YAML::Node& n, const std::string& path, value_mark m, node_decoder& d) {
  policy_label_selector s;
  s.mark = m;
  const std::size_t before = d.errors();
  d.fields(n, path, m, "a label selector", selector_fields,
           [&](std::string_view key, const YAML::Node& v, value_mark km, const std::string& p) {
             const value_mark vm = value_position(v, km);
             if (key == "matchLabels") {
               s.match_labels = d.string_map(v, p, vm, &s.match_label_marks);
             } else {
               d.struct_list(v, p, vm, "label selector requirements",
                             [&](const YAML::Node& item, std::size_t, const std::string& ip) {
                               s.match_expressions.push_back(decode_requirement(item, ip, d));
                             });
             }
           });
  s.decode_failed = d.errors() != before;
  return s;
}

/// `[]*PolicyLabelSelector`: a null item stays, as a nil pointer does in Go.
std::vector<policy_label_selector> decode_or_selectors(const YAML::Node& n, const std::string& path, value_mark m,
                                                       node_decoder& d) {
  std::vector<policy_label_selector> out;
  if (node_decoder::is_null(n)) return out;
  if (!n.IsSequence()) {
    d.error(m, path, fmt::format("expected a list of label selectors, got {}", describe(n)));
    return out;
  }
  std::size_t i = 0;
  for (const YAML::Node& item : n) {
    const std::string p = item_path(path, i++);
    out.push_back(decode_selector(item, p, value_position(item, m), d));
  }
  return out;
}

resource_filter decode_filter(const YAML::Node& n, const std::string& path, node_decoder& d) {
  resource_filter f;
  f.mark = mark_of(n);
  const std::size_t before = d.errors();
  d.fields(n, path, f.mark, "a resource filter", filter_fields,
           [&](std::string_view key, const YAML::Node& v, value_mark km, const std::string& p) {
             const value_mark vm = value_position(v, km);
             if (key == "kinds") {
               f.kinds = d.string_list(v, p, vm, &f.kinds_marks);
             } else if (key == "labelSelector") {
               if (!node_decoder::is_null(v)) f.label_selector = decode_selector(v, p, vm, d);
             } else if (key == "orLabelSelectors") {
               f.or_label_selectors = decode_or_selectors(v, p, vm, d);
             } else if (key == "names") {
               f.names = d.string_list(v, p, vm, &f.names_marks);
             } else {
               f.excluded_names = d.string_list(v, p, vm, &f.excluded_names_marks);
             }
           });
  f.decode_failed = d.errors() != before;
  return f;
}

std::vector<resource_filter> decode_filters(const YAML::Node& n, const std::string& path, value_mark m,
                                            node_decoder& d) {
  std::vector<resource_filter> out;
  d.struct_list(n, path, m, "resource filters", [&](const YAML::Node& item, std::size_t, const std::string& p) {
    out.push_back(decode_filter(item, p, d));
  });
  return out;
}

namespaced_filter_policy decode_namespaced(const YAML::Node& n, const std::string& path, node_decoder& d) {
  namespaced_filter_policy nfp;
  nfp.mark = mark_of(n);
  const std::size_t before = d.errors();
  d.fields(n, path, nfp.mark, "a namespaced filter policy", {"namespaces", "resourceFilters"},
           [&](std::string_view key, const YAML::Node& v, value_mark km, const std::string& p) {
             const value_mark vm = value_position(v, km);
             if (key == "namespaces") nfp.namespaces = d.string_list(v, p, vm, &nfp.namespaces_marks);
             else nfp.resource_filters = decode_filters(v, p, vm, d);
           });
  nfp.decode_failed = d.errors() != before;
  return nfp;
}

}  // namespace

std::optional<include_exclude_policy> decode_include_exclude(const YAML::Node& n, const std::string& path, value_mark m,
                                                             node_decoder& d) {
  include_exclude_policy p;
  p.mark = m;
  std::vector<std::string>* lists[4] = {&p.included_cluster_scoped_resources, &p.excluded_cluster_scoped_resources,
                                        &p.included_namespace_scoped_resources, &p.excluded_namespace_scoped_resources};
  const std::size_t before = d.errors();
  const bool present = d.fields(n, path, m, "includeExcludePolicy", include_exclude_fields,
                                [&](std::string_view key, const YAML::Node& v, value_mark km, const std::string& fp) {
                                  for (std::size_t i = 0; i < 4; ++i)
                                    if (key == include_exclude_fields[i])
                                      *lists[i] = d.string_list(v, fp, value_position(v, km), &p.marks[i]);
                                });
  if (!present) return std::nullopt;
  p.decode_failed = d.errors() != before;
  return p;
}

std::optional<cluster_scoped_filter_policy> decode_cluster_scoped_filter(const YAML::Node& n, const std::string& path,
                                                                         value_mark m, node_decoder& d) {
  cluster_scoped_filter_policy p;
  p.mark = m;
  const std::size_t before = d.errors();
  const bool present = d.fields(n, path, m, "clusterScopedFilterPolicy", {"resourceFilters"},
                                [&](std::string_view, const YAML::Node& v, value_mark km, const std::string& fp) {
                                  p.resource_filters = decode_filters(v, fp, value_position(v, km), d);
                                });
  if (!present) return std::nullopt;
  p.decode_failed = d.errors() != before;
  return p;
}

std::vector<namespaced_filter_policy> decode_namespaced_filters(const YAML::Node& n, const std::string& path,
                                                                value_mark m, node_decoder& d) {
  std::vector<namespaced_filter_policy> out;
  d.struct_list(n, path, m, "namespaced filter policies",
                [&](const YAML::Node& item, std::size_t, const std::string& p) {
                  out.push_back(decode_namespaced(item, p, d));
                });
  return out;
}

}  // namespace volpol::policy::detail
