// Scenarios restated from Velero's own code and tests (velero-io/velero main d2241adb), one per
// mechanism of the backup walk, each naming the Velero file and function it mirrors. The
// cluster of each test is written in kubectl's key order (alphabetical at every level).
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>

#include "volpol/detail/plan/reason_text.h"
#include "volpol/k8s/loader.h"
#include "volpol/plan/planner.h"
#include "volpol/policy/policies.h"

using namespace volpol;
using namespace volpol::plan;

namespace {

struct planned {
  k8s::load_result loaded;
  std::optional<policy::policies> policies;
  plan_result plan;

  explicit planned(std::string_view cluster_yaml, backup_options backup = {}, server_options server = {},
                   bool trace = false, std::string_view policy_yaml = {}) {
    loaded = k8s::load_text(cluster_yaml, "cluster.yaml");
    for (const diagnostic& d : loaded.problems) ADD_FAILURE() << d.to_string();
    plan_input in;
    if (!policy_yaml.empty()) {
      policy::checked_policies checked = policy::check_policy_text(policy_yaml, {.file = "policy.yaml"});
      for (const diagnostic& d : checked.problems) ADD_FAILURE() << d.to_string();
      policies = std::move(checked.built);
      in.backup_policies = &*policies;
    }
    in.cluster = &loaded.objects;
    in.backup = std::move(backup);
    in.server = std::move(server);
    in.trace = trace;
    auto r = make_plan(in);
    EXPECT_TRUE(r.ok());
    if (r.ok()) plan = std::move(r).value();
  }

  /// The record of PV `name`.
  const volume_record& pv(std::string_view name) const {
    for (const volume_record& r : plan.volumes)
      if (r.pv_name == name) return r;
    ADD_FAILURE() << "no record for PV " << name;
    return plan.volumes.front();
  }

  /// The record of PVC `name` (its pod volume's row when a pod mounts it).
  const volume_record& pvc(std::string_view name) const {
    for (const volume_record& r : plan.volumes)
      if (r.pvc_name == name) return r;
    ADD_FAILURE() << "no record for PVC " << name;
    return plan.volumes.front();
  }
};

/// A CSI PV `pv-a` bound to PVC ns/a, whose storageClassName is STORAGE_CLASS (a YAML value).
std::string csi_claim(std::string_view storage_class, std::string_view pv_source) {
  return "apiVersion: v1\nkind: PersistentVolume\nmetadata:\n  name: pv-a\nspec:\n  capacity:\n    storage: 1Gi\n"
         "  claimRef:\n    name: a\n    namespace: ns\n" +
         std::string(pv_source) +
         "status:\n  phase: Bound\n---\napiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: a\n"
         "  namespace: ns\nspec:\n  resources:\n    requests:\n      storage: 1Gi\n" +
         std::string(storage_class) + "  volumeName: pv-a\nstatus:\n  phase: Bound\n";
}

constexpr std::string_view csi_source = "  csi:\n    driver: ebs.csi.aws.com\n    volumeHandle: vol-1\n";
constexpr std::string_view nfs_source = "  nfs:\n    path: /a\n    server: nfs.local\n";

}  // namespace

// pkg/backup/actions/csi/pvc_action.go createVolumeSnapshot: the StorageClass Get with an empty
// name fails in client-go ("resource name may not be empty"), whether or not the input holds
// StorageClasses (here it holds none).
TEST(velero_scenarios, empty_storage_class_name_fails_the_csi_action) {
  const planned p(csi_claim("  storageClassName: \"\"\n", csi_source));
  const volume_record& r = p.pvc("a");
  EXPECT_EQ(r.method, backup_method::none);
  ASSERT_EQ(r.errors().size(), 1u);
  EXPECT_EQ(error_text(r.errors().front()), "error getting storage class: resource name may not be empty");
}

