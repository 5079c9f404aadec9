// Micro-benchmark: object loading (k8s::load_text / load_objects), bytes/s, on a cluster dump
// generated in memory by the gen-cluster library (JSON kubectl List and multi-document YAML).
#include <cstdio>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "gen/cluster_writer.h"
#include "volpol/k8s/loader.h"

namespace {

using namespace volpol;
namespace gen = volpol::bench;

struct dump {
  std::string text;
  gen::dump_stats stats;
};

const dump& generated(std::int64_t pods, gen::format f) {
  static std::map<std::pair<std::int64_t, int>, dump> cache;
  auto [it, fresh] = cache.try_emplace({pods, static_cast<int>(f)});
  if (fresh) {
    const gen::generator_options o{.pods = static_cast<std::uint64_t>(pods), .namespaces = 4, .seed = 1};
    it->second.text = gen::cluster_text(o, f, &it->second.stats);
  }
  return it->second;
}

/// Refuses to time a wrong load: every pod, PVC and PV must be there, without errors.
std::string check_load(const k8s::load_result& r, const gen::dump_stats& s) {
  if (r.problems.has_errors()) return "load reported errors: " + r.problems.items().front().to_string();
  if (r.counts.pods != s.pods || r.counts.persistent_volume_claims != s.claims ||
      r.counts.persistent_volumes != s.volumes)
    return fmt::format("loaded {} pods, {} PVCs, {} PVs; generated {}, {}, {}", r.counts.pods,
                       r.counts.persistent_volume_claims, r.counts.persistent_volumes, s.pods, s.claims, s.volumes);
  return {};
}

void run_text(benchmark::State& state, gen::format f) {
  const dump& d = generated(state.range(0), f);
  const char* name = f == gen::format::json ? "cluster.json" : "cluster.yaml";
  if (const auto wrong = check_load(k8s::load_text(d.text, name), d.stats); !wrong.empty()) {
    state.SkipWithError(wrong.c_str());
    return;
  }
  for (auto _ : state) benchmark::DoNotOptimize(k8s::load_text(d.text, name));
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(d.text.size()));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(d.stats.objects()));
  state.SetLabel(fmt::format("{} objects, {:.1f} MB", d.stats.objects(), d.text.size() / 1e6));
}

void bm_load_json_text(benchmark::State& state) { run_text(state, gen::format::json); }
void bm_load_yaml_text(benchmark::State& state) { run_text(state, gen::format::yaml); }

/// From a file: includes reading it in chunks, as `volpol plan -f` does.
void bm_load_json_file(benchmark::State& state) {
  const dump& d = generated(state.range(0), gen::format::json);
  const auto path = std::filesystem::temp_directory_path() / fmt::format("volpol-bench-{}.json", state.range(0));
  if (std::FILE* out = std::fopen(path.c_str(), "wb")) {
    std::fwrite(d.text.data(), 1, d.text.size(), out);
    std::fclose(out);
  }
  const std::vector<std::string> inputs = {path.string()};
  if (const auto wrong = check_load(k8s::load_objects(inputs), d.stats); !wrong.empty()) {
    state.SkipWithError(wrong.c_str());
  } else {
    for (auto _ : state) benchmark::DoNotOptimize(k8s::load_objects(inputs));
    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(d.text.size()));
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(d.stats.objects()));
    state.SetLabel(fmt::format("{} objects, {:.1f} MB", d.stats.objects(), d.text.size() / 1e6));
  }
  std::filesystem::remove(path);
}

BENCHMARK(bm_load_json_text)->Arg(200)->Arg(2000)->Unit(benchmark::kMillisecond);
BENCHMARK(bm_load_json_file)->Arg(2000)->Unit(benchmark::kMillisecond);
BENCHMARK(bm_load_yaml_text)->Arg(200)->Unit(benchmark::kMillisecond);

}  // namespace
