// Decoding policy documents strictly: positions, paths, typed scalars, duplicates, shapes.
#include <gtest/gtest.h>

#include <string>

#include "volpol/policy/document.h"
#include "volpol/policy/policies.h"

namespace volpol::policy {
namespace {

/// Decode + build (no validation): every problem.
diagnostics problems_of(const std::string& text) {
  diagnostics out;
  const resource_policies doc = decode_resource_policies(text, {.file = "p.yaml"}, out);
  (void)policies::build(doc, policy_scope::backup, out);
  return out;
}

struct where {
  std::uint32_t line, column;
  std::string path;
};

void expect_at(const diagnostic& d, const where& w) {
  EXPECT_EQ(d.where.file, "p.yaml");
  EXPECT_EQ(d.where.line, w.line) << d.to_string();
  EXPECT_EQ(d.where.column, w.column) << d.to_string();
  EXPECT_EQ(d.where.path, w.path) << d.to_string();
}

TEST(decode, unknown_keys_at_every_level_with_suggestions) {
  const diagnostics out = problems_of(
      "version: v1\n"               // 1
      "volumePolicy: []\n"          // 2
      "volumePolicies:\n"           // 3
      "  - conditions:\n"           // 4
      "      storageClas: [gp2]\n"  // 5
      "    action:\n"               // 6
      "      type: skip\n"          // 7
      "      dataMover: velero\n"   // 8
      "    name: x\n");             // 9
  ASSERT_EQ(out.size(), 4u);
  expect_at(out.items()[0], {2, 1, "volumePolicy"});
  EXPECT_EQ(out.items()[0].help, "did you mean `volumePolicies`?");
  expect_at(out.items()[1], {8, 7, "volumePolicies[0].action.dataMover"});
  expect_at(out.items()[2], {9, 5, "volumePolicies[0].name"});
  expect_at(out.items()[3], {5, 7, "volumePolicies[0].conditions.storageClas"});  // found when building
  EXPECT_EQ(out.items()[3].help, "did you mean `storageClass`?");
}

TEST(decode, unknown_condition_is_reported_when_building) {
  const diagnostics out = problems_of(
      "version: v1\n"
      "volumePolicies:\n"
      "- conditions:\n"
      "    capacity: \"0,10Gi\"\n"
      "    Capacity: \"1Gi,\"\n"
      "  action: {type: skip}\n");
  ASSERT_EQ(out.size(), 1u);
  expect_at(out.items()[0], {5, 5, "volumePolicies[0].conditions.Capacity"});
  EXPECT_EQ(out.items()[0].message, "unknown condition `Capacity`");
  EXPECT_EQ(out.items()[0].help, "did you mean `capacity`?");
}

TEST(decode, wrong_kinds_say_what_was_expected_and_found) {
  const diagnostics out = problems_of(
      "version: v1\n"
      "volumePolicies:\n"
      "- conditions:\n"
      "    storageClass: gp2\n"
      "    csi: {driver: [a]}\n"
      "  action: {type: skip}\n"
      "- conditions:\n"
      "    pvcAccessModes: [ReadWriteOnce, 123]\n"
      "  action: {type: skip, parameters: foo}\n");
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(out.items()[0].message, "expected a mapping, got string `foo`");
  expect_at(out.items()[0], {9, 36, "volumePolicies[1].action.parameters"});
  EXPECT_EQ(out.items()[1].message, "`pvcAccessModes` must be a list of strings, got integer `123`");
  expect_at(out.items()[1], {8, 37, "volumePolicies[1].conditions.pvcAccessModes[1]"});
  EXPECT_EQ(out.items()[2].message, "`storageClass` must be a list of strings, got string `gp2`");
  expect_at(out.items()[2], {4, 19, "volumePolicies[0].conditions.storageClass"});
  EXPECT_EQ(out.items()[3].message, "`driver` must be a string, got a list `[a]`");
  expect_at(out.items()[3], {5, 19, "volumePolicies[0].conditions.csi.driver"});
}

TEST(decode, duplicate_keys_are_rejected_everywhere) {
  diagnostics out = problems_of("version: v1\nversion: v1\n");
  ASSERT_EQ(out.size(), 1u);
  expect_at(out.items()[0], {2, 1, "version"});
  EXPECT_EQ(out.items()[0].message, "duplicate key `version` (first defined at line 1)");

  out = problems_of("version: v1\nvolumePolicies:\n- conditions:\n    capacity: 1\n    capacity: 2\n");
  ASSERT_EQ(out.size(), 1u);
  expect_at(out.items()[0], {5, 5, "volumePolicies[0].conditions.capacity"});

  out = problems_of("version: v1\nvolumePolicies:\n- action: {type: custom, parameters: {a: 1, a: 2}}\n");
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out.items()[0].where.path, "volumePolicies[0].action.parameters.a");
}

TEST(decode, string_fields_take_any_scalar_as_written) {
  auto doc = decode_resource_policies(
      "version: 1.0\n"
      "volumePolicies:\n"
      "- conditions: {storageClass: [123, true, ~, gp2], volumeTypes: [0x10, 1.0], capacity: \"1Gi,\"}\n"
      "  action: {type: 1, parameters: {n: 1, s: \"1\", b: true, f: 1.5}}\n");
  ASSERT_TRUE(doc.ok()) << doc.error()->to_string();
  EXPECT_EQ(doc->version, "1.0");
  const raw_volume_policy& vp = doc->volume_policies.at(0);
  EXPECT_EQ(vp.act.type_string, "1");
  EXPECT_TRUE(vp.act.parameter("n")->is_int());
  EXPECT_TRUE(vp.act.parameter("s")->is_string());
  EXPECT_TRUE(vp.act.parameter("b")->is_bool());
  EXPECT_TRUE(vp.act.parameter("f")->is_float());
  // Conditions are re-encoded as yaml.v3 does before the strict decode: Go texts, nulls dropped.
  diagnostics out;
  const policies built = policies::build(doc.value(), policy_scope::backup, out);
  ASSERT_TRUE(out.empty()) << out.items().front().to_string();
  const volume_conditions& c = built.volume_policies().at(0).conditions;
  EXPECT_EQ(c.storage_class, (std::vector<std::string>{"123", "true", "gp2"}));
  EXPECT_EQ(c.volume_types, (std::vector<std::string>{"16", "1"}));
  EXPECT_EQ(c.capacity_text, "1Gi,");
}

TEST(decode, document_shapes) {
  EXPECT_EQ(problems_of("").items().at(0).message, "the policy is empty: no YAML document found");
  EXPECT_EQ(problems_of("# only a comment\n").size(), 1u);
  EXPECT_EQ(problems_of("v1\n").items().at(0).message, "expected the policy document (a mapping), got string `v1`");
  EXPECT_EQ(problems_of("- version: v1\n").size(), 1u);
  EXPECT_TRUE(problems_of("~\n").empty());  // a null document decodes to an empty one (no version)
  // Only the first document is read (yaml.v3 Decode), and the rest is named in a warning.
  EXPECT_FALSE(problems_of("version: v1\n---\nnot: [valid\n").has_errors());
  EXPECT_EQ(problems_of("version: v1\n---\nnot: [valid\n").items().at(0).level, severity::warning);
}

TEST(decode, tabs_in_indentation_are_a_yaml_error) {
  const diagnostics out = problems_of("version: v1\n\tvolumePolicies: []\n");
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out.items()[0].where.line, 2u);
  EXPECT_EQ(out.items()[0].help, "YAML indentation must use spaces, not tabs");
}