// pvc_action.go validatePVCAndPV: a nil storageClassName fails before the PV is looked at.
TEST(velero_scenarios, missing_storage_class_name_fails_the_csi_action) {
  const planned p(csi_claim("", csi_source));
  const volume_record& r = p.pvc("a");
  ASSERT_EQ(r.errors().size(), 1u);
  EXPECT_EQ(error_text(r.errors().front()), "Cannot snapshot PVC ns/a, PVC has no storage class.");
}

// pvc_action.go Execute: storageClassName "" on a non-CSI PV is no error: the CSI action skips
// it ("skipped b/c it's not a CSI volume"); with no volume snapshot location nothing snapshots it.
TEST(velero_scenarios, empty_storage_class_name_on_a_non_csi_volume_is_skipped) {
  const planned p(csi_claim("  storageClassName: \"\"\n", nfs_source));
  const volume_record& r = p.pvc("a");
  EXPECT_TRUE(r.errors().empty());
  EXPECT_TRUE(r.skipped);
  EXPECT_NE(skipped_reason_text(r).find("csiSnapshot: skipped b/c it's not a CSI volume"), std::string::npos)
      << skipped_reason_text(r);
}

namespace {

// PV pv-x (an EBS volume, not CSI) claimed by other/data; pod other/p mounts it and opts it into
// fs-backup; pod app/web has nothing to do with it.
constexpr std::string_view other_namespace_cluster = R"(apiVersion: v1
kind: Namespace
metadata:
  name: app
---
apiVersion: v1
kind: Namespace
metadata:
  name: other
---
apiVersion: v1
kind: PersistentVolume
metadata:
  name: pv-x
spec:
  awsElasticBlockStore:
    volumeID: vol-0abc
  capacity:
    storage: 1Gi
  claimRef:
    name: data
    namespace: other
  storageClassName: gp2
status:
  phase: Bound
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
  namespace: other
spec:
  resources:
    requests:
      storage: 1Gi
  storageClassName: gp2
  volumeName: pv-x
status:
  phase: Bound
---
apiVersion: v1
kind: Pod
metadata:
  annotations:
    backup.velero.io/backup-volumes: v
  name: p
  namespace: other
spec:
  containers:
  - name: c
    volumeMounts:
    - mountPath: /v
      name: v
  nodeName: node-1
  volumes:
  - name: v
    persistentVolumeClaim:
      claimName: data
status:
  phase: Running
)";

server_options with_aws_location() {
  server_options s;
  s.volume_snapshot_locations.push_back({"default", "aws"});
  return s;
}

}  // namespace

// pkg/backup/backup.go BackupWithResolvers: NewVolumeHelperImplWithNamespaces(...,
// ResolveNamespaceList()); pkg/util/podvolume GetPodsUsingPVCWithCache: the PVC→pod cache
// covers the backup's namespaces only. pv-x comes in through includeClusterResources; the pod
// that opts its volume into fs-backup is in a namespace the backup leaves out, so the helper
// never sees it and the PV is natively snapshotted (the research's scenario S2.1).
TEST(velero_scenarios, opt_in_pod_outside_the_backup_namespaces_does_not_stop_the_pv_snapshot) {
  backup_options b;
  b.include_namespaces = {"app"};
  b.include_cluster_resources = true;
  const planned p(other_namespace_cluster, b, with_aws_location());
  const volume_record& r = p.pv("pv-x");
  EXPECT_EQ(r.method, backup_method::native_snapshot) << reason_text(r, p.plan);
}

// The same cluster with the pod's namespace in the backup: the cache sees the pod, its opt-in
// stops the snapshot and its PodVolumeBackup backs the volume up.
TEST(velero_scenarios, opt_in_pod_inside_the_backup_namespaces_stops_the_pv_snapshot) {
  backup_options b;
  b.include_namespaces = {"app", "other"};
  b.include_cluster_resources = true;
  const planned p(other_namespace_cluster, b, with_aws_location());
  for (const volume_record& r : p.plan.volumes) EXPECT_NE(r.method, backup_method::native_snapshot);
  EXPECT_EQ(p.pvc("data").method, backup_method::pod_volume_backup);
}

