// item_collection: Velero's item collection and item inclusion checks for pods, PVCs and PVs
// (see item_collection.h for the Velero functions mirrored).
#include "volpol/detail/plan/item_collection.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "namespace_includes_excludes.h"
#include "volpol/detail/plan/glob.h"
#include "volpol/detail/policy/filter_policy.h"

namespace volpol::plan {

std::string_view to_string(item_exclusion e) {
  switch (e) {
    case item_exclusion::none: return "";
    case item_exclusion::exclude_label: return "exclude-label";
    case item_exclusion::namespace_excluded: return "namespace";
    case item_exclusion::resource_not_included: return "resource";
    case item_exclusion::resource_excluded: return "resource";
    case item_exclusion::cluster_scoped_not_listed: return "cluster-scoped";
    case item_exclusion::label_selector: return "label-selector";
    case item_exclusion::or_label_selectors: return "or-label-selectors";
    case item_exclusion::filter_kind_not_listed: return "filter-kind";
    case item_exclusion::filter_name: return "filter-name";
    case item_exclusion::being_deleted: return "being-deleted";
  }
  return "";
}

std::string_view to_string(filter_setting o) {
  switch (o) {
    case filter_setting::none: return "";
    case filter_setting::backup_spec: return "backup spec";
    case filter_setting::namespace_label: return "namespace label";
    case filter_setting::include_exclude_policy: return "includeExcludePolicy";
    case filter_setting::namespaced_filter_policy: return "namespacedFilterPolicies";
    case filter_setting::cluster_scoped_filter_policy: return "clusterScopedFilterPolicy";
    case filter_setting::item_label: return "item label";
    case filter_setting::item_metadata: return "item metadata";
  }
  return "";
}

std::string_view to_string(filter_field f) {
  switch (f) {
    case filter_field::none: return "";
    case filter_field::included_namespaces: return "includedNamespaces";
    case filter_field::excluded_namespaces: return "excludedNamespaces";
    case filter_field::included_resources: return "includedResources";
    case filter_field::excluded_resources: return "excludedResources";
    case filter_field::include_cluster_resources: return "includeClusterResources";
    case filter_field::included_cluster_scoped_resources: return "includedClusterScopedResources";
    case filter_field::excluded_cluster_scoped_resources: return "excludedClusterScopedResources";
    case filter_field::included_namespace_scoped_resources: return "includedNamespaceScopedResources";
    case filter_field::excluded_namespace_scoped_resources: return "excludedNamespaceScopedResources";
    case filter_field::label_selector: return "labelSelector";
    case filter_field::or_label_selectors: return "orLabelSelectors";
    case filter_field::resource_filter: return "resourceFilters";
    case filter_field::exclude_label: return "velero.io/exclude-from-backup";
    case filter_field::deletion_timestamp: return "deletionTimestamp";
  }
  return "";
}

namespace {

/// "spec.labelSelector", "namespacedFilterPolicies[0].resourceFilters[1].labelSelector" ...
std::string field_path(const item_inclusion& i) {
  std::string owner;
  if (i.setting == filter_setting::namespaced_filter_policy)
    owner = i.from_filter
                ? fmt::format("namespacedFilterPolicies[{}].resourceFilters[{}]", i.policy_index, i.filter_index)
                : fmt::format("namespacedFilterPolicies[{}]", i.policy_index);
  else if (i.setting == filter_setting::cluster_scoped_filter_policy)
    owner = fmt::format("clusterScopedFilterPolicy.resourceFilters[{}]", i.filter_index);
  else if (i.setting == filter_setting::include_exclude_policy) owner = "includeExcludePolicy";
  else owner = "spec";
  if (i.field == filter_field::resource_filter) return owner;
  return fmt::format("{}.{}", owner, to_string(i.field));
}

}  // namespace

std::string describe(const item_inclusion& i) {
  const std::string pattern = i.pattern.empty() ? std::string() : fmt::format(" `{}`", i.pattern);
  switch (i.why) {
    case item_exclusion::none: return "collected";
    case item_exclusion::exclude_label: return "item has label velero.io/exclude-from-backup=true";
    case item_exclusion::namespace_excluded:
      if (i.setting == filter_setting::namespace_label)
        return fmt::format("namespace{} has label velero.io/exclude-from-backup=true", pattern);
      if (i.field == filter_field::excluded_namespaces)
        return fmt::format("namespace excluded by {}{}", field_path(i), pattern);
      return fmt::format("namespace not in {}", field_path(i));
    case item_exclusion::resource_not_included:
    case item_exclusion::resource_excluded:
      if (i.field == filter_field::include_cluster_resources)
        return "cluster-scoped resources excluded by spec.includeClusterResources=false";
      if (i.pattern.empty()) return fmt::format("resource not in {}", field_path(i));
      return fmt::format("resource excluded by {}{}", field_path(i), pattern);
    case item_exclusion::cluster_scoped_not_listed:
      return "cluster-scoped resource not collected on its own (only specific namespaces or resources are "
             "included); backed up only when a backed-up PVC refers to it";
    case item_exclusion::label_selector: return fmt::format("labels do not match {}", field_path(i));
    case item_exclusion::or_label_selectors: return fmt::format("labels match none of {}", field_path(i));
    case item_exclusion::filter_kind_not_listed:
      return fmt::format("{} lists neither this kind nor a catch-all resource filter", field_path(i));
    case item_exclusion::filter_name:
      return pattern.empty() ? fmt::format("name not in {}.names", field_path(i))
                             : fmt::format("name matches {}.excludedNames{}", field_path(i), pattern);
    case item_exclusion::being_deleted: return "item is being deleted (deletionTimestamp set)";
  }
  return "";
}

namespace {

constexpr std::string_view pods_resource = "pods";
constexpr std::string_view pvcs_resource = "persistentvolumeclaims";
constexpr std::string_view pvs_resource = "persistentvolumes";
constexpr std::string_view namespaces_resource = "namespaces";
constexpr std::string_view exclude_label = "velero.io/exclude-from-backup";

std::string_view resource_name(resource_kind k) {
  switch (k) {
    case resource_kind::pods: return pods_resource;
    case resource_kind::persistent_volume_claims: return pvcs_resource;
    case resource_kind::persistent_volumes: return pvs_resource;
  }
  return {};
}

bool is_namespaced(resource_kind k) { return k != resource_kind::persistent_volumes; }

/// What discovery makes of a filter entry (`helper.ResourceFor`): a known resource's full
/// name; anything else (another resource, a glob) as written.
std::string_view resolve(std::string_view item) {
  if (const auto k = resource_kind_from_name(item)) return resource_name(*k);
  if (item == "namespaces" || item == "namespace" || item == "ns") return namespaces_resource;
  return item;
}

/// scopeResourceMapFunc: "" when the item is a known resource of the other scope.
std::string_view resolve_scoped(std::string_view item, bool namespaced) {
  if (const auto k = resource_kind_from_name(item)) {
    if (is_namespaced(*k) != namespaced) return {};
    return resource_name(*k);
  }
  if (item == "namespaces" || item == "namespace" || item == "ns")
    return namespaced ? std::string_view() : namespaces_resource;
  return item;
}

template <class List>
bool has(const List& list, std::string_view s) {
  return std::find(list.begin(), list.end(), s) != list.end();
}

/// ValidateIncludesExcludes (old-style resources) / the namespace variant's first part.
void validate_includes_excludes(const std::vector<std::string>& includes, const std::vector<std::string>& excludes,
                                std::string_view prefix, diagnostics& out) {
  const std::set<std::string> in(includes.begin(), includes.end());
  const std::set<std::string> ex(excludes.begin(), excludes.end());
  if (in.size() > 1 && in.contains("*"))
    out.add(make_error(
        fmt::format("{}: includes list must either contain '*' only, or a non-empty list of items", prefix)));
  if (ex.contains("*")) out.add(make_error(fmt::format("{}: excludes list cannot contain '*'", prefix)));
  for (const std::string& e : ex)
    if (in.contains(e))
      out.add(make_error(fmt::format("{}: excludes list cannot contain an item in the includes list: {}", prefix, e)));
}

/// ValidateScopedIncludesExcludes.
void validate_scoped(const std::vector<std::string>& includes, const std::vector<std::string>& excludes,
                     std::string_view prefix, diagnostics& out) {
  const std::set<std::string> in(includes.begin(), includes.end());
  const std::set<std::string> ex(excludes.begin(), excludes.end());
  if (in.size() > 1 && in.contains("*"))
    out.add(make_error(
        fmt::format("{}: includes list must either contain '*' only, or a non-empty list of items", prefix)));
  if (ex.size() > 1 && ex.contains("*"))
    out.add(make_error(
        fmt::format("{}: excludes list must either contain '*' only, or a non-empty list of items", prefix)));
  if (!in.empty() && ex.contains("*"))
    out.add(make_error(fmt::format("{}: when exclude is '*', include cannot have value", prefix)));
  for (const std::string& e : ex)
    if (in.contains(e))
      out.add(make_error(fmt::format("{}: excludes list cannot contain an item in the includes list: {}", prefix, e)));
}

/// validateNamespaceName: a valid wildcard pattern that, with `*?[]` replaced by `x`, is a
/// DNS-1123 label (Kubernetes `ValidateNamespaceName`).
std::optional<std::string> namespace_name_error(std::string_view ns) {
  if (ns.empty()) return std::nullopt;
  if (auto e = policy::namespace_pattern_error(ns)) return *e;
  std::string tmp(ns);
  for (char& c : tmp)
    if (c == '*' || c == '?' || c == '[' || c == ']') c = 'x';
  const auto alnum = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); };
  bool ok = tmp.size() <= 63 && alnum(tmp.front()) && alnum(tmp.back());
  for (char c : tmp) ok = ok && (alnum(c) || c == '-');
  if (ok) return std::nullopt;
  return fmt::format(
      "invalid namespace \"{}\": a lowercase RFC 1123 label must consist of lower case alphanumeric "
      "characters or '-', and must start and end with an alphanumeric character",
      ns);
}

