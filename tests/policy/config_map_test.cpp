// Policies held by a ConfigMap: one data key, positions mapped into the ConfigMap file.
#include <gtest/gtest.h>

#include "volpol/policy/document.h"
#include "volpol/policy/policies.h"

namespace volpol::policy {
namespace {

const char* header = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: backup-policy\n  namespace: velero\n";

TEST(config_map, the_single_data_value_is_the_document) {
  const std::string text = std::string(header) +
                           "data:\n"
                           "  anything.txt: |\n"
                           "    version: v1\n"
                           "    volumePolicies:\n"
                           "    - action: {type: skip}\n";
  auto doc = decode_config_map(text, "cm.yaml");
  ASSERT_TRUE(doc.ok()) << doc.error()->to_string();
  EXPECT_EQ(doc->version, "v1");
  EXPECT_EQ(doc->volume_policies.size(), 1u);
  EXPECT_EQ(doc->origin.object, "ConfigMap velero/backup-policy");
}

TEST(config_map, no_data_key_is_an_error_naming_the_config_map) {
  diagnostics out;
  EXPECT_FALSE(decode_config_map(std::string(header) + "data: {}\n", "cm.yaml", out).has_value());
  ASSERT_EQ(out.size(), 1u);
  const diagnostic& d = out.items()[0];
  EXPECT_EQ(d.object, "ConfigMap velero/backup-policy");
  EXPECT_EQ(d.where.path, "data");
  EXPECT_EQ(d.where.line, 6u);
  EXPECT_NE(d.message.find("found 0"), std::string::npos) << d.message;
}

TEST(config_map, two_data_keys_are_an_error_listing_them) {
  diagnostics out;
  EXPECT_FALSE(
      decode_config_map(std::string(header) + "data:\n  a.yaml: |\n    version: v1\n  b.yaml: x\n", "cm.yaml", out)
          .has_value());
  ASSERT_EQ(out.size(), 1u);
  EXPECT_NE(out.items()[0].message.find("found 2"), std::string::npos);
  EXPECT_EQ(out.items()[0].help, "found `a.yaml`, `b.yaml`; keep one policy document per ConfigMap");
}

TEST(config_map, binary_data_does_not_count) {
  diagnostics out;
  EXPECT_FALSE(
      decode_config_map(std::string(header) + "binaryData:\n  p.yaml: dmVyc2lvbjogdjEK\n", "cm.yaml", out).has_value());
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out.items()[0].help, "`binaryData` is not read: put the policy under `data`");
}

TEST(config_map, positions_inside_a_literal_block_map_to_the_file) {
  const std::string text = std::string(header) +
                           "data:\n"                        // 6
                           "  policy.yaml: |\n"             // 7
                           "    version: v1\n"              // 8
                           "    volumePolicies:\n"          // 9
                           "    - conditions:\n"            // 10
                           "        storageClas: [gp2]\n"   // 11
                           "      action: {type: skip}\n";  // 12
  const checked_policies r = check_config_map_text(text, "cm.yaml");
  ASSERT_EQ(r.problems.size(), 1u);
  const diagnostic& d = r.problems.items()[0];
  EXPECT_EQ(d.to_string(),
            "cm.yaml:11:9: ConfigMap velero/backup-policy: volumePolicies[0].conditions.storageClas: "
            "unknown condition `storageClas`\n  help: did you mean `storageClass`?");
}

TEST(config_map, escaped_json_values_point_at_the_value_and_say_where_inside) {
  const std::string text =
      "{\"kind\": \"ConfigMap\", \"metadata\": {\"name\": \"p\"},\n"
      " \"data\": {\"p.yaml\": \"version: v2\\n\"}}\n";
  const checked_policies r = check_config_map_text(text, "cm.json");
  ASSERT_EQ(r.problems.size(), 1u);
  const diagnostic& d = r.problems.items()[0];
  EXPECT_EQ(d.where.line, 2u);
  EXPECT_EQ(d.where.column, 21u);  // the opening quote of the value
  EXPECT_EQ(d.where.path, "version");
  EXPECT_NE(d.help.find("line 1, column 10 of data key `p.yaml`"), std::string::npos) << d.help;
}

TEST(config_map, detection_by_kind) {
  EXPECT_TRUE(looks_like_config_map(std::string(header) + "data: {}\n"));
  EXPECT_FALSE(looks_like_config_map("version: v1\n"));
  EXPECT_FALSE(looks_like_config_map("[unclosed\n"));
}

}  // namespace
}  // namespace volpol::policy