// ResolveNamespaceList of a wildcard that matches no namespace is empty: no cache is built and
// the helper falls back to the live lookup, which sees the pod (scenario S2.3).
TEST(velero_scenarios, namespace_list_resolving_to_nothing_falls_back_to_every_pod) {
  backup_options b;
  b.include_namespaces = {"zzz-*"};
  b.include_cluster_resources = true;
  const planned p(other_namespace_cluster, b, with_aws_location());
  const volume_record& r = p.pv("pv-x");
  EXPECT_NE(r.method, backup_method::native_snapshot) << reason_text(r, p.plan);
}

// The plan's notes say what it assumed, and only that: with StorageClasses in the input it does
// not claim to assume VolumeSnapshotClasses exist.
TEST(velero_scenarios, notes_assume_only_what_the_input_lacks) {
  const std::string with_class = csi_claim("  storageClassName: gp3\n", csi_source) +
                                 "---\napiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata:\n  name: gp3\n"
                                 "provisioner: ebs.csi.aws.com\n";
  const planned p(with_class);
  const auto& n = p.plan.notes;
  EXPECT_NE(std::find(n.begin(), n.end(), plan_note::node_agent_running_assumed), n.end());
  EXPECT_EQ(std::find(n.begin(), n.end(), plan_note::node_agent_assumed), n.end());
  EXPECT_EQ(plan_note_text(plan_note::node_agent_running_assumed, p.plan), "assumed: node agent running on every node");
  const planned bare(csi_claim("  storageClassName: gp3\n", csi_source));
  const auto& m = bare.plan.notes;
  EXPECT_NE(std::find(m.begin(), m.end(), plan_note::node_agent_assumed), m.end());
}

namespace {

// Namespace app: PVC data (labelled backup=yes, bound to CSI PV pv-data) mounted as volume vol by
// pod web (no labels, Running), which opts vol into fs-backup and also mounts PVC logs (not
// labelled, CSI PV pv-logs) as volume lg. Pod batch (Succeeded) mounts data too.
std::string item_block_cluster(std::string_view web_phase = "Running") {
  std::string y;
  for (const char* name : {"data", "logs"}) {
    const std::string n = name;
    y += "apiVersion: v1\nkind: PersistentVolume\nmetadata:\n  name: pv-" + n +
         "\nspec:\n  capacity:\n    storage: 1Gi\n  claimRef:\n    name: " + n +
         "\n    namespace: app\n  csi:\n    driver: ebs.csi.aws.com\n    volumeHandle: vol-" + n +
         "\n  storageClassName: gp3\nstatus:\n  phase: Bound\n---\n";
    y += "apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n" +
         std::string(n == "data" ? "  labels:\n    backup: \"yes\"\n" : "") + "  name: " + n +
         "\n  namespace: app\nspec:\n  resources:\n    requests:\n      storage: 1Gi\n  storageClassName: gp3\n"
         "  volumeName: pv-" +
         n + "\nstatus:\n  phase: Bound\n---\n";
  }
  y += "apiVersion: v1\nkind: Pod\nmetadata:\n  annotations:\n    backup.velero.io/backup-volumes: vol\n"
       "  name: web\n  namespace: app\nspec:\n  containers:\n  - name: c\n    volumeMounts:\n    - mountPath: /v\n"
       "      name: vol\n    - mountPath: /l\n      name: lg\n  nodeName: node-1\n  volumes:\n  - name: vol\n"
       "    persistentVolumeClaim:\n      claimName: data\n  - name: lg\n    persistentVolumeClaim:\n"
       "      claimName: logs\nstatus:\n  phase: " +
       std::string(web_phase) + "\n";
  return y;
}

backup_options selecting_data() {
  backup_options b;
  b.include_namespaces = {"app"};
  k8s::label_selector_spec sel;
  sel.match_labels.emplace_back("backup", "yes");
  b.label_selector = sel;
  return b;
}

const volume_record* pod_row(const plan_result& p, std::string_view pod, std::string_view volume) {
  for (const volume_record& r : p.volumes)
    if (r.pod_name == pod && r.pod_volume == volume) return &r;
  return nullptr;
}

}  // namespace

