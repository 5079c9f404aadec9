#include <gtest/gtest.h>

#include "test_objects.h"
#include "volpol/detail/helper/pod_volumes.h"

namespace volpol::helper {
namespace {

using k8s::volume_source;
using testing::volume;

TEST(volume_exclusion, kinds_and_names_in_velero_order) {
  struct row {
    k8s::pod_volume v;
    bool exclude_pvc;
    volume_exclusion want;
  };
  k8s::pod_volume host_and_secret = volume("x", volume_source::secret);
  host_and_secret.sources.set(volume_source::host_path);
  const row rows[] = {
      {volume("v", volume_source::host_path), false, volume_exclusion::host_path},
      {volume("v", volume_source::secret), false, volume_exclusion::secret},
      {volume("v", volume_source::config_map), false, volume_exclusion::config_map},
      {volume("v", volume_source::projected), false, volume_exclusion::projected},
      {volume("v", volume_source::downward_api), false, volume_exclusion::downward_api},
      {testing::claim("v", "c"), true, volume_exclusion::excluded_pvc},
      {testing::claim("v", "c"), false, volume_exclusion::none},
      {volume("v", volume_source::empty_dir), true, volume_exclusion::none},
      {volume("default-token", volume_source::empty_dir), false, volume_exclusion::default_token},
      {volume("default-token-abc", volume_source::secret), false, volume_exclusion::secret},  // kind first
      {volume("my-default-token", volume_source::empty_dir), false, volume_exclusion::none},
      {volume("Default-token-x", volume_source::empty_dir), false, volume_exclusion::none},  // case-sensitive
      {volume("share", volume_source::nfs), false, volume_exclusion::none},
      {host_and_secret, false, volume_exclusion::host_path},
  };
  for (const auto& r : rows) {
    SCOPED_TRACE(r.v.name);
    EXPECT_EQ(exclusion_of(r.v, r.exclude_pvc), r.want);
    EXPECT_EQ(should_include_volume(r.v, r.exclude_pvc), r.want == volume_exclusion::none);
  }
}

TEST(volume_exclusion, names_are_stable) {
  EXPECT_EQ(to_string(volume_exclusion::downward_api), "downwardAPI");
  EXPECT_EQ(to_string(volume_exclusion::excluded_pvc), "excluded-pvc");
  EXPECT_EQ(to_string(reason::pod_fs_backup), "pod-fs-backup");
  EXPECT_EQ(to_string(reason::snapshot_volumes_unset), "snapshot-volumes-unset");
}

}  // namespace
}  // namespace volpol::helper
