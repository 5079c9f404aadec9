// `volpol plan` end to end: the walk's Velero bookkeeping (one PodVolumeBackup per PVC,
// skippedReason as Velero writes it), options, the CSI action's own helper, exit codes.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <map>

#include "cli_runner.h"

using volpol::testing::cli_result;
using volpol::testing::run_cli;
using volpol::testing::source_path;

namespace {

struct volume {
  std::string method, backup_method, skipped_reason, reason, pod, error, data_mover;
  bool skipped = false, moved = false;
};

std::string str(const YAML::Node& n, const char* key) { return n[key] ? n[key].as<std::string>() : ""; }

// Plans tests/data/plan/shared-rwx.yaml with `extra` flags (-o json); key: "ns/pvc" or "ns/pod/volume".
std::map<std::string, volume> plan(std::vector<std::string> extra, int expected_exit, cli_result* raw = nullptr) {
  std::vector<std::string> args = {"plan", "-f", source_path("tests/data/plan/shared-rwx.yaml"), "-o", "json"};
  for (auto& e : extra) args.push_back(e.rfind("tests/", 0) == 0 ? source_path(e) : e);
  const cli_result r = run_cli(args);
  if (raw) *raw = r;
  EXPECT_EQ(r.exit, expected_exit) << r.err;
  std::map<std::string, volume> out;
  const YAML::Node doc = YAML::Load(r.out);
  for (const YAML::Node& v : doc["volumes"]) {
    volume x;
    x.method = str(v, "method");
    x.backup_method = str(v, "backupMethod");
    x.skipped_reason = str(v, "skippedReason");
    x.reason = str(v, "reason");
    x.pod = str(v, "podName");
    x.error = str(v, "error");
    x.data_mover = str(v, "dataMover");
    x.skipped = v["skipped"].as<bool>();
    x.moved = v["snapshotDataMoved"].as<bool>();
    // A second pod's row of a shared PVC ("shared-pvc") is keyed by its pod volume.
    const bool by_pvc = v["pvcName"] && x.method != "shared-pvc";
    const std::string key = by_pvc ? str(v, "pvcNamespace") + "/" + str(v, "pvcName")
                                   : str(v, "podNamespace") + "/" + str(v, "podName") + "/" + str(v, "podVolume");
    out[key] = x;
  }
  return out;
}

}  // namespace

TEST(plan, one_pod_volume_backup_per_shared_pvc) {
  auto p = plan({}, 1);  // exit 1: the Pending PVC is an error without a policy
  ASSERT_EQ(p.count("team-a/shared"), 1u);
  EXPECT_EQ(p["team-a/shared"].method, "fs-backup");
  EXPECT_EQ(p["team-a/shared"].backup_method, "PodVolumeBackup");
  EXPECT_EQ(p["team-a/shared"].pod, "reader");  // pods are backed up by namespace/name: reader first
  EXPECT_FALSE(p["team-a/shared"].skipped);
}

TEST(plan, pod_not_running_gets_no_pod_volume_backup) {
  auto p = plan({}, 1);
  const volume& v = p["team-a/batch-job/work"];
  EXPECT_EQ(v.method, "skipped");
  EXPECT_NE(v.reason.find("pod is not running"), std::string::npos) << v.reason;
}

TEST(plan, non_csi_pv_without_snapshot_location_is_skipped_with_velero_reasons) {
  auto p = plan({}, 1);
  const volume& v = p["team-b/cache"];
  EXPECT_EQ(v.method, "skipped");
  EXPECT_EQ(v.skipped_reason,
            "csiSnapshot: skipped b/c it's not a CSI volume;volumeSnapshot: no applicable volumesnapshotter found;");
  EXPECT_EQ(p["team-b/scratch"].method, "csi-snapshot");
  EXPECT_EQ(p["team-b/scratch"].backup_method, "CSISnapshot");
}

TEST(plan, aws_location_takes_native_snapshot_of_ebs_volume) {
  auto p = plan({"--volume-snapshot-locations", "default=aws"}, 1);
  EXPECT_EQ(p["team-b/cache"].method, "native-snapshot");
  EXPECT_EQ(p["team-b/cache"].backup_method, "NativeSnapshot");
  EXPECT_FALSE(p["team-b/cache"].skipped);
}

TEST(plan, unbound_pvc_without_policy_is_an_error) {
  auto p = plan({}, 1);
  EXPECT_EQ(p["team-b/pending"].method, "error");
  EXPECT_NE(p["team-b/pending"].error.find("team-b/pending"), std::string::npos);
}