// pkg/itemblock/actions/pvc_action.go GetRelatedItems: the PVC the label selector chose pulls in
// the Running pods that mount it; pkg/backup/backup.go executeItemBlockActions backs them up
// without the label selector (itemInclusionChecks only), so web's opted-in volume is
// fs-backed-up although the selector did not choose web (scenario S1.1).
TEST(velero_scenarios, pvc_chosen_by_selector_pulls_in_its_running_pod) {
  const planned p(item_block_cluster(), selecting_data(), {}, true);
  const volume_record* vol = pod_row(p.plan, "web", "vol");
  ASSERT_NE(vol, nullptr);
  EXPECT_EQ(vol->method, backup_method::pod_volume_backup) << reason_text(*vol, p.plan);
  EXPECT_EQ(vol->pvc_name, "data");
  bool pulled = false;
  for (const volume_decision& d : vol->steps())
    if (d.kind == reason_kind::pulled_in_by_item_block) {
      pulled = true;
      EXPECT_EQ(d.step, step_kind::item_block_action);
      EXPECT_EQ(decision_text(d, *vol, p.plan),
                "pod app/web pulled into the backup by PVC app/data's ItemBlock action (a label selector chooses the "
                "backup's items, not the items related to them)");
    }
  EXPECT_TRUE(pulled);
  // pod_action.go GetRelatedItems: web then relates its other PVC, logs, which the selector did
  // not choose either: backed up (CSI snapshot: web does not opt lg in).
  const volume_record* lg = pod_row(p.plan, "web", "lg");
  ASSERT_NE(lg, nullptr);
  EXPECT_EQ(lg->method, backup_method::csi_snapshot) << reason_text(*lg, p.plan);
}

// A pod that is not Running is not related (kube.IsPodRunning): nothing backs it up, and its
// opt-in still stops the PVC's snapshot (the PVC-pod cache holds pods of every phase), so the
// volume is skipped (scenario S1.2).
TEST(velero_scenarios, pvc_does_not_pull_in_a_pod_that_is_not_running) {
  const planned p(item_block_cluster("Succeeded"), selecting_data());
  const volume_record* vol = pod_row(p.plan, "web", "vol");
  ASSERT_NE(vol, nullptr);
  EXPECT_NE(vol->method, backup_method::pod_volume_backup);
  EXPECT_NE(vol->method, backup_method::csi_snapshot);
  const volume_record* lg = pod_row(p.plan, "web", "lg");
  ASSERT_NE(lg, nullptr);
  EXPECT_EQ(lg->method, backup_method::not_backed_up) << reason_text(*lg, p.plan);
}

// Without a label selector the pod is collected on its own: no ItemBlock step on its volumes.
TEST(velero_scenarios, collected_pod_has_no_item_block_step) {
  backup_options b;
  b.include_namespaces = {"app"};
  const planned p(item_block_cluster(), b, {}, true);
  const volume_record* vol = pod_row(p.plan, "web", "vol");
  ASSERT_NE(vol, nullptr);
  EXPECT_EQ(vol->method, backup_method::pod_volume_backup);
  for (const volume_decision& d : vol->steps()) EXPECT_NE(d.kind, reason_kind::pulled_in_by_item_block);
}