bool old_and_new_filters_together(const k8s::backup_spec& s) {
  const bool old_filters = !s.included_resources.empty() || !s.excluded_resources.empty() ||
                           s.include_cluster_resources.has_value();
  const bool new_filters = !s.included_cluster_scoped_resources.empty() ||
                           !s.excluded_cluster_scoped_resources.empty() ||
                           !s.included_namespace_scoped_resources.empty() ||
                           !s.excluded_namespace_scoped_resources.empty();
  return old_filters && new_filters;
}

bool use_old_resource_filters(const k8s::backup_spec& s) {
  return s.include_cluster_resources.has_value() || !s.included_resources.empty() || !s.excluded_resources.empty();
}

std::optional<k8s::label_selector> policy_selector(const std::optional<policy::policy_label_selector>& s,
                                                   const std::string& field, diagnostics& out) {
  if (!s || !s->present()) return std::nullopt;  // SelectorFromPolicyLabelSelector: nil when absent
  auto sel = k8s::label_selector_as_selector(*s);
  if (const diagnostic* e = sel.error()) {
    out.add(make_error(fmt::format("invalid label selector in resource filter {}: {}", field, e->message)));
    return std::nullopt;
  }
  return std::move(sel).value();
}

/// prepareBackupRequest's checks of the spec's filters, in Velero's order: old and new resource
/// filters together, the resource lists (ValidateIncludesExcludes /
/// ValidateScopedIncludesExcludes), the namespace lists (ValidateNamespaceIncludesExcludes),
/// labelSelector with orLabelSelectors, and old-style filters with an includeExcludePolicy or
/// fine-grained filter policies. Each problem is a validation error in `validation`.
void validate_backup_filters(const k8s::backup_spec& spec, const policy::resource_policies* doc,
                             const std::vector<std::string>& ns_includes, const std::vector<std::string>& ns_excludes,
                             diagnostics& validation) {
  if (old_and_new_filters_together(spec))
    validation.add(make_error(
        "include-resources, exclude-resources and include-cluster-resources are old filter parameters.\n"
        "include-cluster-scoped-resources, exclude-cluster-scoped-resources, include-namespace-scoped-resources "
        "and exclude-namespace-scoped-resources are new filter parameters.\nThey cannot be used together"));
  const bool old_style = use_old_resource_filters(spec);
  if (old_style) {
    validate_includes_excludes(spec.included_resources, spec.excluded_resources,
                               "Invalid included/excluded resource lists", validation);
  } else {
    validate_scoped(spec.included_cluster_scoped_resources, spec.excluded_cluster_scoped_resources,
                    "Invalid cluster-scoped included/excluded resource lists", validation);
    validate_scoped(spec.included_namespace_scoped_resources, spec.excluded_namespace_scoped_resources,
                    "Invalid namespace-scoped included/excluded resource lists", validation);
  }
  validate_includes_excludes(ns_includes, ns_excludes, "Invalid included/excluded namespace lists", validation);
  for (const auto* list : {&ns_includes, &ns_excludes})
    for (const std::string& ns : std::set<std::string>(list->begin(), list->end()))
      if (auto e = namespace_name_error(ns))
        validation.add(make_error(fmt::format("Invalid included/excluded namespace lists: {}", *e)));
  if (!spec.or_label_selectors.empty() && spec.label_selector)
    validation.add(
        make_error("encountered labelSelector as well as orLabelSelectors in backup spec, only one can be specified"));
  if (doc != nullptr && doc->include_exclude && old_style)
    validation.add(
        make_error("include-resources, exclude-resources and include-cluster-resources are old filter "
                   "parameters.\nThey cannot be used with include-exclude policies."));
  if (doc != nullptr && (!doc->namespaced_filters.empty() || doc->cluster_scoped_filter) && old_style)
    validation.add(
        make_error("include-resources, exclude-resources and include-cluster-resources are old filter "
                   "parameters.\nThey cannot be used with namespace-scoped or fine-grained global filter "
                   "policies."));
}

}  // namespace

