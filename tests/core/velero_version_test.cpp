// The release and feature tables (core/velero_version.h).
#include <gtest/gtest.h>

#include "volpol/core/velero_version.h"

namespace volpol {
namespace {

TEST(velero_version, names_and_aliases) {
  EXPECT_EQ(parse_velero_version("v1.17"), velero_version::v1_17_2);
  EXPECT_EQ(parse_velero_version("v1.17.2"), velero_version::v1_17_2);
  EXPECT_EQ(parse_velero_version("1.17.2"), velero_version::v1_17_2);
  EXPECT_EQ(parse_velero_version("v1.18.0"), velero_version::v1_18_0);
  EXPECT_EQ(parse_velero_version("v1.18"), velero_version::v1_18_2);
  EXPECT_EQ(parse_velero_version("v1.18.1"), velero_version::v1_18_2);  // same policy code
  EXPECT_EQ(parse_velero_version("v1.18.2"), velero_version::v1_18_2);
  EXPECT_EQ(parse_velero_version("main"), velero_version::main);
  EXPECT_EQ(parse_velero_version("v1.16"), std::nullopt);
  EXPECT_EQ(parse_velero_version("v1.17.1"), velero_version::v1_17_2);  // same volume-policy code
  EXPECT_EQ(parse_velero_version("v1.17.3"), std::nullopt);
  EXPECT_EQ(parse_velero_version("Main"), std::nullopt);
  EXPECT_EQ(parse_velero_version(""), std::nullopt);
  EXPECT_EQ(known_velero_versions_text(), "v1.17 (v1.17.2), v1.18.0, v1.18 (v1.18.2), main");
  EXPECT_EQ(release_of(velero_version::main).git_ref, "d2241adb");
}

TEST(velero_version, image_tags) {
  const auto at = [](std::string_view tag) { return velero_version_from_image_tag(tag); };
  EXPECT_EQ(at("v1.18.2")->version, velero_version::v1_18_2);
  EXPECT_TRUE(at("v1.18.2")->exact);
  EXPECT_EQ(at("v1.17.0")->version, velero_version::v1_17_2);
  EXPECT_TRUE(at("v1.17.0")->exact);  // an alias: same volume-policy code
  EXPECT_EQ(at("v1.17.9")->version, velero_version::v1_17_2);
  EXPECT_FALSE(at("v1.17.9")->exact);
  EXPECT_EQ(at("v1.18.3")->version, velero_version::v1_18_2);
  EXPECT_EQ(at("v1.18.0-rc.1")->version, velero_version::v1_18_0);
  EXPECT_EQ(at("v1.19.0")->version, velero_version::main);
  EXPECT_EQ(at("latest")->version, velero_version::v1_18_2);  // the newest release
  EXPECT_FALSE(at("v1.16.2").has_value());
  EXPECT_FALSE(at("custom-build").has_value());
  EXPECT_FALSE(at("").has_value());
}

TEST(velero_version, features_by_release) {
  using enum velero_feature;
  EXPECT_FALSE(has(velero_version::v1_17_2, condition_pvc_phase));
  EXPECT_TRUE(has(velero_version::v1_18_0, condition_pvc_phase));
  EXPECT_FALSE(has(velero_version::v1_18_0, action_custom));
  EXPECT_TRUE(has(velero_version::v1_18_2, action_custom));
  EXPECT_FALSE(has(velero_version::v1_18_2, condition_pvc_volume_mode));
  EXPECT_TRUE(has(velero_version::main, condition_pvc_volume_mode));
  EXPECT_FALSE(has(velero_version::v1_17_2, pvc_only_match));
  EXPECT_TRUE(has(velero_version::v1_18_0, pvc_only_match));
  for (const velero_release& r : velero_releases()) EXPECT_FALSE(has(r.id, condition_volume_name)) << r.name;
  for (const velero_feature_row& f : velero_features()) EXPECT_TRUE(has(velero_version::main, f.id) || !f.since);
}

TEST(velero_version, messages_say_where_a_feature_is) {
  EXPECT_EQ(not_in_version_text(velero_version::v1_18_2, velero_feature::condition_pvc_volume_mode),
            "`pvcVolumeMode` is not a condition in Velero v1.18.2 (main has it, velero-io/velero#9906)");
  EXPECT_EQ(not_in_version_text(velero_version::v1_17_2, velero_feature::condition_pvc_phase),
            "`pvcPhase` is not a condition in Velero v1.17.2 (v1.18.0 and later have it, velero-io/velero#9166)");
  EXPECT_EQ(not_in_version_text(velero_version::v1_18_0, velero_feature::action_custom),
            "`custom` is not an action type in Velero v1.18.0 (v1.18.1 and later have it, velero-io/velero#9678)");
  EXPECT_EQ(not_in_version_text(velero_version::v1_17_2, velero_feature::filter_policies, "clusterScopedFilterPolicy"),
            "`clusterScopedFilterPolicy` is not a field of the policy document in Velero v1.17.2 (main has it, "
            "velero-io/velero#9821)");
  EXPECT_EQ(not_in_version_text(velero_version::v1_18_2, velero_feature::global_policies),
            "Velero v1.18.2 does not have global backup volume policies (main has it, velero-io/velero#9928)");
}

}  // namespace
}  // namespace volpol