// pkg/backup/item_backupper.go: takePVSnapshot runs in the PV item's own backupItemInternal. With
// the PV left out (excludedResources) the PVC is backed up, its PV is not, and nothing
// snapshots the data: the volume is skipped, not "not backed up" (its PVC is in the backup;
// the research's scenario S5.3).
TEST(velero_scenarios, pvc_backed_up_without_its_pv_is_skipped) {
  const std::string ebs = csi_claim("  storageClassName: gp2\n", "  awsElasticBlockStore:\n    volumeID: vol-0abc\n");
  backup_options b;
  b.exclude_resources = {"persistentvolumes"};
  const planned p(ebs, b, with_aws_location());
  const volume_record& r = p.pvc("a");
  EXPECT_EQ(r.method, backup_method::none);
  EXPECT_TRUE(r.skipped);
  EXPECT_EQ(reason_text(r, p.plan),
            "PV pv-a not in the backup (resource excluded by spec.excludedResources `persistentvolumes`): the PVC is "
            "backed up, its data is not (only the PV item takes a native snapshot)");
  const planned with_pv(ebs, {}, with_aws_location());
  EXPECT_EQ(with_pv.pvc("a").method, backup_method::native_snapshot);
}

namespace {

/// Pod ns/p (Running on node-1) mounting PVC a (EBS PV pv-a) as volume v, with `annotations`.
std::string pod_with_claim(std::string_view annotations, std::string_view phase = "Running",
                           std::string_view pvc_labels = "") {
  return csi_claim("  storageClassName: gp2\n", "  awsElasticBlockStore:\n    volumeID: vol-0abc\n") +
         "---\napiVersion: v1\nkind: Pod\nmetadata:\n" + std::string(annotations) +
         "  name: p\n  namespace: ns\nspec:\n  containers:\n  - name: c\n    volumeMounts:\n    - mountPath: /v\n"
         "      name: v\n  nodeName: node-1\n  volumes:\n  - name: v\n    persistentVolumeClaim:\n      claimName: a\n"
         "status:\n  phase: " +
         std::string(phase) + "\n" + std::string(pvc_labels);
}

constexpr std::string_view opt_in = "  annotations:\n    backup.velero.io/backup-volumes: v\n";

}  // namespace

// pkg/backup/backup_test.go TestBackupWithPodVolume "when PVC pod volumes are backed up using
// pod volume backup, their claimed PVs are not also snapshotted": the PVB, no native snapshot.
TEST(velero_scenarios, pod_volume_backup_means_no_snapshot_of_the_claimed_pv) {
  const planned p(pod_with_claim(opt_in), {}, with_aws_location());
  const volume_record& r = p.pvc("a");
  EXPECT_EQ(r.method, backup_method::pod_volume_backup);
  for (const volume_record& x : p.plan.volumes) EXPECT_NE(x.method, backup_method::native_snapshot);
}

// backup_test.go TestBackupWithSnapshots "backup with SnapshotVolumes=false does not create any
// snapshots".
TEST(velero_scenarios, snapshot_volumes_false_takes_no_snapshot) {
  backup_options b;
  b.snapshot_volumes = false;
  const planned p(pod_with_claim(""), b, with_aws_location());
  const volume_record& r = p.pvc("a");
  EXPECT_EQ(r.method, backup_method::none);
  EXPECT_TRUE(r.skipped);
}

// internal/volumehelper TestVolumeHelperImpl_ShouldPerformSnapshot "VolumePolicy match,
// snapshotVolumes is false, return true": a `snapshot` policy wins over snapshotVolumes=false.
TEST(velero_scenarios, snapshot_policy_wins_over_snapshot_volumes_false) {
  backup_options b;
  b.snapshot_volumes = false;
  const planned p(
      pod_with_claim(""), b, with_aws_location(), false,
      "version: v1\nvolumePolicies:\n- conditions:\n    capacity: \"0,5Gi\"\n  action:\n    type: snapshot\n");
  EXPECT_EQ(p.pvc("a").method, backup_method::native_snapshot) << reason_text(p.pvc("a"), p.plan);
}

// The same test, "VolumePolicy match but action is unexpected, return false": an fs-backup policy
// stops the snapshot, and the pod volume backupper takes the volume.
TEST(velero_scenarios, fs_backup_policy_stops_the_snapshot) {
  const planned p(
      pod_with_claim(""), {}, with_aws_location(), false,
      "version: v1\nvolumePolicies:\n- conditions:\n    capacity: \"0,5Gi\"\n  action:\n    type: fs-backup\n");
  EXPECT_EQ(p.pvc("a").method, backup_method::pod_volume_backup) << reason_text(p.pvc("a"), p.plan);
}

