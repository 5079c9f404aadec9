// item_collection: Velero's IncludesExcludes, scoped filters combined with the policy's
// includeExcludePolicy, label selectors, fine-grained filter policies, itemInclusionChecks.
#include "volpol/detail/plan/item_collection.h"

#include <gtest/gtest.h>

#include "volpol/k8s/loader.h"
#include "volpol/policy/policies.h"

namespace volpol::plan {
namespace {

k8s::object_meta meta(std::string ns, std::string name, std::vector<k8s::string_map::entry> labels = {}) {
  k8s::object_meta m;
  m.namespace_ = std::move(ns);
  m.name = std::move(name);
  m.labels = k8s::string_map(std::move(labels));
  return m;
}

policy::policies pols(const char* text) {
  auto checked = policy::check_policy_text(text, {.file = "p.yaml"});
  for (const auto& d : checked.problems) ADD_FAILURE() << d.to_string();
  return checked.built;
}

item_collection make(const k8s::backup_spec& spec, const policy::policies* p = nullptr, const k8s::cluster* c = nullptr,
                     diagnostics* errors = nullptr) {
  static const k8s::cluster empty;
  diagnostics local;
  auto r = item_collection::make(spec, p, c ? *c : empty, errors ? *errors : local);
  EXPECT_TRUE(r.ok());
  if (!errors)
    for (const auto& d : local) ADD_FAILURE() << d.to_string();
  return std::move(r).value();
}

TEST(item_collection, everything_by_default) {
  const item_collection c = make({});
  EXPECT_TRUE(c.collected(resource_kind::pods, meta("a", "p")).included());
  EXPECT_TRUE(c.collected(resource_kind::persistent_volume_claims, meta("a", "c")).included());
  EXPECT_TRUE(c.collected(resource_kind::persistent_volumes, meta("", "pv")).included());
  EXPECT_FALSE(c.backup_exclude_pvc());
  EXPECT_FALSE(c.old_style());
}

TEST(item_collection, include_exclude_policy_excludes_pvcs_and_sets_backup_exclude_pvc) {
  const policy::policies p = pols(
      "version: v1\nincludeExcludePolicy:\n  excludedNamespaceScopedResources:\n  - persistentvolumeclaims\n");
  const item_collection c = make({}, &p);
  const item_inclusion i = c.collected(resource_kind::persistent_volume_claims, meta("shop", "data"));
  EXPECT_EQ(i.why, item_exclusion::resource_not_included);
  EXPECT_EQ(i.setting, filter_setting::include_exclude_policy);
  EXPECT_EQ(i.field, filter_field::excluded_namespace_scoped_resources);
  EXPECT_EQ(i.pattern, "persistentvolumeclaims");
  EXPECT_EQ(describe(i),
            "resource excluded by includeExcludePolicy.excludedNamespaceScopedResources `persistentvolumeclaims`");
  EXPECT_TRUE(c.backup_exclude_pvc());
  EXPECT_TRUE(c.collected(resource_kind::pods, meta("shop", "web-0")).included());
  // a PVC reached from a pod is re-checked the same way
  EXPECT_EQ(c.related(resource_kind::persistent_volume_claims, meta("shop", "data")).why,
            item_exclusion::resource_not_included);
}

TEST(item_collection, spec_entries_win_over_the_policy) {
  k8s::backup_spec spec;
  spec.included_namespace_scoped_resources = {"pvc", "pods"};  // short names resolve
  const policy::policies p = pols(
      "version: v1\nincludeExcludePolicy:\n  excludedNamespaceScopedResources:\n  - persistentvolumeclaims\n");
  const item_collection c = make(spec, &p);
  EXPECT_TRUE(c.collected(resource_kind::persistent_volume_claims, meta("a", "c")).included());
  EXPECT_FALSE(c.backup_exclude_pvc());
}

TEST(item_collection, included_namespace_scoped_resources_leave_others_out) {
  k8s::backup_spec spec;
  spec.included_namespace_scoped_resources = {"pods"};
  const item_collection c = make(spec);
  const item_inclusion i = c.collected(resource_kind::persistent_volume_claims, meta("a", "c"));
  EXPECT_EQ(i.why, item_exclusion::resource_not_included);
  EXPECT_EQ(i.field, filter_field::included_namespace_scoped_resources);
  EXPECT_EQ(describe(i), "resource not in spec.includedNamespaceScopedResources");
  EXPECT_EQ(i.setting, filter_setting::backup_spec);
  // cluster-scoped PVs: not listed directly (not all namespace-scoped types), but a PVC's PV is
  EXPECT_EQ(c.collected(resource_kind::persistent_volumes, meta("", "pv")).why,
            item_exclusion::cluster_scoped_not_listed);
  EXPECT_TRUE(c.related(resource_kind::persistent_volumes, meta("", "pv")).included());
}

TEST(item_collection, excluded_cluster_scoped_resources_drop_related_pvs_too) {
  k8s::backup_spec spec;
  spec.excluded_cluster_scoped_resources = {"persistentvolumes"};
  const item_collection c = make(spec);
  EXPECT_EQ(c.related(resource_kind::persistent_volumes, meta("", "pv")).why, item_exclusion::resource_excluded);
  EXPECT_EQ(c.related(resource_kind::persistent_volumes, meta("", "pv")).field,
            filter_field::excluded_cluster_scoped_resources);
}

TEST(item_collection, old_style_filters) {
  k8s::backup_spec spec;
  spec.excluded_resources = {"persistentvolumeclaims"};
  const item_collection c = make(spec);
  EXPECT_TRUE(c.old_style());
  const item_inclusion i = c.collected(resource_kind::persistent_volume_claims, meta("a", "c"));
  EXPECT_EQ(i.why, item_exclusion::resource_not_included);
  EXPECT_EQ(i.field, filter_field::excluded_resources);
  EXPECT_EQ(describe(i), "resource excluded by spec.excludedResources `persistentvolumeclaims`");
  EXPECT_TRUE(c.backup_exclude_pvc());

  k8s::backup_spec only_ns;
  only_ns.included_resources = {"*"};
  only_ns.included_namespaces = {"shop"};
  const item_collection d = make(only_ns);
  // includeClusterResources nil and not all namespaces: PVs only as related items
  EXPECT_EQ(d.collected(resource_kind::persistent_volumes, meta("", "pv")).why,
            item_exclusion::cluster_scoped_not_listed);
  EXPECT_TRUE(d.related(resource_kind::persistent_volumes, meta("", "pv")).included());
  EXPECT_EQ(d.collected(resource_kind::pods, meta("other", "p")).why, item_exclusion::namespace_excluded);

  k8s::backup_spec no_cluster;
  no_cluster.include_cluster_resources = false;
  const item_collection e = make(no_cluster);
  EXPECT_EQ(e.related(resource_kind::persistent_volumes, meta("", "pv")).why, item_exclusion::resource_excluded);
  EXPECT_EQ(e.related(resource_kind::persistent_volumes, meta("", "pv")).field,
            filter_field::include_cluster_resources);
}

TEST(item_collection, label_selector_and_or_label_selectors) {
  k8s::backup_spec spec;
  spec.label_selector = k8s::label_selector_spec{{{"app", "web"}}, {}, {}};
  const item_collection c = make(spec);
  EXPECT_TRUE(c.collected(resource_kind::pods, meta("a", "p", {{"app", "web"}})).included());
  const item_inclusion i = c.collected(resource_kind::pods, meta("a", "q", {{"app", "db"}}));
  EXPECT_EQ(i.why, item_exclusion::label_selector);
  EXPECT_EQ(i.field, filter_field::label_selector);
  EXPECT_EQ(describe(i), "labels do not match spec.labelSelector");
  // related items are not filtered by labels
  EXPECT_TRUE(c.related(resource_kind::persistent_volume_claims, meta("a", "c")).included());

  k8s::backup_spec ors;
  ors.or_label_selectors = {k8s::label_selector_spec{{{"app", "web"}}, {}, {}},
                            k8s::label_selector_spec{{{"app", "db"}}, {}, {}}};
  const item_collection d = make(ors);
  EXPECT_TRUE(d.collected(resource_kind::pods, meta("a", "q", {{"app", "db"}})).included());
  EXPECT_EQ(d.collected(resource_kind::pods, meta("a", "r", {{"app", "cache"}})).why,
            item_exclusion::or_label_selectors);
}

TEST(item_collection, exclude_label_and_labelled_namespace) {
  const k8s::load_result r = k8s::load_text(
      "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: scratch\n  labels:\n"
      "    velero.io/exclude-from-backup: \"true\"\n",
      "ns.yaml");
  ASSERT_EQ(r.objects.namespaces().size(), 1u);
  const item_collection c = make({}, nullptr, &r.objects);
  const item_inclusion ns = c.collected(resource_kind::pods, meta("scratch", "p"));
  EXPECT_EQ(ns.why, item_exclusion::namespace_excluded);
  EXPECT_EQ(ns.setting, filter_setting::namespace_label);
  EXPECT_EQ(describe(ns), "namespace `scratch` has label velero.io/exclude-from-backup=true");
  const item_inclusion label = c.collected(resource_kind::persistent_volume_claims,
                                           meta("shop", "c", {{"velero.io/exclude-from-backup", "true"}}));
  EXPECT_EQ(label.why, item_exclusion::exclude_label);
  EXPECT_EQ(describe(label), "item has label velero.io/exclude-from-backup=true");
  // "false" does not exclude
  EXPECT_TRUE(
      c.collected(resource_kind::pods, meta("shop", "p", {{"velero.io/exclude-from-backup", "false"}})).included());
  EXPECT_EQ(c.collected(resource_kind::pods, meta("shop", "p"), true).why, item_exclusion::being_deleted);
}

TEST(item_collection, namespaced_filter_policies_are_an_allowlist_per_namespace) {
  const policy::policies p = pols(R"(version: v1
namespacedFilterPolicies:
- namespaces: [shop]
  resourceFilters:
  - kinds: [pods]
    labelSelector:
      matchLabels: {app: web}
  - kinds: [persistentvolumeclaims]
    excludedNames: [scratch-*]
)");
  k8s::backup_spec spec;
  spec.included_namespaces = {"shop", "media"};
  const item_collection c = make(spec, &p);
  EXPECT_TRUE(c.collected(resource_kind::pods, meta("shop", "web-0", {{"app", "web"}})).included());
  const item_inclusion sel = c.collected(resource_kind::pods, meta("shop", "db-0", {{"app", "db"}}));
  EXPECT_EQ(sel.why, item_exclusion::label_selector);
  EXPECT_EQ(sel.setting, filter_setting::namespaced_filter_policy);
  EXPECT_EQ(describe(sel), "labels do not match namespacedFilterPolicies[0].resourceFilters[0].labelSelector");
  const item_inclusion name = c.collected(resource_kind::persistent_volume_claims, meta("shop", "scratch-1"));
  EXPECT_EQ(name.why, item_exclusion::filter_name);
  EXPECT_EQ(name.pattern, "scratch-*");
  EXPECT_EQ(describe(name), "name matches namespacedFilterPolicies[0].resourceFilters[1].excludedNames `scratch-*`");
  EXPECT_TRUE(c.collected(resource_kind::persistent_volume_claims, meta("shop", "data-0")).included());
  // media has no filter: the global selectors (none) apply
  EXPECT_TRUE(c.collected(resource_kind::pods, meta("media", "x")).included());
}

TEST(item_collection, namespaced_filter_without_the_kind_skips_it) {
  const policy::policies p = pols(R"(version: v1
namespacedFilterPolicies:
- namespaces: [shop]
  resourceFilters:
  - kinds: [pods]
)");
  k8s::backup_spec spec;
  spec.included_namespaces = {"shop"};
  const item_collection c = make(spec, &p);
  const item_inclusion i = c.collected(resource_kind::persistent_volume_claims, meta("shop", "data"));
  EXPECT_EQ(i.why, item_exclusion::filter_kind_not_listed);
  EXPECT_EQ(describe(i), "namespacedFilterPolicies[0] lists neither this kind nor a catch-all resource filter");
  // as a related item of a pod, the PVC passes (a permissive passthrough in itemInclusionChecks)
  EXPECT_TRUE(c.related(resource_kind::persistent_volume_claims, meta("shop", "data")).included());
}

TEST(item_collection, validation_errors_fail_the_backup) {
  diagnostics errors;
  k8s::backup_spec spec;
  spec.included_resources = {"pods"};
  spec.excluded_namespace_scoped_resources = {"pvc"};
  spec.excluded_namespaces = {"*"};
  spec.label_selector = k8s::label_selector_spec{{{"a", "b"}}, {}, {}};
  spec.or_label_selectors = {k8s::label_selector_spec{{{"c", "d"}}, {}, {}}};
  const policy::policies p = pols(
      "version: v1\nincludeExcludePolicy:\n  excludedClusterScopedResources: [persistentvolumes]\n");
  (void)make(spec, &p, nullptr, &errors);
  std::vector<std::string> messages;
  for (const auto& d : errors) messages.push_back(d.message);
  ASSERT_EQ(messages.size(), 5u);
  EXPECT_NE(messages[0].find("They cannot be used together"), std::string::npos);
  EXPECT_EQ(messages[1], "Invalid included/excluded namespace lists: excludes list cannot contain '*'");
  EXPECT_EQ(messages[2],
            "Invalid included/excluded namespace lists: excludes list cannot contain an item in the includes list: *");
  EXPECT_EQ(messages[3],
            "encountered labelSelector as well as orLabelSelectors in backup spec, only one can be specified");
  EXPECT_NE(messages[4].find("They cannot be used with include-exclude policies."), std::string::npos);
}

TEST(item_collection, scoped_validation) {
  diagnostics errors;
  k8s::backup_spec spec;
  spec.included_cluster_scoped_resources = {"persistentvolumes"};
  spec.excluded_cluster_scoped_resources = {"*"};
  spec.included_namespaces = {"Shop_1"};
  (void)make(spec, nullptr, nullptr, &errors);
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors.items()[0].message,
            "Invalid cluster-scoped included/excluded resource lists: when exclude is '*', include cannot have value");
  EXPECT_NE(errors.items()[1].message.find("invalid namespace \"Shop_1\""), std::string::npos);
}

}  // namespace
}  // namespace volpol::plan