void item_collection::pattern_set::insert(std::string_view item, filter_setting o) {
  if (has(item)) return;  // a set
  items.push_back(item);
  settings.push_back(o);
}

bool item_collection::pattern_set::has(std::string_view s) const { return plan::has(items, s); }

std::optional<std::size_t> item_collection::pattern_set::match(std::string_view s) const {
  for (std::size_t i = 0; i < items.size(); ++i)
    if (glob_match(items[i], s)) return i;
  return std::nullopt;
}

bool item_collection::scope_filter::include_everything() const {
  return excludes.empty() && (includes.empty() || (includes.items.size() == 1 && includes.has("*")));
}

result<item_collection> item_collection::make(const k8s::backup_spec& spec_in, const policy::policies* policies,
                                              const k8s::cluster& cluster, diagnostics& validation) {
  item_collection c;
  c.spec_ = std::make_shared<const k8s::backup_spec>(spec_in);
  const k8s::backup_spec& spec = *c.spec_;
  const policy::resource_policies* doc = policies ? &policies->document() : nullptr;
  c.old_style_ = use_old_resource_filters(spec);
  c.include_cluster_resources_ = spec.include_cluster_resources;

  // prepareBackupRequest: the namespaces, then the validation of the spec's filters.
  std::vector<std::string> ns_includes = spec.included_namespaces;
  if (ns_includes.empty()) ns_includes.emplace_back("*");
  std::vector<std::string> ns_excludes = spec.excluded_namespaces;
  c.exclude_labelled_namespaces(cluster, ns_excludes);
  validate_backup_filters(spec, doc, ns_includes, ns_excludes, validation);
  auto ns = namespace_includes_excludes::make(ns_includes, ns_excludes);
  if (const diagnostic* e = ns.error()) return *e;
  c.ns_ = std::make_shared<const namespace_includes_excludes>(std::move(ns).value());

  // The backup request's resource filters, label selectors and fine-grained filter policies.
  if (c.old_style_) c.generate_includes_excludes(spec);
  else c.generate_scoped_includes_excludes(spec, doc);
  c.resolve_label_selectors(spec, validation);
  if (doc != nullptr) c.resolve_filter_policies(*doc, validation);
  return c;
}