// pkg/backup/item_backupper.go itemInclusionChecks refuses the PVC labelled
// velero.io/exclude-from-backup=true, but the pod's PodVolumeBackup does not look at PVC labels
// (podvolume/backupper.go BackupPodVolumes gets the PVC itself): the data is fs-backed-up
// (the research's scenario S5.1).
TEST(velero_scenarios, excluded_pvc_is_still_fs_backed_up_by_its_pod) {
  std::string cluster = pod_with_claim(opt_in);
  const std::string from = "metadata:\n  name: a\n  namespace: ns\n";
  cluster.replace(cluster.find(from), from.size(),
                  "metadata:\n  labels:\n    velero.io/exclude-from-backup: \"true\"\n  name: a\n  namespace: ns\n");
  const planned p(cluster, {}, with_aws_location());
  const volume_record* vol = pod_row(p.plan, "p", "v");
  ASSERT_NE(vol, nullptr);
  EXPECT_EQ(vol->method, backup_method::pod_volume_backup) << reason_text(*vol, p.plan);
  // The PVC item is not in the backup: its own row says so (a restore lacks the claim).
  const volume_record* claim = nullptr;
  for (const volume_record& r : p.plan.volumes)
    if (r.pvc_name == "a" && r.pod_name.empty()) claim = &r;
  ASSERT_NE(claim, nullptr);
  EXPECT_EQ(claim->method, backup_method::not_backed_up);
  EXPECT_EQ(reason_text(*claim, p.plan),
            "PVC has label velero.io/exclude-from-backup=true: the PVC is not in the backup, though pod ns/p's "
            "PodVolumeBackup copies its data (see its row): a restore has the data but not the claim");
  EXPECT_EQ(p.plan.summary.volumes, 1u);  // one volume, two rows
  EXPECT_EQ(p.plan.summary.fs_backup, 1u);
  EXPECT_EQ(p.plan.summary.not_backed_up, 1u);
}

// podvolume/backupper.go BackupPodVolumes: a pod that is not running backs nothing up
// (kube.IsPodRunning), yet its opt-in still stops the PV's snapshot (ShouldPerformSnapshot sees
// the pod): the volume is skipped with both reasons (scenario S5.4).
TEST(velero_scenarios, opted_in_pod_that_is_not_running_leaves_the_volume_skipped) {
  const planned p(pod_with_claim(opt_in, "Succeeded"), {}, with_aws_location());
  const volume_record& r = p.pvc("a");
  EXPECT_EQ(r.method, backup_method::none);
  EXPECT_TRUE(r.skipped);
  EXPECT_NE(skipped_reason_text(r).find("pod is not in the expected status, name=p, namespace=ns, phase=Succeeded"),
            std::string::npos)
      << skipped_reason_text(r);
}

// internal/volumehelper TestVolumeHelperImpl_ShouldPerformSnapshot_UnboundPVC: a Pending PVC
// with no PV is an error when no policy matches, and no error when a pvcPhase skip policy does.
TEST(velero_scenarios, pending_pvc_errs_unless_a_phase_policy_skips_it) {
  const std::string pending =
      "apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: a\n  namespace: ns\nspec:\n"
      "  resources:\n    requests:\n      storage: 1Gi\n  storageClassName: gp3\nstatus:\n  phase: Pending\n";
  const planned bare(pending);
  EXPECT_TRUE(bare.pvc("a").error()) << reason_text(bare.pvc("a"), bare.plan);
  const planned skipped(
      pending, {}, {}, false,
      "version: v1\nvolumePolicies:\n- conditions:\n    pvcPhase: [Pending]\n  action:\n    type: skip\n");
  EXPECT_FALSE(skipped.pvc("a").error()) << reason_text(skipped.pvc("a"), skipped.plan);
  EXPECT_EQ(skipped.pvc("a").method, backup_method::none);
}
