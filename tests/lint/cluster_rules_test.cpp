// Cluster rules (VP201-VP210): each triggered against a small cluster, and a close case that is not.
#include <gtest/gtest.h>

#include "lint_fixture.h"

using volpol::lint::rule_id;
using volpol::testing::lint_texts;

namespace {

std::string pv(const std::string& name, const std::string& cls, const std::string& claim, const std::string& source,
               const std::string& extra = "") {
  return "apiVersion: v1\nkind: PersistentVolume\nmetadata: {name: " + name +
         "}\nspec:\n  capacity: {storage: 10Gi}\n"
         "  accessModes: [ReadWriteOnce]\n  storageClassName: " +
         cls + "\n  claimRef: {namespace: app, name: " + claim + "}\n  " + source + "\n" + extra +
         "status: {phase: Bound}\n---\n";
}

std::string pvc(const std::string& name, const std::string& cls, const std::string& volume,
                const std::string& mode = "") {
  return "apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: " + name +
         ", namespace: app}\nspec:\n"
         "  accessModes: [ReadWriteOnce]\n  storageClassName: " +
         cls + "\n  volumeName: " + volume + "\n" + (mode.empty() ? "" : "  volumeMode: " + mode + "\n") +
         "status: {phase: Bound}\n---\n";
}

/// A running pod mounting the given claims as volumes named after them.
std::string pod(const std::string& name, const std::vector<std::string>& claims, const std::string& annotations = "",
                bool as_devices = false) {
  std::string s = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: " + name + "\n  namespace: app\n";
  if (!annotations.empty()) s += "  annotations: {" + annotations + "}\n";
  s += "spec:\n  nodeName: node-1\n  containers:\n  - name: c\n    image: x\n";
  s += as_devices ? "    volumeDevices:\n" : "    volumeMounts:\n";
  for (const auto& c : claims)
    s += as_devices ? "    - {name: " + c + ", devicePath: /dev/" + c + "}\n"
                    : "    - {name: " + c + ", mountPath: /" + c + "}\n";
  s += "  volumes:\n";
  for (const auto& c : claims) s += "  - name: " + c + "\n    persistentVolumeClaim: {claimName: " + c + "}\n";
  s += "status: {phase: Running}\n---\n";
  return s;
}

const std::string csi_source = "csi: {driver: ebs.csi.aws.com, volumeHandle: vol-1}";

/// data (gp3-csi, CSI) and logs (nfs-client, NFS server nfs.example.com), mounted by pod web.
std::string base_cluster() {
  return pv("pv-data", "gp3-csi", "data", csi_source) +
         pv("pv-logs", "nfs-client", "logs", "nfs: {server: nfs.example.com, path: /logs}") +
         pvc("data", "gp3-csi", "pv-data") + pvc("logs", "nfs-client", "pv-logs") + pod("web", {"data", "logs"});
}

const std::string snapshot_all = "version: v1\nvolumePolicies:\n- conditions: {}\n  action: {type: snapshot}\n";

}  // namespace

// ---- VP201 policy-matches-nothing ---------------------------------------------------------------
TEST(lint_policy_matches_nothing, policy_for_absent_volumes_is_reported) {
  auto r = lint_texts(
      {.policy = "version: v1\nvolumePolicies:\n- conditions: {capacity: '1Ti,'}\n  action: {type: skip}\n"
                 "- conditions: {}\n  action: {type: snapshot}\n",
       .cluster = base_cluster()});
  const auto f = r->of(rule_id::policy_matches_nothing);
  ASSERT_EQ(f.size(), 1u) << r->dump();
  EXPECT_EQ(f[0].path, "volumePolicies[0]");
  EXPECT_EQ(f[0].line, 3u);
  EXPECT_EQ(f[0].message, "volumePolicies[0] (skip) matches none of the cluster's 2 volumes");
}
TEST(lint_policy_matches_nothing, policies_that_match_are_clean) {
  auto r = lint_texts({.policy = "version: v1\nvolumePolicies:\n- conditions: {nfs: {}}\n  action: {type: fs-backup}\n"
                                 "- conditions: {capacity: '0,10Gi'}\n  action: {type: snapshot}\n",
                       .cluster = base_cluster()});
  EXPECT_TRUE(r->findings.empty()) << r->dump();
}

