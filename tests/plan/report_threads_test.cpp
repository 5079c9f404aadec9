// write_json / write_yaml make the records' text on several threads (ordered_text.h): the
// bytes must be those of one thread, for any number of threads and record counts around the
// chunk size; and make_plan's records come out in the plan's order (sort_records).
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <tuple>

#include "volpol/k8s/loader.h"
#include "volpol/plan/explain_report.h"
#include "volpol/plan/planner.h"
#include "volpol/plan/report.h"
#include "volpol/policy/policies.h"

using namespace volpol;
using namespace volpol::plan;

namespace {

/// `pods` pods in 7 namespaces, each with an emptyDir, a claim (bound to a CSI PV for even
/// pods, unbound for odd ones) and, every third pod, a volume opted into fs-backup; plus PVs
/// no claim names. Names are made so that the walk's order is not the plan's order.
std::string cluster(int pods) {
  std::string y;
  for (int i = 0; i < pods; ++i) {
    const std::string ns = "ns-" + std::to_string((i * 5) % 7);
    const std::string n = std::to_string((i * 7919) % 100003);
    y += "---\napiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: data-" + n + ", namespace: " + ns +
         "}\nspec: {storageClassName: " + (i % 2 == 0 ? "gp3-csi, volumeName: pv-" + n : std::string("gp2")) +
         "}\nstatus: {phase: " + (i % 2 == 0 ? "Bound" : "Pending") + "}\n";
    if (i % 2 == 0)
      y += "---\napiVersion: v1\nkind: PersistentVolume\nmetadata: {name: pv-" + n +
           "}\nspec: {capacity: {storage: 10Gi}, storageClassName: gp3-csi, claimRef: {namespace: " + ns +
           ", name: data-" + n + "}, csi: {driver: ebs.csi.aws.com, volumeHandle: v-" + n +
           "}}\nstatus: {phase: Bound}\n";
    if (i % 11 == 0)
      y += "---\napiVersion: v1\nkind: PersistentVolume\nmetadata: {name: orphan-" + n +
           "}\nspec: {capacity: {storage: 1Gi}, nfs: {server: nfs, path: /x}}\n";
    y += "---\napiVersion: v1\nkind: Pod\nmetadata: {name: app-" + n + ", namespace: " + ns +
         (i % 3 == 0 ? ", annotations: {backup.velero.io/backup-volumes: cache}" : "") +
         "}\nspec:\n  nodeName: node-1\n  containers:\n  - name: c\n    volumeMounts: [{name: zz-data, mountPath: /d}, "
         "{name: cache, mountPath: /c}, {name: a-tmp, mountPath: /t}]\n  volumes:\n  - {name: zz-data, "
         "persistentVolumeClaim: {claimName: data-" +
         n + "}}\n  - {name: cache, emptyDir: {}}\n  - {name: a-tmp, emptyDir: {}}\nstatus: {phase: Running}\n";
  }
  return y;
}

enum class format { json, yaml, explain_text, explain_json, explain_yaml };

std::string written(const plan_result& plan, unsigned threads, format fmt) {
  char* data = nullptr;
  std::size_t size = 0;
  std::FILE* f = open_memstream(&data, &size);
  report_context ctx;
  ctx.threads = threads;
  std::vector<const volume_record*> all;
  for (const volume_record& r : plan.volumes) all.push_back(&r);
  switch (fmt) {
    case format::json: write_json(plan, ctx, f); break;
    case format::yaml: write_yaml(plan, ctx, f); break;
    case format::explain_text: write_explanations_text(all, plan, ctx, f); break;
    case format::explain_json: write_explanations_json(all, plan, ctx, f); break;
    case format::explain_yaml: write_explanations_yaml(all, plan, ctx, f); break;
  }
  std::fclose(f);
  std::string text(data, size);
  std::free(data);
  return text;
}

struct planned {
  k8s::load_result loaded;
  std::optional<policy::policies> policies;
  plan_result plan;
  explicit planned(int pods, bool trace = false) {
    loaded = k8s::load_text(cluster(pods), "cluster.yaml");
    EXPECT_TRUE(loaded.problems.empty());
    policy::checked_policies checked = policy::check_policy_text(
        "version: v1\nvolumePolicies:\n- conditions: {storageClass: [gp2]}\n  action: {type: skip}\n",
        {.file = "policy.yaml"});
    EXPECT_TRUE(checked.ok());
    policies = std::move(checked.built);
    plan_input in;
    in.cluster = &loaded.objects;
    in.backup_policies = &*policies;
    in.trace = trace;
    auto r = make_plan(in);
    EXPECT_TRUE(r.ok());
    plan = std::move(r).value();
  }
};

}  // namespace

TEST(report_threads, json_and_yaml_are_the_same_bytes_for_any_number_of_threads) {
  // 0 records, fewer than one chunk (256 records), a few chunks with a partial last one.
  for (const int pods : {0, 50, 1300}) {
    const planned p(pods);
    const std::string json = written(p.plan, 1, format::json);
    ASSERT_FALSE(json.empty());
    EXPECT_EQ(json.back(), '\n');
    for (const unsigned threads : {2U, 3U, 8U})
      EXPECT_EQ(written(p.plan, threads, format::json), json) << pods << " pods";
    if (pods == 1300) {
      EXPECT_GT(p.plan.volumes.size(), 3000U);  // so that several chunks and rounds were made
      const std::string yaml = written(p.plan, 1, format::yaml);
      EXPECT_EQ(written(p.plan, 3, format::yaml), yaml);
    }
  }
}

TEST(report_threads, explanations_are_the_same_bytes_for_any_number_of_threads) {
  const planned p(400, /*trace=*/true);
  ASSERT_GT(p.plan.volumes.size(), 1024U);  // several chunks
  for (const format f : {format::explain_text, format::explain_json, format::explain_yaml}) {
    const std::string one = written(p.plan, 1, f);
    EXPECT_GT(one.size(), 100000U);
    EXPECT_EQ(written(p.plan, 2, f), one);
    EXPECT_EQ(written(p.plan, 5, f), one);
  }
}

TEST(report_threads, records_are_in_the_plan_order) {
  const planned p(400);
  ASSERT_GT(p.plan.volumes.size(), 1000U);
  auto key = [](const volume_record& r) {
    const std::string_view ns = r.pvc_namespace.empty() ? r.pod_namespace : r.pvc_namespace;
    return std::make_tuple(ns, r.pod_name.empty(), r.pod_name, r.pod_volume, r.pvc_name, r.pv_name);
  };
  std::size_t without_pod = 0;
  for (std::size_t i = 1; i < p.plan.volumes.size(); ++i) {
    EXPECT_LE(key(p.plan.volumes[i - 1]), key(p.plan.volumes[i])) << "record " << i;
    without_pod += p.plan.volumes[i].pod_name.empty() ? 1 : 0;
  }
  EXPECT_GT(without_pod, 0U);  // the orphan PVs (no namespace: first)
  // Within a pod, its volumes by name: a-tmp, cache, zz-data (the pod lists them otherwise).
  std::size_t first = 0;
  while (first < p.plan.volumes.size() && p.plan.volumes[first].pod_name.empty()) ++first;
  ASSERT_LT(first + 2, p.plan.volumes.size());
  EXPECT_EQ(p.plan.volumes[first].pod_namespace, "ns-0");
  EXPECT_EQ(p.plan.volumes[first].pod_volume, "a-tmp");
  EXPECT_EQ(p.plan.volumes[first + 1].pod_volume, "cache");
  EXPECT_EQ(p.plan.volumes[first + 2].pod_volume, "zz-data");
}
