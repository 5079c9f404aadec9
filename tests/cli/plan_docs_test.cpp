// Velero's documented volume-policy examples (site/content/docs/main/resource-filtering.md,
// "Support for fs-backup and snapshot actions via volume policy feature", examples 1-6, and
// "Global backup volume policies"), each run through `volpol plan` with the documented
// application: one pod, Volume 1 on gp2-csi, Volume 2 on gp3-csi (tests/data/docs/).
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include "cli_runner.h"

using volpol::testing::run_cli;
using volpol::testing::source_path;

namespace {

struct planned {
  std::string method;         // volpol's method label
  std::string backup_method;  // BackupVolumeInfo.backupMethod
  std::string snapshot_class;
  std::string policy_action;
};

// Runs the plan with -o json and returns pvcName -> what was planned.
std::map<std::string, planned> plan(const std::string& policy, std::vector<std::string> extra,
                                    const std::string& cluster = "tests/data/docs/cluster.yaml") {
  std::vector<std::string> args = {"plan", "-f", source_path(cluster), "-o", "json"};
  if (!policy.empty()) {
    args.push_back("--policy");
    args.push_back(source_path("tests/data/docs/" + policy));
  }
  args.insert(args.end(), extra.begin(), extra.end());
  const auto r = run_cli(args);
  EXPECT_EQ(r.exit, 0) << r.err;
  std::map<std::string, planned> out;
  const YAML::Node doc = YAML::Load(r.out);
  for (const YAML::Node& v : doc["volumes"]) {
    planned p;
    p.method = v["method"].as<std::string>();
    if (v["backupMethod"]) p.backup_method = v["backupMethod"].as<std::string>();
    if (v["snapshotClass"]) p.snapshot_class = v["snapshotClass"].as<std::string>();
    if (v["policy"]) p.policy_action = v["policy"]["action"].as<std::string>();
    out[v["pvcName"].as<std::string>()] = p;
  }
  return out;
}

}  // namespace

// Example 1: fs-backup for gp2-csi — "fs-backup only on Volume 1".
TEST(velero_docs, example_1_fs_backup_for_gp2) {
  auto p = plan("example-1.yaml", {"--snapshot-volumes=false"});
  EXPECT_EQ(p["pvc-1"].method, "fs-backup");
  EXPECT_EQ(p["pvc-1"].backup_method, "PodVolumeBackup");
  EXPECT_EQ(p["pvc-1"].policy_action, "fs-backup");
  EXPECT_EQ(p["pvc-2"].method, "skipped");
  // snapshotVolumes unset: Volume 2, matched by no policy, falls back to a snapshot.
  auto d = plan("example-1.yaml", {});
  EXPECT_EQ(d["pvc-1"].method, "fs-backup");
  EXPECT_EQ(d["pvc-2"].method, "csi-snapshot");
}

// Example 2: snapshot for gp2-csi — "snapshot only on Volume 1".
TEST(velero_docs, example_2_snapshot_for_gp2) {
  auto p = plan("example-2.yaml", {"--snapshot-volumes=false"});
  EXPECT_EQ(p["pvc-1"].method, "csi-snapshot");
  EXPECT_EQ(p["pvc-1"].backup_method, "CSISnapshot");
  EXPECT_EQ(p["pvc-2"].method, "skipped");
}

// Example 3: snapshot for gp2-csi, fs-backup for gp3-csi.
TEST(velero_docs, example_3_snapshot_and_fs_backup) {
  auto p = plan("example-3.yaml", {});
  EXPECT_EQ(p["pvc-1"].method, "csi-snapshot");
  EXPECT_EQ(p["pvc-2"].method, "fs-backup");
  EXPECT_EQ(p["pvc-2"].policy_action, "fs-backup");
}

// Example 4: snapshot for gp3-csi, and the pod opts Volume 1 in to fs-backup by annotation.
TEST(velero_docs, example_4_policy_and_opt_in_annotation) {
  auto p = plan("example-4.yaml", {}, "tests/data/docs/cluster-opt-in.yaml");
  EXPECT_EQ(p["pvc-2"].method, "csi-snapshot");
  EXPECT_EQ(p["pvc-2"].policy_action, "snapshot");
  EXPECT_EQ(p["pvc-1"].method, "fs-backup");
  EXPECT_EQ(p["pvc-1"].policy_action, "");  // the legacy annotation decided
}

// Example 5: fs-backup for gp2-csi with defaultVolumesToFsBackup: both volumes fs-backed-up.
TEST(velero_docs, example_5_fs_backup_with_default_volumes_to_fs_backup) {
  auto p = plan("example-5.yaml", {"--default-volumes-to-fs-backup"});
  EXPECT_EQ(p["pvc-1"].method, "fs-backup");
  EXPECT_EQ(p["pvc-1"].policy_action, "fs-backup");
  EXPECT_EQ(p["pvc-2"].method, "fs-backup");
  EXPECT_EQ(p["pvc-2"].policy_action, "");
}

// Example 6: a VolumeSnapshotClass per storage class.
TEST(velero_docs, example_6_snapshot_class_per_storage_class) {
  auto p = plan("example-6.yaml", {});
  EXPECT_EQ(p["pvc-1"].method, "csi-snapshot");
  EXPECT_EQ(p["pvc-1"].snapshot_class, "vsc-array-1");
  EXPECT_EQ(p["pvc-2"].method, "csi-snapshot");
  EXPECT_EQ(p["pvc-2"].snapshot_class, "vsc-array-2");
}
