// The conditions' table (src/policy/condition_table.h) against the hot path: for every
// condition, alone and together, all_conditions_match (match.cpp, hand-ordered for speed)
// answers as the table's rows do, on the example cluster's volumes. A condition added to the
// table but not to match.cpp fails here.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "../../src/policy/condition_table.h"
#include "volpol/k8s/loader.h"
#include "volpol/policy/evaluation.h"
#include "volpol/policy/policies.h"

namespace volpol::policy {
namespace {

// Each condition at least twice: one that holds for some volumes, one that holds for none or
// others; the last policies combine several. `volumeName` is in no release, so no document
// builds it: the_hot_path_answers_as_the_rows adds it by hand.
constexpr std::string_view policy_text = R"(version: v1
volumePolicies:
- {conditions: {capacity: "0,60Gi"}, action: {type: skip}}
- {conditions: {capacity: "100Gi,"}, action: {type: skip}}
- {conditions: {capacity: "0,"}, action: {type: skip}}
- {conditions: {storageClass: [gp3-csi]}, action: {type: skip}}
- {conditions: {storageClass: [efs]}, action: {type: skip}}
- {conditions: {nfs: {}}, action: {type: skip}}
- {conditions: {nfs: {server: nfs.example.com}}, action: {type: skip}}
- {conditions: {csi: {}}, action: {type: skip}}
- {conditions: {csi: {driver: ebs.csi.aws.com}}, action: {type: skip}}
- {conditions: {volumeTypes: [emptyDir, nfs]}, action: {type: skip}}
- {conditions: {volumeTypes: [csi]}, action: {type: skip}}
- {conditions: {pvcLabels: {app: postgres}}, action: {type: skip}}
- {conditions: {pvcLabels: {app: none}}, action: {type: skip}}
- {conditions: {pvcPhase: [Bound]}, action: {type: skip}}
- {conditions: {pvcPhase: [Pending]}, action: {type: skip}}
- {conditions: {pvcVolumeMode: Filesystem}, action: {type: skip}}
- {conditions: {pvcVolumeMode: Block}, action: {type: skip}}
- {conditions: {pvcAccessModes: [ReadWriteOnce]}, action: {type: skip}}
- {conditions: {pvcAccessModes: [ReadWriteMany]}, action: {type: skip}}
- {conditions: {csi: {}, pvcPhase: [Bound], capacity: "10Gi,"}, action: {type: skip}}
- {conditions: {storageClass: [gp3-csi], pvcLabels: {app: postgres}, pvcAccessModes: [ReadWriteOnce]}, action: {type: skip}}
- {conditions: {}, action: {type: skip}}
)";

std::vector<structured_volume> volumes_of(const k8s::cluster& c) {
  std::vector<structured_volume> out;
  for (const k8s::persistent_volume& pv : c.persistent_volumes()) {
    volume_filter_data d;
    d.pv = &pv;
    if (auto v = make_structured_volume(d)) out.push_back(*v);
  }
  for (const k8s::persistent_volume_claim& pvc : c.persistent_volume_claims()) {
    volume_filter_data d;
    d.pvc = &pvc;
    d.pv = c.find_pv(pvc.volume_name);
    if (auto v = make_structured_volume(d)) out.push_back(*v);
  }
  for (const k8s::pod& p : c.pods())
    for (const k8s::pod_volume& pv : p.volumes) {
      volume_filter_data d;
      d.pod_volume = &pv;
      if (auto v = make_structured_volume(d)) out.push_back(*v);
    }
  return out;
}

TEST(condition_table, rows_are_in_condition_kind_order_with_their_keys) {
  for (std::size_t i = 0; i < condition_kind_count; ++i) {
    EXPECT_EQ(static_cast<std::size_t>(detail::conditions[i].kind), i);
    EXPECT_EQ(detail::descriptor_of_key(detail::conditions[i].key), &detail::conditions[i]);
  }
  EXPECT_EQ(to_string(condition_kind::pvc_phase), "pvcPhase");
  EXPECT_EQ(detail::descriptor_of_key("pvcphase"), nullptr);
}

TEST(condition_table, the_hot_path_answers_as_the_rows) {
  const std::string dir = std::string(VOLPOL_SOURCE_DIR) + "/examples/cluster";
  const std::string paths[] = {dir};
  const k8s::load_result loaded = k8s::load_objects(paths, {});
  const std::vector<structured_volume> volumes = volumes_of(loaded.objects);
  ASSERT_GT(volumes.size(), 10u);
  auto doc = decode_resource_policies(policy_text, "conditions.yaml");
  ASSERT_TRUE(doc.ok()) << doc.error()->to_string();
  auto built = policies::build(doc.value());
  ASSERT_TRUE(built.ok()) << built.error()->to_string();
  std::vector<volume_policy> list = built->volume_policies();
  for (std::vector<std::string> names : {std::vector<std::string>{"data-postgres-0", "cache"}, {"nothing"}}) {
    volume_policy p = list.front();
    p.conditions = {};
    p.conditions.volume_name = std::move(names);
    list.push_back(std::move(p));
  }
  std::size_t held = 0, failed = 0;
  std::vector<bool> kind_seen(condition_kind_count);
  for (const volume_policy& p : list) {
    for (std::size_t k = 0; k < condition_kind_count; ++k)
      if (has_condition(p.conditions, static_cast<condition_kind>(k))) kind_seen[k] = true;
    for (const structured_volume& v : volumes) {
      bool rows = true;
      for (const detail::condition_descriptor& d : detail::conditions)
        if (d.given(p.conditions) && !d.holds(p.conditions, v)) rows = false;
      EXPECT_EQ(all_conditions_match(p.conditions, v), rows);
      (rows ? held : failed) += 1;
    }
  }
  for (std::size_t k = 0; k < condition_kind_count; ++k) EXPECT_TRUE(kind_seen[k]) << k;
  EXPECT_GT(held, 0u);
  EXPECT_GT(failed, 0u);
}

TEST(condition_table, a_catch_all_is_no_condition_or_only_unbounded_capacity) {
  auto doc = decode_resource_policies(policy_text, "conditions.yaml");
  ASSERT_TRUE(doc.ok());
  auto built = policies::build(doc.value());
  ASSERT_TRUE(built.ok());
  const std::vector<volume_policy>& list = built->volume_policies();
  EXPECT_TRUE(matches_every_volume(list.back().conditions));  // conditions: {}
  EXPECT_TRUE(matches_every_volume(list[2].conditions));      // capacity: "0,"
  EXPECT_FALSE(matches_every_volume(list[0].conditions));     // capacity: "0,60Gi"
  EXPECT_FALSE(matches_every_volume(list[7].conditions));     // csi: {}
}

}  // namespace
}  // namespace volpol::policy
