// The `volumeName` condition: proposed in velero-io/velero#10356 ("Add volumeName condition to
// VolumePolicy resource filtering", commit 83c456f8), which is not in main at d2241adb nor in
// any release. Velero's `volumeConditions` has no such field, so KnownFields refuses it:
// `failed to decode volume conditions`. volpol refuses it the same way, and keeps the matcher
// (a volume matches when a listed name is its PV's, pod volume's or PVC's name) for the day a
// release has it: a row of the feature table (core/velero_version.h).
#include <gtest/gtest.h>

#include "volpol/detail/policy/structured_volume.h"
#include "volpol/policy/document.h"
#include "volpol/policy/policies.h"

using namespace volpol;
using namespace volpol::policy;

namespace {

const char* kPolicy = R"(version: v1
volumePolicies:
- conditions:
    volumeName: [data, pv-1, claim-7]
  action:
    type: skip
)";

}  // namespace

TEST(volume_name_condition, no_release_has_it) {
  for (const velero_release& r : velero_releases()) {
    text_origin o;
    o.file = "p.yaml";
    o.version = r.id;
    const checked_policies c = check_policy_text(kPolicy, o);
    ASSERT_TRUE(c.problems.has_errors()) << r.name;
    const diagnostic& d = c.problems.items().front();
    EXPECT_EQ(d.where.line, 4u);
    EXPECT_EQ(d.message, fmt::format("`volumeName` is not a condition in Velero {} (proposed in "
                                     "velero-io/velero#10356, in no release)",
                                     r.name));
    EXPECT_EQ(d.help, "no Velero release has it: remove it");
  }
}

TEST(volume_name_condition, refused_when_only_built) {
  // BuildPolicy decodes the conditions strictly: matching and the helper cannot use it either.
  auto doc = decode_resource_policies(kPolicy);
  ASSERT_TRUE(doc.ok());
  auto p = policies::build(doc.value());
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.error()->where.line, 4u);
}

TEST(volume_name_condition, matcher_matches_pv_pvc_or_pod_volume_name) {
  const std::vector<std::string> names = {"data", "pv-1", "claim-7"};
  structured_volume v;
  v.pv_name = "pv-1";
  EXPECT_TRUE(volume_name_condition_matches(names, v));
  v.pv_name = "pv-2";
  EXPECT_FALSE(volume_name_condition_matches(names, v));
  v.pvc_name = "claim-7";
  EXPECT_TRUE(volume_name_condition_matches(names, v));
  v = {};
  v.pod_volume_name = "data";
  EXPECT_TRUE(volume_name_condition_matches(names, v));
  v.pod_volume_name = "logs";
  EXPECT_FALSE(volume_name_condition_matches(names, v));
  EXPECT_TRUE(volume_name_condition_matches({}, v));  // no condition: every volume
}
