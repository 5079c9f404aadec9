// The plan's order of records (planner.h plan_result::volumes): namespace, then the pod
// (volumes of no pod last), the pod volume, the PVC, the PV. The planner compares the names
// after the pod by a 4-byte prefix first (item_backupper.cpp record_order): these clusters
// have names that share long prefixes, that are prefixes of one another, and that differ only
// past the first 4 bytes, within a pod and among the volumes of no pod.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <tuple>

#include "volpol/k8s/loader.h"
#include "volpol/plan/planner.h"

using namespace volpol;
using namespace volpol::plan;

namespace {

/// The order planner.h documents, from the records' own names: (namespace, has no pod, pod
/// namespace, pod name, pod volume, PVC, PV).
auto order_key(const volume_record& r) {
  const std::string_view ns = r.pvc_namespace.empty() ? r.pod_namespace : r.pvc_namespace;
  return std::make_tuple(std::string(ns), r.pod_name.empty(), std::string(r.pod_namespace), std::string(r.pod_name),
                         std::string(r.pod_volume), std::string(r.pvc_name), std::string(r.pv_name));
}

std::string describe(const volume_record& r) {
  const auto [ns, no_pod, pod_ns, pod, volume, pvc, pv] = order_key(r);
  return ns + " | " + pod_ns + "/" + pod + " | " + volume + " | " + pvc + " | " + pv;
}

/// A name from a few stems that share prefixes (4 bytes and more), with a random tail.
std::string name(std::mt19937& rng) {
  static constexpr std::string_view stems[] = {
      "", "a", "data", "data-", "data-claim", "data-claim-0", "kube-api-access-", "kube-api", "cache"};
  static constexpr std::string_view tails[] = {"", "0", "1", "a", "b", "-x", "zz"};
  std::string out(stems[rng() % std::size(stems)]);
  out += tails[rng() % std::size(tails)];
  return out.empty() ? "v" : out;
}

/// A cluster of pods with claim and emptyDir volumes, claims no pod mounts and PVs with and
/// without claims, in two namespaces whose names share a prefix; objects in random order.
std::string random_cluster(std::mt19937& rng) {
  std::vector<std::string> docs;
  const std::string namespaces[] = {"team-namespace-1", "team-namespace-10"};
  int pv = 0;
  for (int i = 0; i < 40; ++i) {
    const std::string& ns = namespaces[rng() % 2];
    const std::string claim = name(rng) + "-" + std::to_string(i);
    const std::string pv_name = "pv-" + name(rng) + "-" + std::to_string(pv++);
    docs.push_back("kind: PersistentVolume\nmetadata: {name: " + pv_name +
                   "}\nspec: {capacity: {storage: 1Gi}, claimRef: {namespace: " + ns + ", name: " + claim +
                   "}, csi: {driver: d, volumeHandle: h}}\n");
    docs.push_back("kind: PersistentVolumeClaim\nmetadata: {name: " + claim + ", namespace: " + ns +
                   "}\nspec: {volumeName: " + pv_name + "}\nstatus: {phase: Bound}\n");
    if (rng() % 3 == 0) continue;  // a claim no pod mounts
    std::string pod = "kind: Pod\nmetadata: {name: " + name(rng) + "-pod-" + std::to_string(i % 7) +
                      ", namespace: " + ns + "}\nspec:\n  volumes:\n  - {name: " + name(rng) +
                      "-c, persistentVolumeClaim: {claimName: " + claim + "}}\n";
    std::vector<std::string> volume_names;
    for (int v = 0; v < 4; ++v) volume_names.push_back(name(rng) + std::to_string(v));
    for (const std::string& v : volume_names) pod += "  - {name: " + v + ", emptyDir: {}}\n";
    docs.push_back(pod + "status: {phase: Running}\n");
  }
  for (int i = 0; i < 10; ++i)  // PVs no claim names
    docs.push_back("kind: PersistentVolume\nmetadata: {name: " + name(rng) + "-free-" + std::to_string(i) +
                   "}\nspec: {capacity: {storage: 1Gi}, nfs: {server: s, path: /p}}\n");
  std::shuffle(docs.begin(), docs.end(), rng);
  std::string text;
  for (const std::string& d : docs) text += "---\napiVersion: v1\n" + d;
  return text;
}

}  // namespace