// ---- VP202 / VP203 / VP204 unknown names ----------------------------------------------------------
TEST(lint_unknown_storage_class, near_class_is_suggested) {
  auto r = lint_texts(
      {.policy = "version: v1\nvolumePolicies:\n- conditions: {storageClass: [gp3]}\n  action: {type: skip}\n"
                 "- conditions: {}\n  action: {type: snapshot}\n",
       .cluster = base_cluster()});
  const auto f = r->of(rule_id::unknown_storage_class);
  ASSERT_EQ(f.size(), 1u) << r->dump();
  EXPECT_EQ(f[0].help, "did you mean `gp3-csi`?");
  EXPECT_EQ(f[0].path, "volumePolicies[0].conditions.storageClass[0]");
  EXPECT_EQ(f[0].column, 31u);
}
TEST(lint_unknown_storage_class, classes_the_cluster_has_are_clean) {
  auto r = lint_texts(
      {.policy = "version: v1\nvolumePolicies:\n- conditions: {storageClass: [gp3-csi]}\n  action: {type: snapshot}\n"
                 "- conditions: {storageClass: [nfs-client]}\n  action: {type: fs-backup}\n",
       .cluster = base_cluster()});
  EXPECT_TRUE(r->findings.empty()) << r->dump();
}
TEST(lint_unknown_nfs_server, misspelt_server_is_reported) {
  auto r = lint_texts(
      {.policy = "version: v1\nvolumePolicies:\n- conditions: {nfs: {server: nfs.exmple.com}}\n  action: "
                 "{type: fs-backup}\n- conditions: {}\n  action: {type: snapshot}\n",
       .cluster = base_cluster()});
  const auto f = r->of(rule_id::unknown_nfs_server);
  ASSERT_EQ(f.size(), 1u) << r->dump();
  EXPECT_EQ(f[0].help, "did you mean `nfs.example.com`?");
  EXPECT_EQ(f[0].path, "volumePolicies[0].conditions.nfs.server");
}
TEST(lint_unknown_nfs_server, used_server_is_clean) {
  auto r = lint_texts(
      {.policy = "version: v1\nvolumePolicies:\n- conditions: {nfs: {server: nfs.example.com}}\n  action: "
                 "{type: fs-backup}\n- conditions: {}\n  action: {type: snapshot}\n",
       .cluster = base_cluster()});
  EXPECT_TRUE(r->findings.empty()) << r->dump();
}
TEST(lint_unknown_csi_driver, misspelt_driver_is_reported) {
  auto r = lint_texts(
      {.policy = "version: v1\nvolumePolicies:\n- conditions: {csi: {driver: ebs.csi.aws.co}}\n  action: "
                 "{type: snapshot}\n- conditions: {}\n  action: {type: fs-backup}\n",
       .cluster = base_cluster()});
  const auto f = r->of(rule_id::unknown_csi_driver);
  ASSERT_EQ(f.size(), 1u) << r->dump();
  EXPECT_EQ(f[0].help, "did you mean `ebs.csi.aws.com`?");
}
TEST(lint_unknown_csi_driver, used_driver_is_clean) {
  auto r = lint_texts(
      {.policy = "version: v1\nvolumePolicies:\n- conditions: {csi: {driver: ebs.csi.aws.com}}\n  action: "
                 "{type: snapshot}\n- conditions: {}\n  action: {type: fs-backup}\n",
       .cluster = base_cluster()});
  EXPECT_TRUE(r->findings.empty()) << r->dump();
}