void item_collection::exclude_labelled_namespaces(const k8s::cluster& cluster, std::vector<std::string>& ns_excludes) {
  for (const k8s::namespace_object& n : cluster.namespaces()) {
    if (n.metadata.labels.find(exclude_label) == "true") {
      ns_excludes.push_back(n.metadata.name);
      labelled_namespaces_.emplace_back(n.metadata.name);
    }
  }
}

void item_collection::generate_includes_excludes(const k8s::backup_spec& spec) {
  for (const std::string& i : spec.included_resources)
    old_filter_.includes.insert(i == "*" ? std::string_view(i) : resolve(i), filter_setting::backup_spec);
  for (const std::string& e : spec.excluded_resources)
    if (e != "*") old_filter_.excludes.insert(resolve(e), filter_setting::backup_spec);
}

void item_collection::generate_scoped_includes_excludes(const k8s::backup_spec& spec,
                                                        const policy::resource_policies* doc) {
  auto fill = [](pattern_set& set, const std::vector<std::string>& items, bool namespaced) {
    for (const std::string& i : items) {
      const std::string_view key = i == "*" ? std::string_view(i) : resolve_scoped(i, namespaced);
      if (!key.empty()) set.insert(key, filter_setting::backup_spec);
    }
  };
  fill(namespaced_.includes, spec.included_namespace_scoped_resources, true);
  fill(namespaced_.excludes, spec.excluded_namespace_scoped_resources, true);
  fill(cluster_.includes, spec.included_cluster_scoped_resources, false);
  fill(cluster_.excludes, spec.excluded_cluster_scoped_resources, false);
  if (doc != nullptr && doc->include_exclude) combine_with_policy(*doc->include_exclude);
}