// The hint comes from the text at the error's position (a tab in the line's indentation), not
// from the wording of libyaml's message.
TEST(decode, the_tab_hint_points_at_a_tab_in_the_indentation) {
  const std::string hint = "YAML indentation must use spaces, not tabs";
  const auto only = [](const diagnostics& out) { return out.size() == 1u ? out.items()[0] : diagnostic{}; };
  // After spaces, in a nested mapping.
  const diagnostic after_spaces = only(problems_of("version: v1\nvolumePolicies:\n- action:\n    \ttype: skip\n"));
  EXPECT_EQ(after_spaces.where.line, 4u);
  EXPECT_EQ(after_spaces.where.column, 5u);
  EXPECT_EQ(after_spaces.help, hint);
  // In a block scalar's indentation, with CRLF line ends.
  const diagnostic block = only(problems_of("version: |\r\n  v1\r\n\t x\r\n"));
  EXPECT_EQ(block.where.line, 3u);
  EXPECT_EQ(block.help, hint);
  // A syntax error on a line with a tab inside a value: no hint.
  const diagnostic quoted = only(problems_of("version: 'v1\tx\n"));
  EXPECT_TRUE(quoted.message.starts_with("not valid YAML: ")) << quoted.message;
  EXPECT_EQ(quoted.help, "");
}

TEST(decode, json_documents_decode_like_yaml) {
  auto doc = decode_resource_policies(
      "{\n\t\"version\": \"v1\",\n\t\"volumePolicies\": [{\"conditions\": {\"capacity\": \",1Gi\"},"
      " \"action\": {\"type\": \"skip\"}}]\n}\n");
  ASSERT_TRUE(doc.ok()) << doc.error()->to_string();
  EXPECT_EQ(doc->volume_policies.size(), 1u);
}

TEST(decode, null_values_leave_fields_unset) {
  auto doc = decode_resource_policies(
      "version: v1\nvolumePolicies:\n- ~\n- action: {type: skip}\nclusterScopedFilterPolicy:\nincludeExcludePolicy: "
      "{}\n");
  ASSERT_TRUE(doc.ok());
  ASSERT_EQ(doc->volume_policies.size(), 1u);    // the null item is skipped, as in Go
  EXPECT_EQ(doc->volume_policies[0].index, 1u);  // paths keep the document's numbering
  EXPECT_FALSE(doc->cluster_scoped_filter.has_value());
  EXPECT_TRUE(doc->include_exclude.has_value());
}

TEST(decode, first_error_api_returns_the_first_problem) {
  auto doc = decode_resource_policies("version: v1\nkind: X\nvolumePolicy: []\n", "f.yaml");
  ASSERT_FALSE(doc.ok());
  EXPECT_EQ(doc.error()->where.path, "kind");
  EXPECT_EQ(doc.error()->to_string(),
            "f.yaml:2:1: kind: unknown field `kind` in the policy document\n"
            "  help: the policy document accepts `version`, `volumePolicies`, `includeExcludePolicy`, "
            "`clusterScopedFilterPolicy` or `namespacedFilterPolicies`");
}

}  // namespace
}  // namespace volpol::policy
