#include "volpol/detail/plan/volume_snapshot_location.h"

#include <gtest/gtest.h>

using namespace volpol;
using namespace volpol::plan;

TEST(volume_snapshot_location, parse_name_and_provider) {
  auto a = parse_volume_snapshot_location("default=aws");
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a->name, "default");
  EXPECT_EQ(a->provider, "aws");
  auto b = parse_volume_snapshot_location("velero.io/gcp");
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(b->name, "velero.io/gcp");
  EXPECT_FALSE(parse_volume_snapshot_location("x=").ok());
}

TEST(volume_snapshot_location, official_providers_recognise_their_sources) {
  k8s::persistent_volume ebs;
  ebs.sources.set(k8s::volume_source::aws_elastic_block_store);
  ebs.sources.set_volume_id("aws://eu-west-1a/vol-0abc");
  EXPECT_EQ(volume_id_for("aws", ebs).volume_id, "vol-0abc");
  EXPECT_EQ(volume_id_for("velero.io/aws", ebs).volume_id, "vol-0abc");
  EXPECT_EQ(volume_id_for("gcp", ebs).volume_id, "");
  EXPECT_TRUE(volume_id_for("gcp", ebs).known_provider);
  EXPECT_FALSE(volume_id_for("example.io/other", ebs).known_provider);

  k8s::persistent_volume empty_ebs;
  empty_ebs.sources.set(k8s::volume_source::aws_elastic_block_store);
  EXPECT_NE(volume_id_for("aws", empty_ebs).error, "");

  k8s::persistent_volume pd;
  pd.sources.set(k8s::volume_source::csi);
  pd.sources.edit_csi().driver = "pd.csi.storage.gke.io";
  pd.sources.edit_csi().volume_handle = "projects/p/zones/europe-west1-b/disks/disk-1";
  EXPECT_EQ(volume_id_for("gcp", pd).volume_id, "disk-1");
  pd.sources.edit_csi().volume_handle = "disk-1";
  EXPECT_NE(volume_id_for("gcp", pd).error, "");

  k8s::persistent_volume az;
  az.sources.set(k8s::volume_source::azure_disk);
  az.sources.set_volume_id("disk-az");
  EXPECT_EQ(volume_id_for("azure", az).volume_id, "disk-az");
}

namespace {
std::vector<volume_snapshot_location> two_aws_one_gcp() {
  return {{"vsl-west", "aws"}, {"vsl-east", "aws"}, {"gcp-1", "gcp"}};
}
}  // namespace

TEST(volume_snapshot_location, map_flag_as_velero_parses_it) {
  auto m = parse_map_flag("aws:vsl-west,gcp:gcp-1", ':');
  ASSERT_TRUE(m.ok());
  ASSERT_EQ(m->size(), 2u);
  EXPECT_EQ((*m)[0], (std::pair<std::string, std::string>{"aws", "vsl-west"}));
  auto quoted = parse_map_flag("\"k1=a=b,c=d\",k2=v2", '=');
  ASSERT_TRUE(quoted.ok());
  EXPECT_EQ((*quoted)[0].second, "a=b,c=d");
  EXPECT_FALSE(parse_map_flag("aws", ':').ok());
  EXPECT_NE(parse_map_flag("aws", ':').error()->message.find("`aws`"), std::string::npos);
}

TEST(volume_snapshot_location, one_per_provider_or_the_server_default) {
  const auto vsls = two_aws_one_gcp();
  auto r = resolve_volume_snapshot_locations(vsls, {}, {});
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0],
            "provider aws has more than one possible volume snapshot location, and none were specified explicitly or "
            "as a default");
  r = resolve_volume_snapshot_locations(vsls, {}, {{"aws", "vsl-west"}});
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.locations.size(), 2u);
  EXPECT_EQ(r.locations[0].name, "vsl-west");                                        // aws
  EXPECT_EQ(r.locations[1].name, "gcp-1");                                           // the only gcp one
  r = resolve_volume_snapshot_locations(vsls, {"vsl-east"}, {{"aws", "vsl-west"}});  // the spec wins
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.locations[0].name, "vsl-east");
}

TEST(volume_snapshot_location, validation_errors) {
  const auto vsls = two_aws_one_gcp();
  auto r = resolve_volume_snapshot_locations(vsls, {"missing"}, {});
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_NE(r.errors[0].find("a VolumeSnapshotLocation CRD for the location missing"), std::string::npos);
  r = resolve_volume_snapshot_locations(vsls, {"vsl-west", "vsl-east"}, {});
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0],
            "more than one VolumeSnapshotLocation name specified for provider aws: vsl-east; unexpected name was "
            "vsl-west");
  r = resolve_volume_snapshot_locations(vsls, {}, {{"aws", "vsl-north"}});
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_NE(r.errors[0].find("error getting volume snapshot location named vsl-north"), std::string::npos);
}