// ---- VP205 volume-not-backed-up -------------------------------------------------------------------
TEST(lint_volume_not_backed_up, nothing_for_an_nfs_volume_without_snapshot_location) {
  // logs is NFS: no CSI snapshot, no native snapshot (no location), no fs-backup (opt-in, not listed).
  auto r = lint_texts({.cluster = base_cluster()});
  const auto f = r->of(rule_id::volume_not_backed_up);
  ASSERT_EQ(f.size(), 1u) << r->dump();
  EXPECT_EQ(f[0].object, "PersistentVolumeClaim app/logs");
  EXPECT_TRUE(f[0].file.empty());
  EXPECT_NE(f[0].help.find("--volume-snapshot-locations"), std::string::npos) << f[0].help;
}
TEST(lint_volume_not_backed_up, fs_backup_policy_for_a_claim_no_pod_mounts) {
  const std::string c = pv("pv-data", "gp3-csi", "data", "nfs: {server: s, path: /p}") +
                        pvc("data", "gp3-csi", "pv-data");
  auto r = lint_texts(
      {.policy = "version: v1\nvolumePolicies:\n- conditions: {nfs: {}}\n  action: {type: fs-backup}\n", .cluster = c});
  const auto f = r->of(rule_id::volume_not_backed_up);
  ASSERT_EQ(f.size(), 1u) << r->dump();
  EXPECT_NE(f[0].message.find("no pod in the backup mounts this PVC"), std::string::npos) << f[0].message;
  EXPECT_EQ(f[0].help,
            "volumePolicies[0] (fs-backup) selects fs-backup, which needs a running pod that mounts the "
            "claim: run one, or match the claim with a `snapshot` policy");
  EXPECT_EQ(f[0].line, 3u);  // it names the deciding policy, so it points at it too
}
TEST(lint_volume_not_backed_up, native_snapshot_with_a_location_is_clean) {
  const std::string c = pv("pv-ebs", "gp2", "ebs", "awsElasticBlockStore: {volumeID: vol-0123}") +
                        pvc("ebs", "gp2", "pv-ebs");
  auto r = lint_texts({.cluster = c});
  EXPECT_TRUE(r->has(rule_id::volume_not_backed_up)) << r->dump();
  volpol::plan::server_options server;
  server.volume_snapshot_locations.push_back(volpol::plan::parse_volume_snapshot_location("default=aws").value());
  auto with_location = lint_texts({.cluster = c, .server = server});
  EXPECT_FALSE(with_location->has(rule_id::volume_not_backed_up)) << with_location->dump();
}
TEST(lint_volume_not_backed_up, skip_policy_says_it_is_intended) {
  auto r = lint_texts({.policy = "version: v1\nvolumePolicies:\n- conditions: {nfs: {}}\n  action: {type: skip}\n",
                       .cluster = base_cluster()});
  EXPECT_FALSE(r->has(rule_id::volume_not_backed_up)) << r->dump();
}
TEST(lint_volume_not_backed_up, fs_backup_of_the_nfs_volume_is_clean) {
  auto r = lint_texts({.policy = "version: v1\nvolumePolicies:\n- conditions: {nfs: {}}\n  action: {type: fs-backup}\n",
                       .cluster = base_cluster()});
  EXPECT_TRUE(r->findings.empty()) << r->dump();
}

// ---- VP206 fs-backup-refused ----------------------------------------------------------------------
TEST(lint_fs_backup_refused, opt_in_of_a_host_path_backed_pvc) {
  const std::string c = pv("pv-host", "local", "host", "hostPath: {path: /mnt/data}") +
                        pvc("host", "local", "pv-host") +
                        pod("node-app", {"host"}, "backup.velero.io/backup-volumes: host");
  auto r = lint_texts({.cluster = c});
  const auto f = r->of(rule_id::fs_backup_refused);
  ASSERT_EQ(f.size(), 1u) << r->dump();
  EXPECT_EQ(f[0].object, "Pod app/node-app volume `host`");
  EXPECT_NE(f[0].message.find("hostPath-backed"), std::string::npos) << f[0].message;
}
TEST(lint_fs_backup_refused, opt_in_of_a_block_volume) {
  const std::string c = pv("pv-raw", "gp3-csi", "raw", csi_source) + pvc("raw", "gp3-csi", "pv-raw", "Block") +
                        pod("db", {"raw"}, "backup.velero.io/backup-volumes: raw", true);
  auto r = lint_texts({.cluster = c});
  ASSERT_EQ(r->of(rule_id::fs_backup_refused).size(), 1u) << r->dump();
}
TEST(lint_fs_backup_refused, opt_in_of_a_csi_filesystem_volume_is_clean) {
  const std::string c = pv("pv-data", "gp3-csi", "data", csi_source) + pvc("data", "gp3-csi", "pv-data") +
                        pod("web", {"data"}, "backup.velero.io/backup-volumes: data");
  auto r = lint_texts({.cluster = c});
  EXPECT_TRUE(r->findings.empty()) << r->dump();
}

