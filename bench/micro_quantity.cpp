// Micro-benchmark: Kubernetes quantity parsing (k8s::quantity::parse), items/s over a mix
// of the strings real capacities and resource requests use.
#include <array>
#include <string_view>

#include <benchmark/benchmark.h>

#include "volpol/k8s/quantity.h"

namespace {

using volpol::k8s::quantity;

constexpr std::array<std::string_view, 20> inputs = {"10Gi",      "500Mi", "1.5Gi", "100m", "1e3",   "2T",   "0",
                                                     "123456789", "1Ki",   "250M",  "0.5",  "3.5Ti", "64Mi", "1000Gi",
                                                     "20Gi",      "2Gi",   "1.25E", "-5",   "12e6",  "0.001"};

/// Refuses to time a wrong parser: a few exact values first.
const char* check_answers() {
  const auto gi = quantity::parse("1.5Gi");
  if (!gi.ok() || gi.value().value() != 1610612736 || gi.value().to_string() != "1536Mi")
    return "parse(\"1.5Gi\") is not 1610612736 bytes / \"1536Mi\"";
  const auto milli = quantity::parse("100m");
  if (!milli.ok() || milli.value().value() != 1) return "parse(\"100m\").value() is not 1 (rounded up)";
  if (quantity::parse("1.5.Gi").ok()) return "parse(\"1.5.Gi\") was accepted";
  for (auto s : inputs)
    if (!quantity::parse(s).ok()) return "an input of the mix does not parse";
  return nullptr;
}

void bm_quantity_parse(benchmark::State& state) {
  if (const char* wrong = check_answers()) {
    state.SkipWithError(wrong);
    return;
  }
  for (auto _ : state)
    for (auto s : inputs) benchmark::DoNotOptimize(quantity::parse(s));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(inputs.size()));
}
BENCHMARK(bm_quantity_parse);

void bm_quantity_compare(benchmark::State& state) {
  std::vector<quantity> parsed;
  for (auto s : inputs) parsed.push_back(quantity::parse(s).value());
  if (quantity::parse("1Gi").value().compare(quantity::parse("1G").value()) != 1) {
    state.SkipWithError("1Gi does not compare greater than 1G");
    return;
  }
  for (auto _ : state)
    for (std::size_t i = 0; i + 1 < parsed.size(); ++i) benchmark::DoNotOptimize(parsed[i].compare(parsed[i + 1]));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(parsed.size() - 1));
}
BENCHMARK(bm_quantity_compare);

}  // namespace