void item_collection::combine_with_policy(const policy::include_exclude_policy& p) {
  // The spec's entries win; the policy adds what they do not cover.
  auto combine = [](scope_filter& f, const std::vector<std::string>& items, bool namespaced, bool exclude) {
    for (const std::string& i : items) {
      const std::string_view key = resolve_scoped(i, namespaced);
      if (key.empty() || f.includes.match(key) || f.excludes.match(key)) continue;
      (exclude ? f.excludes : f.includes).insert(key, filter_setting::include_exclude_policy);
    }
  };
  combine(namespaced_, p.excluded_namespace_scoped_resources, true, true);
  combine(namespaced_, p.included_namespace_scoped_resources, true, false);
  combine(cluster_, p.excluded_cluster_scoped_resources, false, true);
  combine(cluster_, p.included_cluster_scoped_resources, false, false);
}

void item_collection::resolve_label_selectors(const k8s::backup_spec& spec, diagnostics& validation) {
  if (spec.label_selector) {
    auto sel = k8s::label_selector_as_selector(*spec.label_selector);
    if (const diagnostic* e = sel.error())
      validation.add(make_error(fmt::format("invalid spec.labelSelector: {}", e->message)));
    else label_selector_ = std::move(sel).value();
  }
  for (std::size_t i = 0; i < spec.or_label_selectors.size(); ++i) {
    auto sel = k8s::label_selector_as_selector(spec.or_label_selectors[i]);
    if (const diagnostic* e = sel.error())
      validation.add(make_error(fmt::format("invalid spec.orLabelSelectors[{}]: {}", i, e->message)));
    else or_label_selectors_.push_back(std::move(sel).value());
  }
}

void item_collection::resolve_filter_policies(const policy::resource_policies& doc, diagnostics& validation) {
  std::size_t count = doc.cluster_scoped_filter ? doc.cluster_scoped_filter->resource_filters.size() : 0;
  for (const auto& nf : doc.namespaced_filters) count += nf.resource_filters.size();
  filters_.reserve(count);  // the resolved filters are pointed to: no reallocation
  if (doc.cluster_scoped_filter) resolve_cluster_scoped_filter_policy(*doc.cluster_scoped_filter, validation);
  namespace_filters_.reserve(doc.namespaced_filters.size());
  for (std::size_t p = 0; p < doc.namespaced_filters.size(); ++p)
    resolve_namespaced_filter_policy(doc.namespaced_filters[p], p, validation);
}

const item_collection::resolved_filter* item_collection::resolve_resource_filter(const policy::resource_filter& rf,
                                                                                 filter_setting setting,
                                                                                 std::size_t policy_index,
                                                                                 std::size_t filter_index,
                                                                                 diagnostics& validation) {
  resolved_filter r;
  r.setting = setting;
  r.policy_index = static_cast<std::uint16_t>(policy_index);
  r.filter_index = static_cast<std::uint16_t>(filter_index);
  const std::string where = setting == filter_setting::cluster_scoped_filter_policy
                                ? fmt::format("clusterScopedFilterPolicy.resourceFilters[{}]", filter_index)
                                : fmt::format("namespacedFilterPolicies[{}].resourceFilters[{}]", policy_index,
                                              filter_index);
  r.selector = policy_selector(rf.label_selector, where, validation);
  for (const auto& o : rf.or_label_selectors)
    if (auto sel = policy_selector(std::optional<policy::policy_label_selector>(o), where, validation))
      r.or_selectors.push_back(std::move(*sel));
  r.names = &rf.names;
  r.excluded_names = &rf.excluded_names;
  filters_.push_back(std::move(r));
  return &filters_.back();
}