// ---- VP207 block-data-movement --------------------------------------------------------------------
TEST(lint_block_data_movement, block_pvc_moved_by_the_default_mover) {
  const std::string c = pv("pv-raw", "gp3-csi", "raw", csi_source) + pvc("raw", "gp3-csi", "pv-raw", "Block") +
                        pod("db", {"raw"}, "", true);
  auto r = lint_texts({.cluster = c, .backup = {.snapshot_move_data = true}});
  const auto f = r->of(rule_id::block_data_movement);
  ASSERT_EQ(f.size(), 1u) << r->dump();
  EXPECT_EQ(f[0].object, "PersistentVolumeClaim app/raw");
}
TEST(lint_block_data_movement, velero_block_mover_is_clean) {
  const std::string c = pv("pv-raw", "gp3-csi", "raw", csi_source) + pvc("raw", "gp3-csi", "pv-raw", "Block") +
                        pod("db", {"raw"}, "", true);
  auto r = lint_texts({.policy = "version: v1\nvolumePolicies:\n- conditions: {pvcVolumeMode: Block}\n  action:\n"
                                 "    type: snapshot\n    parameters: {dataMover: velero-block}\n",
                       .cluster = c,
                       .backup = {.snapshot_move_data = true}});
  EXPECT_TRUE(r->findings.empty()) << r->dump();
}

// ---- VP208 annotation-unknown-volume --------------------------------------------------------------
TEST(lint_annotation_unknown_volume, misspelt_and_spaced_names) {
  const std::string c = base_cluster() + pod("web2", {"data"}, "backup.velero.io/backup-volumes: 'dta, data'");
  auto r = lint_texts({.policy = snapshot_all, .cluster = c});
  const auto f = r->of(rule_id::annotation_unknown_volume);
  ASSERT_EQ(f.size(), 2u) << r->dump();
  EXPECT_EQ(f[0].object, "Pod app/web2");
  EXPECT_EQ(f[0].help, "annotation lists are split on `,` without trimming: remove the spaces");
  EXPECT_EQ(f[1].help, "did you mean `data`?");
}
TEST(lint_annotation_unknown_volume, names_of_the_pods_volumes_are_clean) {
  const std::string c = base_cluster() + pod("web2", {"data"}, "backup.velero.io/backup-volumes: data");
  auto r = lint_texts({.policy = snapshot_all, .cluster = c});
  EXPECT_FALSE(r->has(rule_id::annotation_unknown_volume)) << r->dump();
}

// ---- VP209 conflicting-pod-annotations ------------------------------------------------------------
TEST(lint_conflicting_pod_annotations, opted_in_by_one_pod_and_out_by_another) {
  const std::string c = pv("pv-data", "gp3-csi", "data", csi_source) + pvc("data", "gp3-csi", "pv-data") +
                        pod("a", {"data"}, "backup.velero.io/backup-volumes: data") +
                        pod("b", {"data"}, "backup.velero.io/backup-volumes-excludes: data");
  auto r = lint_texts({.cluster = c});
  const auto f = r->of(rule_id::conflicting_pod_annotations);
  ASSERT_EQ(f.size(), 1u) << r->dump();
  EXPECT_EQ(f[0].object, "PersistentVolumeClaim app/data");
  EXPECT_NE(f[0].message.find("pod app/a (volume `data`) selects"), std::string::npos) << f[0].message;
  EXPECT_NE(f[0].message.find("pod app/b (volume `data`) excludes"), std::string::npos) << f[0].message;
}
TEST(lint_conflicting_pod_annotations, a_policy_that_decides_first_leaves_nothing_to_conflict) {
  const std::string c = pv("pv-data", "gp3-csi", "data", csi_source) + pvc("data", "gp3-csi", "pv-data") +
                        pod("a", {"data"}, "backup.velero.io/backup-volumes: data") +
                        pod("b", {"data"}, "backup.velero.io/backup-volumes-excludes: data");
  auto r = lint_texts(
      {.policy = "version: v1\nvolumePolicies:\n- conditions: {csi: {}}\n  action: {type: snapshot}\n", .cluster = c});
  EXPECT_FALSE(r->has(rule_id::conflicting_pod_annotations)) << r->dump();
}
TEST(lint_conflicting_pod_annotations, pods_that_agree_are_clean) {
  const std::string c = pv("pv-data", "gp3-csi", "data", csi_source) + pvc("data", "gp3-csi", "pv-data") +
                        pod("a", {"data"}, "backup.velero.io/backup-volumes: data") +
                        pod("b", {"data"}, "backup.velero.io/backup-volumes: data");
  auto r = lint_texts({.cluster = c});
  EXPECT_FALSE(r->has(rule_id::conflicting_pod_annotations)) << r->dump();
}

