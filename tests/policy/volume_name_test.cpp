// The `volumeName` condition (Velero docs, resource-filtering.md "volume Name"): a volume
// matches when a listed name is its PV's, its pod volume's or its PVC's name.
#include <gtest/gtest.h>

#include "volpol/policy/document.h"
#include "volpol/policy/policies.h"

using namespace volpol;
using namespace volpol::policy;

namespace {

policies build(const char* text) {
  auto doc = decode_resource_policies(text);
  EXPECT_TRUE(doc.ok()) << (doc.error() ? doc.error()->to_string() : "");
  auto p = policies::build(doc.value());
  EXPECT_TRUE(p.ok()) << (p.error() ? p.error()->to_string() : "");
  return std::move(p).value();
}

const char* kPolicy = R"(version: v1
volumePolicies:
- conditions:
    volumeName: [data, pv-1, claim-7]
  action:
    type: skip
)";

}  // namespace

TEST(volume_name_condition, matches_pv_pvc_or_pod_volume_name) {
  const policies p = build(kPolicy);
  k8s::persistent_volume pv;
  pv.metadata.name = "pv-1";
  auto m = p.match({.pv = &pv});
  ASSERT_TRUE(m.ok());
  EXPECT_NE(m.value(), nullptr);

  pv.metadata.name = "pv-2";
  EXPECT_EQ(p.match({.pv = &pv}).value(), nullptr);

  k8s::persistent_volume_claim pvc;
  pvc.metadata.name = "claim-7";
  EXPECT_NE(p.match({.pv = &pv, .pvc = &pvc}).value(), nullptr);

  k8s::pod_volume v;
  v.name = "data";
  v.sources.set(k8s::volume_source::empty_dir);
  EXPECT_NE(p.match({.pod_volume = &v}).value(), nullptr);
  v.name = "logs";
  EXPECT_EQ(p.match({.pod_volume = &v}).value(), nullptr);
}

TEST(volume_name_condition, must_be_a_list_of_strings) {
  auto doc = decode_resource_policies(
      "version: v1\nvolumePolicies:\n- conditions:\n    volumeName: data\n  action:\n    type: skip\n");
  ASSERT_FALSE(doc.ok());
  EXPECT_NE(doc.error()->message.find("volumeName"), std::string::npos);
  EXPECT_EQ(doc.error()->where.line, 4u);
}

TEST(volume_name_condition, valid_document_validates) {
  const policies p = build(kPolicy);
  EXPECT_FALSE(p.validate().has_errors());
  ASSERT_EQ(p.volume_policies().size(), 1u);
  const std::vector<std::string> expected = {"data", "pv-1", "claim-7"};
  EXPECT_EQ(p.volume_policies()[0].conditions.volume_name, expected);
}
