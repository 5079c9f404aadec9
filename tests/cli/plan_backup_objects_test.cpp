// `volpol plan` with the objects Velero's backup consults (issue 9): item collection filters,
// the CSI snapshot class, snapshot locations, the node agent, Schedules, shared PVC rows.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <map>

#include "cli_runner.h"

using volpol::testing::cli_result;
using volpol::testing::run_cli;
using volpol::testing::source_path;

namespace {

std::string str(const YAML::Node& n, const char* key) { return n[key] ? n[key].as<std::string>() : ""; }

struct planned {
  cli_result raw;
  YAML::Node doc;
  std::map<std::string, YAML::Node>
      by_key;  ///< "ns/pvc", or "ns/pod/volume" for rows without a PVC (and shared-pvc rows)
  std::vector<std::string> notes;
};

planned plan(std::vector<std::string> args, int expected_exit) {
  std::vector<std::string> full = {"plan", "-o", "json"};
  for (auto& a : args) full.push_back(a.rfind("tests/", 0) == 0 || a.rfind("examples/", 0) == 0 ? source_path(a) : a);
  planned p;
  p.raw = run_cli(full);
  EXPECT_EQ(p.raw.exit, expected_exit) << p.raw.err;
  p.doc = YAML::Load(p.raw.out);
  for (const YAML::Node& v : p.doc["volumes"]) {
    const bool by_pvc = v["pvcName"] && str(v, "method") != "shared-pvc";
    p.by_key[by_pvc ? str(v, "pvcNamespace") + "/" + str(v, "pvcName")
                    : str(v, "podNamespace") + "/" + str(v, "podName") + "/" + str(v, "podVolume")] = v;
  }
  for (const YAML::Node& n : p.doc["notes"]) p.notes.push_back(n.as<std::string>());
  return p;
}

bool has_note(const planned& p, const std::string& part) {
  for (const auto& n : p.notes)
    if (n.find(part) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST(plan_backup_objects, include_exclude_policy_excluding_pvcs_plans_no_csi_snapshot) {
  const planned p = plan({"--policy", "examples/policies/exclude-pvcs.yaml", "-f", "examples/cluster"}, 0);
  EXPECT_EQ(p.doc["summary"]["csiSnapshot"].as<int>(), 0);
  EXPECT_EQ(p.doc["summary"]["csiSnapshotDataMovement"].as<int>(), 0);
  const YAML::Node pvc = p.by_key.at("shop/data-postgres-0");
  EXPECT_EQ(str(pvc, "method"), "not-backed-up");
  EXPECT_EQ(str(pvc["decision"], "kind"), "not-collected");
  EXPECT_EQ(str(pvc["decision"], "filterOrigin"), "includeExcludePolicy");
  EXPECT_EQ(str(pvc["decision"], "filterField"), "excludedNamespaceScopedResources");
  EXPECT_EQ(str(pvc["decision"], "filterEntry"), "persistentvolumeclaims");
  EXPECT_EQ(str(pvc, "reason"),
            "not backed up: resource excluded by includeExcludePolicy.excludedNamespaceScopedResources "
            "`persistentvolumeclaims`");
}

TEST(plan_backup_objects, a_schedule_plans_as_the_backup_it_creates) {
  const planned s = plan({"--backup", "tests/data/velero/schedule-shop.yaml", "-f", "examples/cluster"}, 0);
  const planned b = plan({"--backup", "tests/data/velero/backup-shop.yaml", "-f", "examples/cluster"}, 0);
  ASSERT_GT(s.doc["volumes"].size(), 0u);
  YAML::Emitter se, be;
  se << s.doc["volumes"];
  be << b.doc["volumes"];
  EXPECT_EQ(std::string(se.c_str()), std::string(be.c_str()));
  EXPECT_TRUE(has_note(s, "planned for the Backup Schedule shop-daily creates (shop-daily-20060102150405)"));
}

TEST(plan_backup_objects, backup_by_name_with_its_policy_config_map_and_snapshot_location) {
  const planned p = plan({"-f", "tests/data/velero/cluster-objects.yaml", "-f", "examples/cluster", "--backup",
                          "nightly-shop", "--volume-snapshot-locations", "x=gcp"},
                         1);
  // the input has StorageClasses, but not the PVCs' gp3-csi: Velero's CSI action errs
  EXPECT_EQ(str(p.by_key.at("shop/data-postgres-0"), "error"),
            "error getting storage class: storageclasses.storage.k8s.io \"gp3-csi\" not found");
  // includedNamespaces [shop]; the ConfigMap's policy (storageClass efs -> fs-backup) is used;
  // the backup names vsl-west (aws), so redis' in-tree EBS volume gets a native snapshot there.
  const YAML::Node redis = p.by_key.at("shop/redis-data");
  EXPECT_EQ(str(redis, "method"), "native-snapshot") << str(redis, "reason");
  EXPECT_EQ(str(redis, "snapshotLocation"), "vsl-west");
  EXPECT_EQ(p.by_key.count("media/media-library"), 0u);
  EXPECT_TRUE(has_note(p, "ignored: 2 Service"));
}

TEST(plan_backup_objects, several_locations_of_one_provider_fail_validation_without_a_default) {
  const planned bad = plan({"-f", "tests/data/velero/cluster-objects.yaml", "-f", "examples/cluster"}, 1);
  EXPECT_TRUE(has_note(bad, "provider aws has more than one possible volume snapshot location"));
  const YAML::Node v = bad.by_key.at("shop/data-postgres-0");
  EXPECT_EQ(str(v, "method"), "error");
  EXPECT_EQ(str(v["decision"], "error"), "failed-validation");
  const planned ok = plan({"-f", "tests/data/velero/cluster-objects.yaml", "-f", "examples/cluster",
                           "--default-volume-snapshot-locations", "aws:vsl-east"},
                          1);  // 1: gp3-csi is not among the input's StorageClasses
  EXPECT_EQ(str(ok.by_key.at("shop/redis-data"), "snapshotLocation"), "vsl-east");
}

TEST(plan_backup_objects, csi_snapshot_class_node_agent_and_pod_rows) {
  const planned p = plan({"-f", "tests/data/velero/csi-cluster.yaml"}, 1);  // 1: web-1/cache, see below
  const YAML::Node db = p.by_key.at("app/data-db-0");
  EXPECT_EQ(str(db, "method"), "csi-snapshot");
  EXPECT_EQ(str(db, "snapshotClass"), "ebs-velero");  // the class with the velero.io label
  // web-0 (node-1, a node-agent pod runs there) takes the shared PVC's PodVolumeBackup
  const YAML::Node shared = p.by_key.at("app/shared-files");
  EXPECT_EQ(str(shared, "method"), "fs-backup");
  EXPECT_EQ(str(shared, "podName"), "web-0");
  // web-1 gets its own row, saying which pod's PodVolumeBackup covers the PVC
  const YAML::Node second = p.by_key.at("app/web-1/files");
  EXPECT_EQ(str(second, "method"), "shared-pvc");
  EXPECT_EQ(str(second, "reason"),
            "PVC app/shared-files is covered by the PodVolumeBackup of pod app/web-0 (one per PVC)");
  // worker-0 has no nodeName: Velero's words
  const YAML::Node scratch = p.by_key.at("app/worker-0/scratch");
  EXPECT_NE(str(scratch, "reason").find("pod is not scheduled, name=worker-0, namespace=app, phase=Pending"),
            std::string::npos)
      << str(scratch, "reason");
  EXPECT_TRUE(has_note(p, "ignored: 1 Service"));
}

TEST(plan_backup_objects, no_node_agent_on_the_pods_node_is_an_error) {
  const planned p = plan({"-f", "tests/data/velero/csi-cluster.yaml"}, 1);
  const YAML::Node cache = p.by_key.at("app/web-1/cache");  // web-1 runs on node-2: no node-agent pod there
  EXPECT_EQ(str(cache, "method"), "error");
  EXPECT_EQ(str(cache, "error"), "daemonset pod not found in running state in node node-2");
  EXPECT_EQ(str(cache["decision"], "error"), "node-agent-not-running");
  // data movement: the DaemonSet has a ready pod, so the CSI snapshot's data can move
  const planned moved = plan({"-f", "tests/data/velero/csi-cluster.yaml", "--snapshot-move-data"}, 1);
  EXPECT_EQ(str(moved.by_key.at("app/data-db-0"), "method"), "csi-snapshot-data-movement");
}

TEST(plan_backup_objects, custom_on_a_pod_volume_without_a_pvc_is_skipped_and_says_why) {
  const planned p = plan({"--policy", "tests/data/velero/custom-emptydir.yaml", "-f",
                          "tests/data/velero/csi-cluster.yaml", "--custom-action-params", "myAction=true"},
                         0);  // web-1/cache is custom too: no PodVolumeBackup, so no node-agent error
  const YAML::Node tmp = p.by_key.at("app/web-0/tmp");
  EXPECT_EQ(str(tmp, "method"), "skipped");
  EXPECT_EQ(str(tmp["decision"], "kind"), "custom-not-pvc");
  const YAML::Node db = p.by_key.at("app/data-db-0");
  EXPECT_EQ(str(db, "method"), "custom");
  EXPECT_TRUE(db["customActionTaken"].as<bool>());
}