void item_collection::resolve_cluster_scoped_filter_policy(const policy::cluster_scoped_filter_policy& policy,
                                                           diagnostics& validation) {
  has_cluster_filter_policy_ = true;
  const auto& filters = policy.resource_filters;
  for (std::size_t i = 0; i < filters.size(); ++i) {
    const resolved_filter* r = resolve_resource_filter(filters[i], filter_setting::cluster_scoped_filter_policy, 0, i,
                                                       validation);
    for (const std::string& kind : filters[i].kinds)
      if (const auto k = resource_kind_from_name(kind); k && !is_namespaced(*k)) {
        auto it = std::find_if(cluster_filters_.begin(), cluster_filters_.end(),
                               [&](const auto& e) { return e.first == *k; });
        if (it != cluster_filters_.end()) it->second = r;  // a map: the last one wins
        else cluster_filters_.emplace_back(*k, r);
      }
  }
}

void item_collection::resolve_namespaced_filter_policy(const policy::namespaced_filter_policy& nf, std::size_t p,
                                                       diagnostics& validation) {
  resolved_namespace_filter out;
  out.policy_index = static_cast<std::uint16_t>(p);
  for (std::size_t i = 0; i < nf.resource_filters.size(); ++i) {
    const policy::resource_filter& rf = nf.resource_filters[i];
    const resolved_filter* r = resolve_resource_filter(rf, filter_setting::namespaced_filter_policy, p, i, validation);
    if (rf.is_catch_all()) {
      out.catch_all = r;
      continue;
    }
    for (const std::string& kind : rf.kinds)
      if (const auto k = resource_kind_from_name(kind)) {
        auto it = std::find_if(out.kinds.begin(), out.kinds.end(), [&](const auto& e) { return e.first == *k; });
        if (it != out.kinds.end()) it->second = r;
        else out.kinds.emplace_back(*k, r);
      }
  }
  namespace_filters_.push_back(std::move(out));
  for (const std::string& pattern : nf.namespaces) {
    auto it = std::find_if(namespace_patterns_.begin(), namespace_patterns_.end(),
                           [&](const auto& e) { return e.first == pattern; });
    if (it != namespace_patterns_.end()) it->second = p;  // result[nsPattern]: the last one wins
    else namespace_patterns_.emplace_back(std::string_view(pattern), p);
  }
}

const item_collection::resolved_namespace_filter* item_collection::namespace_filter_for(std::string_view ns) const {
  if (namespace_patterns_.empty()) return nullptr;
  for (const auto& [pattern, index] : namespace_patterns_)  // an exact match first
    if (pattern == ns) return &namespace_filters_[index];
  for (const auto& [pattern, index] : namespace_patterns_)  // then globs, in order
    if (pattern.find_first_of("*?[") != std::string_view::npos && glob_match(pattern, ns))
      return &namespace_filters_[index];
  return nullptr;
}

item_inclusion item_collection::scope_exclusion(const scope_filter& f, bool include_side, std::size_t index,
                                                bool namespaced, item_exclusion why) const {
  const pattern_set& set = include_side ? f.includes : f.excludes;
  item_inclusion r;
  r.why = why;
  r.setting = index < set.settings.size() ? set.settings[index] : filter_setting::backup_spec;
  if (old_style_) r.field = include_side ? filter_field::included_resources : filter_field::excluded_resources;
  else if (namespaced)
    r.field = include_side ? filter_field::included_namespace_scoped_resources
                           : filter_field::excluded_namespace_scoped_resources;
  else
    r.field = include_side ? filter_field::included_cluster_scoped_resources
                           : filter_field::excluded_cluster_scoped_resources;
  if (index < set.items.size()) r.pattern = set.items[index];
  return r;
}

item_inclusion item_collection::selector_exclusion(item_exclusion why, const resolved_filter* rf, bool) const {
  item_inclusion r;
  r.why = why;
  r.field = why == item_exclusion::label_selector ? filter_field::label_selector : filter_field::or_label_selectors;
  if (rf == nullptr) {
    r.setting = filter_setting::backup_spec;
    return r;
  }
  r.setting = rf->setting;
  r.policy_index = rf->policy_index;
  r.filter_index = rf->filter_index;
  r.from_filter = true;
  return r;
}