TEST(record_order, names_past_a_shared_prefix_sort_as_documented) {
  std::mt19937 rng(20261204);
  std::size_t records = 0, ties_past_the_prefix = 0;
  for (int round = 0; round < 40; ++round) {
    const std::string text = random_cluster(rng);
    const k8s::load_result loaded = k8s::load_text(text, "cluster.yaml");
    // Two pods may get the same name: the loader reports the duplicate and keeps one.
    plan_input in;
    in.cluster = &loaded.objects;
    auto made = make_plan(in);
    ASSERT_TRUE(made.ok());
    const plan_result& plan = *made;
    ASSERT_GT(plan.volumes.size(), 100u);
    records += plan.volumes.size();
    for (std::size_t i = 1; i < plan.volumes.size(); ++i) {
      const volume_record &a = plan.volumes[i - 1], &b = plan.volumes[i];
      ASSERT_LE(order_key(a), order_key(b))
          << "round " << round << ", record " << i << ":\n  " << describe(a) << "\nbefore\n  " << describe(b);
      const auto [ans, anp, apns, apod, avol, apvc, apv] = order_key(a);
      const auto [bns, bnp, bpns, bpod, bvol, bpvc, bpv] = order_key(b);
      const std::string sa = avol + '\0' + apvc + '\0' + apv, sb = bvol + '\0' + bpvc + '\0' + bpv;
      if (ans == bns && apod == bpod && sa != sb && sa.compare(0, 4, sb, 0, 4) == 0) ++ties_past_the_prefix;
    }
  }
  EXPECT_GT(records, 4000u);
  // The clusters did test the comparison by name: neighbours the prefix could not order.
  EXPECT_GT(ties_past_the_prefix, 50u);
}

// With a second thread (plan_input::threads: the PVC→pods index and the PVCs' and PVs' order
// made beside the pods' walk) the plan is the same, record for record.
TEST(record_order, a_second_thread_makes_the_same_plan) {
  std::mt19937 rng(20261205);
  for (int round = 0; round < 20; ++round) {
    const std::string text = random_cluster(rng);
    const k8s::load_result loaded = k8s::load_text(text, "cluster.yaml");
    plan_input one;
    one.cluster = &loaded.objects;
    plan_input two = one;
    two.threads = 2;
    plan_input cores = one;
    cores.threads = 0;  // one per core
    auto a = make_plan(one);
    auto b = make_plan(two);
    auto c = make_plan(cores);
    ASSERT_TRUE(a.ok() && b.ok() && c.ok());
    ASSERT_EQ(a->volumes.size(), b->volumes.size());
    ASSERT_EQ(a->volumes.size(), c->volumes.size());
    ASSERT_GT(a->volumes.size(), 100u);
    for (std::size_t i = 0; i < a->volumes.size(); ++i) {
      for (const plan_result* other : {&*b, &*c}) {
        const volume_record &x = a->volumes[i], &y = other->volumes[i];
        ASSERT_EQ(describe(x), describe(y)) << "round " << round << ", record " << i;
        EXPECT_EQ(x.method, y.method);
        EXPECT_EQ(x.decision.kind, y.decision.kind);
        EXPECT_EQ(x.decision.step, y.decision.step);
        EXPECT_EQ(x.policy, y.policy);
      }
    }
    EXPECT_EQ(a->summary.volumes, b->summary.volumes);
    EXPECT_EQ(a->summary.skipped, b->summary.skipped);
    EXPECT_EQ(a->summary.csi_snapshot, b->summary.csi_snapshot);
  }
}