TEST(plan, skip_policy_stops_csi_and_native_snapshots) {
  auto p = plan({"--policy", "tests/data/plan/skip-labelled.yaml"}, 0);
  EXPECT_EQ(p["team-b/scratch"].method, "skipped");
  // The PV step adds nothing: Velero's ShouldPerformSnapshot for a PV target matches without the
  // PVC's labels (an empty PVC), says snapshot, and a CSI PV is then left to the CSI action.
  EXPECT_EQ(p["team-b/scratch"].skipped_reason, "any: skipped due to resource policy ;");
  EXPECT_EQ(p["team-b/pending"].method, "skipped");  // pvcPhase: [Pending] → skip, no error
  EXPECT_EQ(p["team-b/pending"].error, "");
}

TEST(plan, csi_action_own_helper_ignores_global_policies) {
  // The server's helper sees the global snapshot rule; the CSI plugin's helper (Backup policy
  // only) falls back to snapshotVolumes=false: Velero takes no snapshot and records nothing.
  auto p = plan({"--global-policy", "tests/data/plan/global-snapshot-csi.yaml", "--snapshot-volumes=false", "--policy",
                 "tests/data/plan/skip-labelled.yaml"},
                0);
  // scratch is skipped by the backup's own policy first; use the csi PVC of team-b via pv-csi
  EXPECT_EQ(p["team-b/scratch"].method, "skipped");
  auto q = plan({"--global-policy", "tests/data/plan/global-snapshot-csi.yaml", "--snapshot-volumes=false"}, 1);
  EXPECT_EQ(q["team-b/scratch"].method, "skipped");
  EXPECT_EQ(q["team-b/scratch"].skipped_reason, "");
  EXPECT_NE(q["team-b/scratch"].reason.find("disagrees"), std::string::npos) << q["team-b/scratch"].reason;
}

TEST(plan, backup_object_gives_options_and_flags_override) {
  auto p = plan({"--backup", "tests/data/plan/backup.yaml"}, 1);
  EXPECT_EQ(p.count("team-a/shared"), 0u);           // includedNamespaces: [team-b]
  EXPECT_EQ(p["team-b/scratch"].method, "skipped");  // snapshotVolumes: false
  auto q = plan({"--backup", "tests/data/plan/backup.yaml", "--snapshot-volumes"}, 1);
  EXPECT_EQ(q["team-b/scratch"].method, "csi-snapshot-data-movement");
  EXPECT_TRUE(q["team-b/scratch"].moved);
  // The Backup says `datamover: velero`: the backup controller's prepareBackupRequest makes it
  // GetDefaultBuiltInDataMover(), and the DataUpload names that.
  EXPECT_EQ(q["team-b/scratch"].data_mover, "velero-fs");
  // A third-party data mover is kept as the Backup names it.
  auto r = plan({"--backup", "tests/data/plan/backup.yaml", "--snapshot-volumes", "--data-mover", "acme-mover"}, 1);
  EXPECT_EQ(r["team-b/scratch"].data_mover, "acme-mover");
  EXPECT_TRUE(r["team-b/scratch"].moved);  // the DataUpload names the third-party mover
}

TEST(plan, data_mover_without_snapshot_move_data_is_a_note) {
  // Velero reads spec.datamover only when it moves snapshot data: the flag alone does nothing.
  const cli_result alone = run_cli({"plan", "-f", source_path("examples/cluster"), "--data-mover", "acme"});
  EXPECT_EQ(alone.exit, 1) << alone.err;  // the example cluster has volumes that err
  EXPECT_NE(alone.out.find("note: data mover `acme` has no effect: snapshotMoveData is not true"), std::string::npos)
      << alone.out;
  const cli_result moved = run_cli(
      {"plan", "-f", source_path("examples/cluster"), "--data-mover", "acme", "--snapshot-move-data"});
  EXPECT_EQ(moved.exit, 1) << moved.err;
  EXPECT_EQ(moved.out.find("has no effect"), std::string::npos) << moved.out;
}

TEST(plan, exclude_namespaces_drops_their_volumes) {
  auto p = plan({"--exclude-namespaces", "team-b"}, 0);
  EXPECT_EQ(p.count("team-b/cache"), 0u);
  EXPECT_EQ(p.count("team-a/shared"), 1u);
}

