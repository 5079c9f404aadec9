// Micro-benchmark: policy matching (policies::match), volumes per second against the
// 20-policy document bench/policies-20.yaml, over prebuilt PV + PVC pairs shaped like the
// generator's (ebs.csi.aws.com CSI, in-tree awsElasticBlockStore, NFS, local). Target:
// at least 2M volumes/s on one core.
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "gen/rng.h"
#include "volpol/policy/document.h"
#include "volpol/policy/policies.h"

namespace {

using namespace volpol;
using volpol::bench::rng;

struct volume_pair {
  k8s::persistent_volume pv;
  k8s::persistent_volume_claim pvc;
  std::size_t expected_policy;  ///< 0-based index of the first policy that must match
};

enum class storage { csi, aws, nfs, local };

k8s::persistent_volume make_pv(storage s, int index, int size_gi) {
  k8s::persistent_volume pv;
  pv.metadata.name = "pvc-" + std::to_string(index);
  pv.capacity = k8s::quantity::parse(std::to_string(size_gi) + "Gi").value();
  pv.has_capacity = true;
  pv.phase = "Bound";
  pv.access_modes = {s == storage::nfs ? "ReadWriteMany" : "ReadWriteOnce"};
  pv.volume_mode = "Filesystem";
  switch (s) {
    case storage::csi: {
      pv.storage_class_name = "gp3";
      pv.sources.set(k8s::volume_source::csi);
      k8s::csi_source& csi = pv.sources.edit_csi();
      csi.driver = "ebs.csi.aws.com";
      csi.volume_attributes = k8s::string_map(std::vector<k8s::string_map::entry>{
          {"storage.kubernetes.io/csiProvisionerIdentity", "1712000000000-1234-ebs.csi.aws.com"}});
      csi.volume_handle = "vol-0" + std::to_string(100000 + index);
      break;
    }
    case storage::aws:
      pv.storage_class_name = "gp2";
      pv.sources.set(k8s::volume_source::aws_elastic_block_store);
      break;
    case storage::nfs:
      pv.storage_class_name = "nfs";
      pv.sources.set(k8s::volume_source::nfs);
      pv.sources.edit_nfs() = {"nfs-1.storage.example.com", "/exports/shop-prod-1/cms", false};
      break;
    case storage::local:
      pv.storage_class_name = "local-storage";
      pv.sources.set(k8s::volume_source::local);
      break;
  }
  return pv;
}

k8s::persistent_volume_claim make_pvc(const k8s::persistent_volume& pv, bool no_backup, bool block) {
  k8s::persistent_volume_claim pvc;
  pvc.metadata.name = "data-" + pv.metadata.name;
  pvc.metadata.namespace_ = "shop-prod-1";
  std::vector<k8s::string_map::entry> labels = {{"app.kubernetes.io/instance", "postgres"},
                                                {"app.kubernetes.io/name", "postgres"}};
  if (no_backup) labels.emplace_back("backup", "none");
  pvc.metadata.labels = k8s::string_map(std::move(labels));
  pvc.storage_class_name = pv.storage_class_name;
  pvc.volume_name = pv.metadata.name;
  pvc.volume_mode = block ? "Block" : "Filesystem";
  pvc.access_modes = pv.access_modes;
  pvc.requested = pv.capacity;
  pvc.status_capacity = pv.capacity;
  pvc.phase = "Bound";
  return pvc;
}

/// Expected first match, as bench/policies-20.yaml's header explains (0-based).
std::size_t expected_policy(storage s, bool no_backup, bool block) {
  if (no_backup) return 6;
  if (block) return 8;
  switch (s) {
    case storage::csi: return 17;
    case storage::nfs:
    case storage::local: return 18;
    case storage::aws: return 19;
  }
  return 0;
}

std::vector<volume_pair> make_pairs(std::size_t n) {
  rng r(42);
  std::vector<volume_pair> pairs;
  pairs.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    const auto roll = r.below(100);
    const storage s = roll < 60 ? storage::csi : roll < 75 ? storage::aws : roll < 88 ? storage::nfs : storage::local;
    const bool no_backup = r.chance(8), block = s == storage::csi && r.chance(4);
    auto pv = make_pv(s, static_cast<int>(i), 1 << r.below(8));
    auto pvc = make_pvc(pv, no_backup, block);
    pairs.push_back({std::move(pv), std::move(pvc), expected_policy(s, no_backup, block)});
  }
  return pairs;
}

std::string read_file(const char* path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// The built 20-policy document, or a message saying why there is none.
result<policy::policies> load_policies() {
  const std::string text = read_file(VOLPOL_BENCH_POLICY);
  if (text.empty()) return make_error("cannot read " VOLPOL_BENCH_POLICY);
  auto doc = policy::decode_resource_policies(text, VOLPOL_BENCH_POLICY);
  if (const diagnostic* e = doc.error()) return *e;
  return policy::policies::build(doc.value());
}

/// Refuses to time wrong answers: every pair must match its expected policy.
std::string check_answers(const policy::policies& pols, const std::vector<volume_pair>& pairs) {
  if (pols.volume_policies().size() != 20) return "the document does not have 20 volume policies";
  for (const auto& p : pairs) {
    auto m = pols.match({.pv = &p.pv, .pvc = &p.pvc});
    if (const diagnostic* e = m.error()) return "match failed: " + e->to_string();
    const policy::volume_policy* got = m.value();
    const std::size_t index = got == nullptr ? 99 : static_cast<std::size_t>(got - pols.volume_policies().data());
    if (index != p.expected_policy)
      return p.pv.metadata.name + ": matched policy #" + std::to_string(index + 1) + ", expected #" +
             std::to_string(p.expected_policy + 1);
  }
  return {};
}

void bm_match(benchmark::State& state) {
  const auto pols = load_policies();
  if (const diagnostic* e = pols.error()) {
    state.SkipWithError(e->to_string().c_str());
    return;
  }
  const auto pairs = make_pairs(static_cast<std::size_t>(state.range(0)));
  if (const std::string wrong = check_answers(pols.value(), pairs); !wrong.empty()) {
    state.SkipWithError(wrong.c_str());
    return;
  }
  for (auto _ : state)
    for (const auto& p : pairs) benchmark::DoNotOptimize(pols.value().match({.pv = &p.pv, .pvc = &p.pvc}));
  state.SetItemsProcessed(state.iterations() * state.range(0));
  state.SetLabel("volumes/s = items_per_second; 20 policies");
}
BENCHMARK(bm_match)->Arg(1024)->Arg(65536);

}  // namespace
