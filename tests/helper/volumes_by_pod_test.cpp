#include <gtest/gtest.h>

#include "test_objects.h"
#include "volpol/detail/helper/pod_volumes.h"
#include "volpol/k8s/cluster.h"

namespace volpol::helper {
namespace {

using k8s::volume_source;
using list = std::vector<std::string>;
using testing::claim;
using testing::empty_dir;
using testing::make_pod;
using testing::volume;

const std::string in_key(volumes_to_backup_annotation);
const std::string out_key(volumes_to_exclude_annotation);

TEST(volumes_by_pod, opt_in_mode_returns_the_annotation_as_written) {
  const k8s::pod p = make_pod("ns", "p", {empty_dir("a"), volume("h", volume_source::host_path)},
                              {{{in_key, "h,missing"}}});
  const pod_volume_selection s = volumes_by_pod(p, false, false);
  EXPECT_EQ(s.volumes, (list{"h", "missing"}));  // no kind check in opt-in mode
  EXPECT_TRUE(s.opted_out.empty());
  ASSERT_EQ(s.choices.size(), 2u);
  EXPECT_EQ(s.choices[0].why, reason::not_opted_in);
  EXPECT_FALSE(s.choices[0].selected);
  EXPECT_EQ(s.choices[1].why, reason::annotation_opt_in);
  EXPECT_TRUE(s.choices[1].selected);
}

TEST(volumes_by_pod, opt_out_mode_checks_kinds_then_list_then_token_name) {
  const k8s::pod p = make_pod("ns", "p",
                              {empty_dir("keep"), volume("cfg", volume_source::config_map), claim("data", "pvc-1"),
                               empty_dir("skip"), empty_dir("default-token-x"), volume("sec", volume_source::secret)},
                              {{{out_key, "skip,default-token-x,sec"}}});
  const pod_volume_selection s = volumes_by_pod(p, true, true);
  EXPECT_EQ(s.volumes, list{"keep"});
  EXPECT_EQ(s.opted_out, (list{"skip", "default-token-x"}));  // the list is tested before the name
  ASSERT_EQ(s.choices.size(), 6u);
  EXPECT_EQ(s.choices[1].exclusion, volume_exclusion::config_map);
  EXPECT_EQ(s.choices[2].exclusion, volume_exclusion::excluded_pvc);
  EXPECT_EQ(s.choices[3].why, reason::annotation_opt_out);
  EXPECT_EQ(s.choices[4].why, reason::annotation_opt_out);
  EXPECT_EQ(s.choices[5].exclusion, volume_exclusion::secret);  // kind before the list
  EXPECT_EQ(s.choices[0].why, reason::default_fs_backup);
}

TEST(volumes_by_pod, default_token_name_is_dropped_after_the_list) {
  const k8s::pod p = make_pod("ns", "p", {empty_dir("default-token-abc"), empty_dir("data")});
  const pod_volume_selection s = volumes_by_pod(p, true, false);
  EXPECT_EQ(s.volumes, list{"data"});
  ASSERT_EQ(s.choices.size(), 2u);
  EXPECT_EQ(s.choices[0].why, reason::excluded_volume);
  EXPECT_EQ(s.choices[0].exclusion, volume_exclusion::default_token);
}

TEST(volumes_by_pod, legacy_volumes_limit_what_opt_out_mode_processes) {
  const k8s::pod p = make_pod("ns", "p", {empty_dir("a"), empty_dir("b"), empty_dir("c")});
  const list legacy = {"c", "a"};
  const pod_volume_selection s = volumes_by_pod(p, true, false, legacy);
  EXPECT_EQ(s.volumes, (list{"a", "c"}));  // spec order
  EXPECT_EQ(s.choices.size(), 2u);
}

TEST(is_pvc_default_to_fs_backup, uses_the_pods_mounting_the_claim) {
  k8s::cluster c;
  ASSERT_TRUE(c.add(make_pod("ns", "opted", {claim("vol", "pvc-a")}, {{{in_key, "vol"}}})));
  ASSERT_TRUE(c.add(make_pod("ns", "plain", {claim("vol", "pvc-b")})));
  ASSERT_TRUE(c.add(make_pod("other", "elsewhere", {claim("vol", "pvc-c")}, {{{in_key, "vol"}}})));
  EXPECT_TRUE(is_pvc_default_to_fs_backup(c, "ns", "pvc-a", false));
  EXPECT_FALSE(is_pvc_default_to_fs_backup(c, "ns", "pvc-b", false));
  EXPECT_TRUE(is_pvc_default_to_fs_backup(c, "ns", "pvc-b", true));
  EXPECT_FALSE(is_pvc_default_to_fs_backup(c, "ns", "pvc-c", false));  // other namespace
  EXPECT_TRUE(is_pvc_default_to_fs_backup(c, "other", "pvc-c", false));
  EXPECT_FALSE(is_pvc_default_to_fs_backup(c, "ns", "unused", true));
}

}  // namespace
}  // namespace volpol::helper