// ---- VP210 volume-backup-fails --------------------------------------------------------------------
TEST(lint_volume_backup_fails, empty_storage_class_name_on_a_csi_pvc) {
  // pkg/backup/actions/csi/pvc_action.go: the StorageClass Get with name "" fails in client-go.
  const std::string c = pv("pv-data", "\"\"", "data", csi_source) + pvc("data", "\"\"", "pv-data") +
                        pod("web", {"data"});
  auto r = lint_texts({.cluster = c});
  const auto f = r->of(rule_id::volume_backup_fails);
  ASSERT_EQ(f.size(), 1u) << r->dump();
  EXPECT_EQ(volpol::lint::info(f[0].rule).code, "VP210");
  EXPECT_EQ(f[0].severity, volpol::lint::level::error);
  EXPECT_EQ(f[0].object, "PersistentVolumeClaim app/data");
  EXPECT_EQ(f[0].message,
            "Velero fails this volume's backup: error getting storage class: resource name may not be empty");
  EXPECT_EQ(f[0].help,
            "fix what the error names: `volpol explain app/data` shows each step Velero takes with the volume");
  EXPECT_TRUE(f[0].file.empty());
  EXPECT_FALSE(r->has(rule_id::volume_not_backed_up)) << r->dump();  // an error is not a silent skip
}
TEST(lint_volume_backup_fails, pvc_without_storage_class_bound_to_a_csi_pv) {
  // pvc_action.go validatePVCAndPV: "Cannot snapshot PVC %s/%s, PVC has no storage class."
  const std::string c = pv("pv-data", "gp3-csi", "data", csi_source) +
                        "apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: data, namespace: app}\n"
                        "spec:\n  accessModes: [ReadWriteOnce]\n  volumeName: pv-data\nstatus: {phase: Bound}\n---\n";
  auto r = lint_texts({.cluster = c});
  const auto f = r->of(rule_id::volume_backup_fails);
  ASSERT_EQ(f.size(), 1u) << r->dump();
  EXPECT_EQ(f[0].object, "PersistentVolumeClaim app/data");
  EXPECT_EQ(f[0].message, "Velero fails this volume's backup: Cannot snapshot PVC app/data, PVC has no storage class.");
  EXPECT_EQ(f[0].help, "the PVC needs spec.storageClassName for a CSI snapshot");  // explain's suggestion
}
TEST(lint_volume_backup_fails, a_shared_pvc_is_one_finding) {
  const std::string c = pv("pv-data", "\"\"", "data", csi_source) + pvc("data", "\"\"", "pv-data") +
                        pod("a", {"data"}) + pod("b", {"data"});
  auto r = lint_texts({.cluster = c});
  const auto f = r->of(rule_id::volume_backup_fails);
  ASSERT_EQ(f.size(), 1u) << r->dump();  // not for pod b's row: its outcome is the PVC's
  EXPECT_EQ(f[0].object, "PersistentVolumeClaim app/data");
}
TEST(lint_volume_backup_fails, failed_validation_is_one_finding_for_the_backup) {
  // Velero's backup controller (prepareBackupRequest): the namespace lists are invalid, the
  // backup is FailedValidation and every volume errs; fixing the spec fixes them all.
  volpol::plan::backup_options backup;
  backup.include_namespaces = {"app"};
  backup.exclude_namespaces = {"app"};
  auto r = lint_texts({.cluster = base_cluster(), .backup = backup});
  ASSERT_EQ(r->plan->summary.errors, 2u);
  const auto f = r->of(rule_id::volume_backup_fails);
  ASSERT_EQ(f.size(), 1u) << r->dump();
  EXPECT_EQ(f[0].object, "Backup velero/volpol-plan");
  EXPECT_EQ(f[0].message,
            "the backup fails validation (FailedValidation) and backs up none of its 2 volumes: Invalid "
            "included/excluded namespace lists: excludes list cannot contain an item in the includes list: app");
  EXPECT_EQ(f[0].help, "fix the Backup's spec (or the flags that stand for it) as the validation errors say");
}
TEST(lint_volume_backup_fails, a_cluster_without_errors_is_clean) {
  auto r = lint_texts({.policy = snapshot_all, .cluster = base_cluster()});
  ASSERT_EQ(r->plan->summary.errors, 0u);
  EXPECT_FALSE(r->has(rule_id::volume_backup_fails)) << r->dump();
}