item_inclusion item_collection::should_include_resource(resource_kind kind) const {
  const std::string_view type = resource_name(kind);
  const bool namespaced = is_namespaced(kind);
  if (old_style_) {  // GlobalIncludesExcludes.ShouldInclude
    if (!namespaced && include_cluster_resources_ == false)
      return {item_exclusion::resource_excluded, filter_setting::backup_spec, filter_field::include_cluster_resources};
    if (!namespaced && !include_cluster_resources_ && !ns_->all_namespaces())
      return {item_exclusion::cluster_scoped_not_listed, filter_setting::backup_spec,
              filter_field::included_namespaces};
    if (const auto i = old_filter_.excludes.match(type))
      return scope_exclusion(old_filter_, false, *i, namespaced, item_exclusion::resource_not_included);
    if (old_filter_.includes.empty() || old_filter_.includes.has("*") || old_filter_.includes.match(type)) return {};
    return scope_exclusion(old_filter_, true, old_filter_.includes.items.size(), namespaced,
                           item_exclusion::resource_not_included);
  }
  // ScopeIncludesExcludes.ShouldInclude
  const scope_filter& f = namespaced ? namespaced_ : cluster_;
  if (f.excludes.has("*")) {
    const auto at = std::find(f.excludes.items.begin(), f.excludes.items.end(), "*") - f.excludes.items.begin();
    return scope_exclusion(f, false, static_cast<std::size_t>(at), namespaced, item_exclusion::resource_not_included);
  }
  if (const auto i = f.excludes.match(type))
    return scope_exclusion(f, false, *i, namespaced, item_exclusion::resource_not_included);
  if (namespaced) {
    if (f.includes.empty() || f.includes.has("*") || f.includes.match(type)) return {};
    return scope_exclusion(f, true, f.includes.items.size(), true, item_exclusion::resource_not_included);
  }
  if (cluster_.includes.empty() && cluster_.excludes.empty() && ns_->all_namespaces() &&
      namespaced_.include_everything())
    return {};
  if (cluster_.includes.has("*") || cluster_.includes.match(type)) return {};
  item_inclusion r{item_exclusion::cluster_scoped_not_listed, filter_setting::backup_spec,
                   filter_field::included_cluster_scoped_resources};
  if (!cluster_.includes.empty() && cluster_.includes.settings.front() == filter_setting::include_exclude_policy)
    r.setting = filter_setting::include_exclude_policy;
  return r;
}

item_inclusion item_collection::should_exclude_resource(resource_kind kind) const {
  const std::string_view type = resource_name(kind);
  const bool namespaced = is_namespaced(kind);
  if (old_style_) {  // GlobalIncludesExcludes.ShouldExclude
    if (const auto i = old_filter_.excludes.match(type))
      return scope_exclusion(old_filter_, false, *i, namespaced, item_exclusion::resource_excluded);
    if (!namespaced) {
      if (include_cluster_resources_ == false)
        return {item_exclusion::resource_excluded, filter_setting::backup_spec,
                filter_field::include_cluster_resources};
      if (!include_cluster_resources_ &&
          !(old_filter_.includes.empty() || old_filter_.includes.has("*") || old_filter_.includes.match(type)))
        return scope_exclusion(old_filter_, true, old_filter_.includes.items.size(), false,
                               item_exclusion::resource_excluded);
    }
    return {};
  }
  const scope_filter& f = namespaced ? namespaced_ : cluster_;  // ScopeIncludesExcludes.ShouldExclude
  if (const auto i = f.excludes.match(type))
    return scope_exclusion(f, false, *i, namespaced, item_exclusion::resource_excluded);
  return {};
}

bool item_collection::namespace_included(std::string_view ns) const { return ns_->should_include(ns); }

bool item_collection::backup_exclude_pvc() const {
  return !should_include_resource(resource_kind::persistent_volume_claims).included();
}

item_inclusion item_collection::namespace_exclusion(std::string_view ns) const {
  item_inclusion r{item_exclusion::namespace_excluded, filter_setting::backup_spec, filter_field::included_namespaces};
  for (const std::string_view l : labelled_namespaces_)
    if (l == ns) {
      r.setting = filter_setting::namespace_label;
      r.field = filter_field::excluded_namespaces;
      r.pattern = l;
      return r;
    }
  for (const std::string& e : spec_->excluded_namespaces)
    if (glob_match(e, ns)) {
      r.field = filter_field::excluded_namespaces;
      r.pattern = e;
      return r;
    }
  return r;
}

