#include "volpol/plan/volume_snapshot_location.h"

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
  ebs.sources.volume_id = "aws://eu-west-1a/vol-0abc";
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
  pd.sources.csi.driver = "pd.csi.storage.gke.io";
  pd.sources.csi.volume_handle = "projects/p/zones/europe-west1-b/disks/disk-1";
  EXPECT_EQ(volume_id_for("gcp", pd).volume_id, "disk-1");
  pd.sources.csi.volume_handle = "disk-1";
  EXPECT_NE(volume_id_for("gcp", pd).error, "");

  k8s::persistent_volume az;
  az.sources.set(k8s::volume_source::azure_disk);
  az.sources.volume_id = "disk-az";
  EXPECT_EQ(volume_id_for("azure", az).volume_id, "disk-az");
}
