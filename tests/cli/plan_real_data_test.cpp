// `volpol plan` on every real dump in tests/data/real/ (see its README): a plan for every
// volume, with the method Velero would use under default backup options (no policy,
// snapshotVolumes unset, EnableCSI on).
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <map>

#include "cli_runner.h"

using volpol::testing::run_cli;
using volpol::testing::test_data_path;

namespace {

struct expectation {
  const char* file;
  int exit;
  std::vector<std::string> extra;
  std::map<std::string, std::string> methods;  // pvcName or podName/podVolume -> method
};

std::map<std::string, std::string> methods_of(const YAML::Node& doc) {
  std::map<std::string, std::string> out;
  for (const YAML::Node& v : doc["volumes"]) {
    const std::string key = v["pvcName"] ? v["pvcName"].as<std::string>()
                                         : v["podName"].as<std::string>() + "/" + v["podVolume"].as<std::string>();
    out[key] = v["method"].as<std::string>();
  }
  return out;
}

const std::vector<expectation>& cases() {
  static const std::vector<expectation> all = {
      {"insights-operator.prometheus-k8s-0.json",
       0,
       {},
       {{"prometheus-k8s-0/config", "skipped"},
        {"prometheus-k8s-0/config-out", "skipped"},
        {"prometheus-k8s-0/configmap-kubelet-serving-ca-bundle", "skipped"},
        {"prometheus-k8s-0/configmap-serving-certs-ca-bundle", "skipped"},
        {"prometheus-k8s-0/prometheus-k8s-db", "skipped"},
        {"prometheus-k8s-0/prometheus-k8s-rulefiles-0", "skipped"},
        {"prometheus-k8s-0/prometheus-k8s-token-zkhg2", "skipped"},
        {"prometheus-k8s-0/prometheus-trusted-ca-bundle", "skipped"},
        {"prometheus-k8s-0/secret-grpc-tls", "skipped"},
        {"prometheus-k8s-0/secret-kube-etcd-client-certs", "skipped"},
        {"prometheus-k8s-0/secret-kube-rbac-proxy", "skipped"},
        {"prometheus-k8s-0/secret-prometheus-k8s-htpasswd", "skipped"},
        {"prometheus-k8s-0/secret-prometheus-k8s-proxy", "skipped"},
        {"prometheus-k8s-0/secret-prometheus-k8s-thanos-sidecar-tls", "skipped"},
        {"prometheus-k8s-0/secret-prometheus-k8s-tls", "skipped"},
        {"prometheus-k8s-0/tls-assets", "skipped"}}},
      // Opting the two emptyDirs in gives them PodVolumeBackups (the pod is Running).
      {"insights-operator.prometheus-k8s-0.json",
       0,
       {"--default-volumes-to-fs-backup"},
       {{"prometheus-k8s-0/config-out", "fs-backup"},
        {"prometheus-k8s-0/prometheus-k8s-db", "fs-backup"},
        {"prometheus-k8s-0/tls-assets", "skipped"}}},
      {"k8s-api-fixture.core.v1.PersistentVolume.json", 0, {}, {{"nameValue", "skipped"}}},
      {"k8s-api-fixture.core.v1.PersistentVolume.yaml", 0, {}, {{"nameValue", "skipped"}}},
      // phase `phaseValue` is not Bound: Velero's snapshot decision fails for it.
      {"k8s-api-fixture.core.v1.PersistentVolumeClaim.json", 1, {}, {{"nameValue", "error"}}},
      {"k8s-api-fixture.core.v1.PersistentVolumeClaim.yaml", 1, {}, {{"nameValue", "error"}}},
      // metadata.deletionTimestamp is set: Velero skips the pod.
      {"k8s-api-fixture.core.v1.Pod.json", 0, {}, {{"nameValue/nameValue", "skipped"}}},
      {"k8s-api-fixture.core.v1.Pod.yaml", 0, {}, {{"nameValue/nameValue", "skipped"}}},
      {"kubectl-neat.list1-raw.yaml",
       0,
       {},
       {{"t1/default-token-m7wjs", "skipped"}, {"t2/default-token-m7wjs", "skipped"}}},
      {"k9s.pv-gce-pd.json", 0, {}, {{"www-nginx-sts-1", "skipped"}}},
      {"k9s.pv-gce-pd.json",
       0,
       {"--volume-snapshot-locations", "default=gcp"},
       {{"www-nginx-sts-1", "native-snapshot"}}},
      // Bound to a PV the dump does not hold: Velero's PV lookup fails.
      {"k9s.pvc-no-volumemode.json", 1, {}, {{"www-nginx-sts-0", "error"}}},
      {"ceph-csi.cephfs-rwx-pvc-list.yaml", 1, {}, {{"csi-cephfs-pvc", "error"}}},
      {"ceph-csi.rbd-block-pvc-resize-pending.yaml", 1, {}, {{"raw-block-pvc", "error"}}},
      // No storageClassName: the CSI action refuses the PVC.
      {"openshift-origin-4652.nfs-pv-and-pvc.yaml", 1, {}, {{"registry-claim", "error"}}},
      // Without EnableCSI the NFS PV goes to the native path, which no provider takes.
      {"openshift-origin-4652.nfs-pv-and-pvc.yaml", 0, {"--features="}, {{"registry-claim", "skipped"}}},
      {"velero-8123.local-path-hostpath-pv.yaml",
       0,
       {"--volume-snapshot-locations", "default=aws"},
       {{"data-postgis-md-0", "skipped"}}},
      {"velero-plugin-for-aws-19.digitalocean-csi-pv.yaml", 0, {}, {{"postgres-data-pvc", "skipped"}}},
  };
  return all;
}

}  // namespace

TEST(plan_real_data, every_volume_of_every_dump_is_planned) {
  for (const expectation& c : cases()) {
    SCOPED_TRACE(c.file);
    std::vector<std::string> args = {"plan", "-f", test_data_path(std::string("real/") + c.file), "-o", "json"};
    args.insert(args.end(), c.extra.begin(), c.extra.end());
    const auto r = run_cli(args);
    EXPECT_EQ(r.exit, c.exit) << r.err;
    const YAML::Node doc = YAML::Load(r.out);
    EXPECT_EQ(doc["problems"].size(), 0u) << r.err;
    const auto got = methods_of(doc);
    if (c.extra.empty()) {
      EXPECT_EQ(got.size(), c.methods.size());
    }
    for (const auto& [key, method] : c.methods) {
      const auto it = got.find(key);
      ASSERT_NE(it, got.end()) << key;
      EXPECT_EQ(it->second, method) << key;
    }
  }
}

TEST(plan_real_data, the_whole_folder_plans_in_one_run) {
  const auto r = run_cli({"plan", "-f", test_data_path("real"), "-o", "json"});
  const YAML::Node doc = YAML::Load(r.out);
  // Each fixture pair (.json/.yaml) holds the same object: the second copy is a duplicate
  // namespace/name, reported as a problem, and the rest is still planned.
  EXPECT_EQ(r.exit, 1);
  EXPECT_GE(doc["problems"].size(), 3u);
  EXPECT_GE(doc["volumes"].size(), 27u);
}