const item_collection::resolved_filter* item_collection::name_filter_for(resource_kind kind,
                                                                         std::string_view ns) const {
  const resolved_filter* rf = nullptr;
  if (ns.empty()) {
    for (const auto& [k, f] : cluster_filters_)
      if (k == kind) rf = f;
    return rf;
  }
  const resolved_namespace_filter* nf = namespace_filter_for(ns);
  if (nf == nullptr) return nullptr;
  for (const auto& [k, f] : nf->kinds)
    if (k == kind) rf = f;
  return rf != nullptr ? rf : nf->catch_all;
}

item_inclusion item_collection::name_exclusion(const resolved_filter& rf, std::string_view name) {
  if (rf.names->empty() && rf.excluded_names->empty()) return {};
  item_inclusion r{.why = item_exclusion::filter_name,
                   .setting = rf.setting,
                   .field = filter_field::resource_filter,
                   .from_filter = true,
                   .policy_index = rf.policy_index,
                   .filter_index = rf.filter_index};
  for (const std::string& e : *rf.excluded_names)
    if (glob_match(e, name)) {
      r.pattern = e;
      return r;
    }
  const bool in = rf.names->empty() || has(*rf.names, "*") ||
                  std::any_of(rf.names->begin(), rf.names->end(),
                              [&](const std::string& n) { return glob_match(n, name); });
  return in ? item_inclusion{} : r;
}

item_inclusion item_collection::inclusion_checks(resource_kind kind, const k8s::object_meta& meta,
                                                 bool deleting) const {
  if (meta.labels.find(exclude_label) == "true")
    return {item_exclusion::exclude_label, filter_setting::item_label, filter_field::exclude_label};
  const std::string_view ns = is_namespaced(kind) ? std::string_view(meta.namespace_) : std::string_view();
  if (!ns.empty() && !ns_->should_include(ns)) return namespace_exclusion(ns);
  if (ns.empty()) {
    if (auto r = should_exclude_resource(kind); !r.included()) return r;
  } else if (auto r = should_include_resource(kind); !r.included()) {
    return r;
  }
  // Per-kind name filters of the fine-grained policies.
  if (const resolved_filter* rf = name_filter_for(kind, ns))
    if (auto r = name_exclusion(*rf, meta.name); !r.included()) return r;
  if (deleting) return {item_exclusion::being_deleted, filter_setting::item_metadata, filter_field::deletion_timestamp};
  return {};
}

item_inclusion item_collection::collected(resource_kind kind, const k8s::object_meta& meta, bool deleting) const {
  // getResourceItems: the resource must be included.
  if (auto r = should_include_resource(kind); !r.included()) return r;
  const bool namespaced = is_namespaced(kind);
  if (namespaced && !ns_->should_include(meta.namespace_)) return inclusion_checks(kind, meta, deleting);
  // listResourceByLabelsPerNamespace: the selectors, overridden by a fine-grained filter.
  const std::optional<k8s::label_selector>* selector = &label_selector_;
  const std::vector<k8s::label_selector>* ors = &or_label_selectors_;
  const resolved_filter* rf = nullptr;
  if (!namespaced) {
    for (const auto& [k, f] : cluster_filters_)
      if (k == kind) rf = f;
  } else {
    // getNamespacesToList: every namespace is listed at once ("") when the filter takes "*".
    const std::string_view listing = ns_->should_include("*") ? std::string_view() : std::string_view(meta.namespace_);
    if (const resolved_namespace_filter* nf = namespace_filter_for(listing)) {
      for (const auto& [k, f] : nf->kinds)
        if (k == kind) rf = f;
      if (rf == nullptr) rf = nf->catch_all;
      if (rf == nullptr)
        return {.why = item_exclusion::filter_kind_not_listed,
                .setting = filter_setting::namespaced_filter_policy,
                .field = filter_field::resource_filter,
                .policy_index = nf->policy_index};
    }
  }
  if (rf != nullptr) {
    selector = &rf->selector;
    ors = &rf->or_selectors;
  }
  if (!ors->empty()) {
    if (std::none_of(ors->begin(), ors->end(), [&](const k8s::label_selector& s) { return s.matches(meta.labels); }))
      return selector_exclusion(item_exclusion::or_label_selectors, rf, namespaced);
  } else if (*selector && !(*selector)->matches(meta.labels)) {
    return selector_exclusion(item_exclusion::label_selector, rf, namespaced);
  }
  return inclusion_checks(kind, meta, deleting);
}

item_inclusion item_collection::related(resource_kind kind, const k8s::object_meta& meta, bool deleting) const {
  return inclusion_checks(kind, meta, deleting);
}

}  // namespace volpol::plan
