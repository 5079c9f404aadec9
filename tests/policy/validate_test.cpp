// Validation (backup, restore, global): every problem collected, each with its position.
#include <gtest/gtest.h>

#include <string>

#include "volpol/policy/policies.h"

namespace volpol::policy {
namespace {

checked_policies check(const std::string& text, policy_use use = policy_use::backup) {
  return check_policy_text(text, {.file = "p.yaml"}, use);
}

std::vector<std::string> paths(const diagnostics& d) {
  std::vector<std::string> out;
  for (const diagnostic& x : d) out.push_back(x.where.path);
  return out;
}

TEST(validate, collects_every_problem_in_document_order) {
  const checked_policies r = check(
      "version: v2\n"
      "volumePolicies:\n"
      "- conditions: {capacity: \"10Gi,1Gi\"}\n"
      "  action: {type: Skip}\n"
      "- conditions: {csi: {volumeAttributes: {}}}\n"
      "  action: {type: fs-backup, parameters: {dataMover: velero, snapshotClass: \"\"}}\n"
      "- action: {type: snapshot, parameters: {dataMover: 123, snapshotClass: 7}}\n");
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(paths(r.problems), (std::vector<std::string>{
                                   "version",
                                   "volumePolicies[0].conditions.capacity",
                                   "volumePolicies[0].action.type",
                                   "volumePolicies[1].conditions.csi",
                                   "volumePolicies[1].action.parameters.dataMover",
                                   "volumePolicies[1].action.parameters.snapshotClass",
                                   "volumePolicies[2].action.parameters.dataMover",
                                   "volumePolicies[2].action.parameters.snapshotClass",
                               }));
  EXPECT_EQ(r.problems.items()[2].help, "did you mean `skip`? action types are case-sensitive");
  EXPECT_EQ(r.problems.items()[2].where.line, 4u);
  EXPECT_EQ(r.problems.items()[2].where.column, 18u);
}

TEST(validate, a_valid_document_has_no_problem) {
  const checked_policies r = check(
      "version: v1\n"
      "volumePolicies:\n"
      "- conditions: {capacity: \"0,100Gi\", csi: {driver: d, volumeAttributes: {a: b}}}\n"
      "  action: {type: snapshot, parameters: {dataMover: velero-block, snapshotClass: vsc}}\n"
      "includeExcludePolicy: {includedClusterScopedResources: [persistentvolumes]}\n");
  EXPECT_TRUE(r.ok());
  EXPECT_TRUE(r.problems.empty());
  EXPECT_EQ(r.built.volume_policies().size(), 1u);
}

TEST(validate, version_problems) {
  EXPECT_EQ(check("volumePolicies: []\n").problems.items().at(0).message,
            "missing `version`: the supported version is `v1`");
  EXPECT_EQ(check("version: V1\n").problems.items().at(0).help, "write `version: v1`");
  EXPECT_EQ(check("version:\n").problems.items().at(0).message, "`version` is empty: the supported version is `v1`");
}

TEST(validate, restore_rules) {
  const checked_policies r = check(
      "version: v1\n"
      "volumePolicies: [{action: {type: skip}}]\n"
      "includeExcludePolicy: {}\n",
      policy_use::restore);
  EXPECT_EQ(paths(r.problems), (std::vector<std::string>{"volumePolicies", "includeExcludePolicy"}));
  EXPECT_TRUE(check("version: v1\nvolumePolicies: []\n", policy_use::restore).ok());
}

TEST(validate, include_exclude_per_scope) {
  const checked_policies r = check(
      "version: v1\n"
      "includeExcludePolicy:\n"
      "  includedClusterScopedResources: [storageclasses, persistentvolumes]\n"
      "  excludedClusterScopedResources: [persistentvolumes, persistentvolumes]\n"
      "  excludedNamespaceScopedResources: [storageclasses, \"*\"]\n");
  ASSERT_EQ(r.problems.size(), 2u);
  EXPECT_EQ(r.problems.items()[0].where.path, "includeExcludePolicy.excludedClusterScopedResources[0]");
  EXPECT_EQ(r.problems.items()[1].where.path, "includeExcludePolicy.excludedNamespaceScopedResources[1]");
}

TEST(global, only_volume_policies_are_kept_with_a_warning) {
  const checked_policies g = check(
      "version: v1\n"
      "volumePolicies: [{conditions: {storageClass: [gp2]}, action: {type: skip}}]\n"
      "namespacedFilterPolicies: [{namespaces: [a], resourceFilters: [{kinds: [Pod]}]}]\n",
      policy_use::global);
  EXPECT_TRUE(g.ok());
  ASSERT_EQ(g.problems.size(), 1u);
  EXPECT_EQ(g.problems.items()[0].level, severity::warning);
  EXPECT_TRUE(g.built.document().namespaced_filters.empty());
  ASSERT_EQ(g.built.volume_policies().size(), 1u);
  EXPECT_EQ(g.built.volume_policies()[0].scope, policy_scope::global);
}

TEST(global, merge_appends_global_rules_after_the_backup_rules) {
  checked_policies backup = check(
      "version: v1\nvolumePolicies:\n"
      "- {conditions: {storageClass: [gp2]}, action: {type: snapshot}}\n"
      "- {conditions: {storageClass: [gp3]}, action: {type: fs-backup}}\n");
  const checked_policies global = check(
      "version: v1\nvolumePolicies:\n"
      "- {conditions: {storageClass: [gp2]}, action: {type: skip}}\n"
      "- {conditions: {nfs: {}}, action: {type: custom}}\n",
      policy_use::global);
  ASSERT_TRUE(backup.ok() && global.ok());
  backup.built.merge_global(global.built);
  const auto& v = backup.built.volume_policies();
  ASSERT_EQ(v.size(), 4u);
  EXPECT_EQ(v[0].act.type_string, "snapshot");
  EXPECT_EQ(v[1].act.type_string, "fs-backup");
  EXPECT_EQ(v[2].act.type_string, "skip");
  EXPECT_EQ(v[3].act.type_string, "custom");
  EXPECT_EQ(v[1].scope, policy_scope::backup);
  EXPECT_EQ(v[2].scope, policy_scope::global);
  EXPECT_EQ(v[3].index, 1u);  // index within its own document
}

TEST(build, first_error_api_names_the_policy) {
  auto doc = decode_resource_policies("version: v1\nvolumePolicies:\n- conditions: {capacity: \"5Gi\"}\n", "p.yaml");
  ASSERT_TRUE(doc.ok());
  auto built = policies::build(doc.value());
  ASSERT_FALSE(built.ok());
  EXPECT_EQ(built.error()->where.path, "volumePolicies[0].conditions.capacity");
  EXPECT_EQ(built.error()->where.line, 3u);
  EXPECT_EQ(built.error()->where.column, 26u);
}

// yaml-cpp decodes the YAML escapes `\N` and `\_` to single bytes, Go's yaml.v3 to U+0085 and
// U+00A0, which strings.TrimSpace trims: the capacity is valid, 10Gi to 20Gi (parseCapacity).
TEST(validate, capacity_with_nel_and_nbsp_escapes_is_trimmed_as_go_trims_it) {
  const checked_policies r = check(
      "version: v1\n"
      "volumePolicies:\n"
      "- conditions: {capacity: \"\\N10Gi\\_,\\_20Gi\\N\"}\n"
      "  action: {type: skip}\n");
  for (const diagnostic& d : r.problems) ADD_FAILURE() << d.to_string();
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.built.volume_policies().size(), 1u);
  const capacity_range& c = r.built.volume_policies()[0].conditions.capacity;
  EXPECT_EQ(c.lower.to_string(), "10Gi");
  EXPECT_EQ(c.upper.to_string(), "20Gi");
  EXPECT_EQ(r.built.volume_policies()[0].conditions.capacity_text,
            "\xC2\x85"
            "10Gi\xC2\xA0,\xC2\xA0"
            "20Gi\xC2\x85");
}

}  // namespace
}  // namespace volpol::policy
