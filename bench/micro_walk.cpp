// Micro-benchmark: the backup walk (plan::make_plan) on the shapes that once made it
// quadratic — one pod with N volumes, the same pod with all N named in its
// backup.velero.io/backup-volumes annotation, one pod with N PVC volumes (each its own PVC and
// PV), one PVC mounted by N pods. Time per volume must stay flat as N grows 10x (linear walk);
// each plan is checked (its record count) before it is timed.
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <map>
#include <string>

#include "volpol/k8s/loader.h"
#include "volpol/plan/planner.h"

namespace {

using namespace volpol;

enum class shape { pod_volumes, pod_listed_volumes, pod_claims, claim_pods };

std::string claim_text(std::int64_t i) {
  return fmt::format(
      "---\napiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {{name: c{0}, namespace: ns}}\n"
      "spec: {{storageClassName: gp3, volumeName: pv{0}, resources: {{requests: {{storage: 1Gi}}}}}}\n"
      "status: {{phase: Bound}}\n---\napiVersion: v1\nkind: PersistentVolume\nmetadata: {{name: pv{0}}}\n"
      "spec: {{capacity: {{storage: 1Gi}}, claimRef: {{namespace: ns, name: c{0}}}, storageClassName: gp3,\n"
      "  csi: {{driver: ebs.csi.aws.com, volumeHandle: h{0}}}}}\nstatus: {{phase: Bound}}\n",
      i);
}

/// The cluster of `s` with n volumes, and the rows its plan has.
const std::pair<k8s::load_result, std::size_t>& cluster_of(shape s, std::int64_t n) {
  static std::map<std::pair<int, std::int64_t>, std::pair<k8s::load_result, std::size_t>> cache;
  auto [it, fresh] = cache.try_emplace({static_cast<int>(s), n});
  if (!fresh) return it->second;
  std::string y;
  std::size_t rows = 0;
  if (s == shape::claim_pods) {
    y += claim_text(0);
    for (std::int64_t i = 0; i < n; ++i)
      y += fmt::format(
          "---\napiVersion: v1\nkind: Pod\nmetadata: {{name: p{}, namespace: ns, annotations: "
          "{{backup.velero.io/backup-volumes: v}}}}\nspec: {{nodeName: n, containers: [{{name: c, volumeMounts: "
          "[{{name: v, mountPath: /v}}]}}], volumes: [{{name: v, persistentVolumeClaim: {{claimName: c0}}}}]}}\n"
          "status: {{phase: Running}}\n",
          i);
    rows = static_cast<std::size_t>(n);
  } else {
    std::string mounts, volumes, listed = "v1";
    if (s == shape::pod_listed_volumes) listed.clear();
    for (std::int64_t i = 0; i < n; ++i) {
      if (s == shape::pod_listed_volumes) listed += fmt::format("{}v{}", i ? "," : "", i);
      mounts += fmt::format("{}{{name: v{}, mountPath: /m{}}}", i ? ", " : "", i, i);
      volumes += s == shape::pod_claims
                     ? fmt::format("{}{{name: v{}, persistentVolumeClaim: {{claimName: c{}}}}}", i ? ", " : "", i, i)
                     : fmt::format("{}{{name: v{}, emptyDir: {{}}}}", i ? ", " : "", i);
      if (s == shape::pod_claims) y += claim_text(i);
    }
    y += fmt::format(
        "---\napiVersion: v1\nkind: Pod\nmetadata: {{name: big, namespace: ns, annotations: "
        "{{backup.velero.io/backup-volumes: \"{}\"}}}}\nspec: {{nodeName: n, containers: [{{name: c, volumeMounts: "
        "[{}]}}], "
        "volumes: [{}]}}\nstatus: {{phase: Running}}\n",
        listed, mounts, volumes);
    rows = static_cast<std::size_t>(n);
  }
  k8s::load_options o;
  o.limits.max_yaml_nodes = 100'000'000;
  it->second = {k8s::load_text(y, "walk.yaml", o), rows};
  return it->second;
}

void run(benchmark::State& state, shape s) {
  const auto& [loaded, rows] = cluster_of(s, state.range(0));
  plan::plan_input in;
  in.cluster = &loaded.objects;
  in.threads = 1;
  auto checked = plan::make_plan(in);
  if (!checked.ok() || loaded.problems.has_errors() || checked->volumes.size() != rows) {
    state.SkipWithError(
        fmt::format("the plan has {} rows, {} expected", checked.ok() ? checked->volumes.size() : 0, rows).c_str());
    return;
  }
  for (auto _ : state) benchmark::DoNotOptimize(plan::make_plan(in));
  state.SetItemsProcessed(state.iterations() * state.range(0));  // volumes per second
}

void bm_walk_pod_with_many_volumes(benchmark::State& state) { run(state, shape::pod_volumes); }
void bm_walk_pod_with_many_listed_volumes(benchmark::State& state) { run(state, shape::pod_listed_volumes); }
void bm_walk_pod_with_many_claims(benchmark::State& state) { run(state, shape::pod_claims); }
void bm_walk_claim_with_many_pods(benchmark::State& state) { run(state, shape::claim_pods); }

}  // namespace

BENCHMARK(bm_walk_pod_with_many_volumes)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK(bm_walk_pod_with_many_listed_volumes)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);
BENCHMARK(bm_walk_pod_with_many_claims)->Arg(2000)->Arg(20000)->Unit(benchmark::kMillisecond);
BENCHMARK(bm_walk_claim_with_many_pods)->Arg(2000)->Arg(20000)->Unit(benchmark::kMillisecond);