TEST(plan, invalid_policy_exits_2_with_positions) {
  cli_result r;
  plan({"--policy", "tests/data/plan/broken-policy.yaml"}, 2, &r);
  EXPECT_NE(r.err.find("broken-policy.yaml:5:5"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("storageClas"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST(plan, bad_flag_value_exits_2) {
  cli_result r;
  plan({"-o", "xml"}, 2, &r);
  EXPECT_NE(r.err.find("xml"), std::string::npos) << r.err;
  plan({"--snapshot-volumes=maybe"}, 2, &r);
  EXPECT_NE(r.err.find("maybe"), std::string::npos) << r.err;
}

TEST(plan, broken_object_is_reported_and_the_rest_planned) {
  const cli_result r = run_cli({"plan", "-f", source_path("tests/data/plan/broken-objects.yaml"), "-o", "json"});
  EXPECT_EQ(r.exit, 1);
  EXPECT_NE(r.err.find("pv-bad"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("broken-objects.yaml:5"), std::string::npos) << r.err;
  const YAML::Node doc = YAML::Load(r.out);
  ASSERT_EQ(doc["volumes"].size(), 1u);
  EXPECT_EQ(doc["volumes"][0]["pvName"].as<std::string>(), "pv-good");
  EXPECT_EQ(doc["problems"].size(), 1u);
}

TEST(plan, table_output_has_one_row_per_volume_and_a_summary) {
  const cli_result r = run_cli({"plan", "-f", source_path("tests/data/plan/shared-rwx.yaml"), "--policy",
                                source_path("tests/data/plan/skip-labelled.yaml")});
  EXPECT_EQ(r.exit, 0) << r.err;
  EXPECT_EQ(r.out.rfind("NAMESPACE", 0), 0u);
  EXPECT_NE(r.out.find("5 volumes in 6 rows: 1 fs-backup, 0 CSI snapshot"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("volumePolicies[0] (skip)"), std::string::npos) << r.out;
}

TEST(plan, yaml_and_json_carry_the_same_records) {
  const std::vector<std::string> base = {"plan", "-f", source_path("tests/data/plan/shared-rwx.yaml"), "--policy",
                                         source_path("tests/data/plan/skip-labelled.yaml")};
  auto with = [&](const char* fmt) {
    auto args = base;
    args.push_back("-o");
    args.push_back(fmt);
    return run_cli(args);
  };
  const cli_result j = with("json"), y = with("yaml");
  ASSERT_EQ(j.exit, 0) << j.err;
  ASSERT_EQ(y.exit, 0) << y.err;
  const YAML::Node jd = YAML::Load(j.out), yd = YAML::Load(y.out);
  ASSERT_EQ(jd["volumes"].size(), yd["volumes"].size());
  ASSERT_EQ(jd["volumes"].size(),
            6u);  // shared, its second pod's shared-pvc row, batch-job/work, cache, pending, scratch
  for (std::size_t i = 0; i < jd["volumes"].size(); ++i) {
    for (const char* key : {"pvcName", "pvName", "method", "skippedReason", "reason", "podName"}) {
      const YAML::Node a = jd["volumes"][i][key], b = yd["volumes"][i][key];
      ASSERT_EQ(static_cast<bool>(a), static_cast<bool>(b)) << key;
      if (a) {  // braces: gtest's macros end in an if/else (-Wdangling-else)
        EXPECT_EQ(a.as<std::string>(), b.as<std::string>()) << key;
      }
    }
  }
  EXPECT_EQ(jd["summary"]["volumes"].as<int>(), yd["summary"]["volumes"].as<int>());
}

TEST(plan, velero_backup_tarball_plans_like_its_unpacked_folder) {
  const std::string folder = source_path("tests/data/k8s/velero-backup");
  const std::string tarball = std::string(VOLPOL_BINARY_DIR) + "/plan-test-backup.tar.gz";
  ASSERT_EQ(std::system(("tar -C " + folder + " -czf " + tarball + " metadata resources").c_str()), 0);
  const cli_result a = run_cli({"plan", "-f", folder, "-o", "json"});
  const cli_result b = run_cli({"plan", "-f", tarball, "-o", "json"});
  ASSERT_EQ(a.exit, 0) << a.err;
  ASSERT_EQ(b.exit, 0) << b.err;
  const YAML::Node da = YAML::Load(a.out), db = YAML::Load(b.out);
  ASSERT_EQ(da["volumes"].size(), 2u);
  ASSERT_EQ(db["volumes"].size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(da["volumes"][i]["method"].as<std::string>(), db["volumes"][i]["method"].as<std::string>());
    EXPECT_EQ(da["volumes"][i]["reason"].as<std::string>(), db["volumes"][i]["reason"].as<std::string>());
  }
  EXPECT_EQ(db["volumes"][0]["pvcName"].as<std::string>(), "data-web-0");
}
