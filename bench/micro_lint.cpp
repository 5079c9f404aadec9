// Micro-benchmark: lint's document rules on a policy of 8,000 volume policies (about 1 MiB, the
// largest ConfigMap the API server stores), as `volpol serve` lints every policy it admits.
// Two documents: "distinct" (each policy its own storage classes, capacity and labels; nothing
// shadows anything) and "overlapping" (see overlapping_policies: each policy overlaps many
// earlier ones, and half of them are shadowed). Target: well under 1 s for the whole check
// (decode, validate, lint); VP110 tried every pair before and took 5 s at 8,000.
#include <benchmark/benchmark.h>

#include <string>

#include "volpol/lint/linter.h"
#include "volpol/policy/policies.h"

namespace {

using namespace volpol;

std::string distinct_policies(int n) {
  std::string doc = "version: v1\nvolumePolicies:\n";
  for (int i = 0; i < n; ++i) {
    const std::string id = std::to_string(100000 + i).substr(1);
    doc += "- conditions:\n    storageClass: [sc-" + id + ", gp3-" + id + "]\n    capacity: \"0," +
           std::to_string(i + 1) + "Gi\"\n    pvcLabels: {app: app-" + id + "}\n  action:\n    type: snapshot\n";
  }
  return doc;
}

/// Even policies: NFS server k % 100 and path k / 100 (k = i / 2), all different, each
/// overlapping the earlier ones of its server. Odd policies: storage class k % 40 with capacity
/// "0,5Gi", "0,4Gi" ... "0,1Gi" in turn: the first of each class contains every later one, so all
/// but 40 of them are shadowed (VP110).
std::string overlapping_policies(int n) {
  std::string doc = "version: v1\nvolumePolicies:\n";
  for (int i = 0; i < n; ++i) {
    if (i % 2 == 0)
      doc += "- conditions:\n    nfs: {server: nfs-" + std::to_string(i / 2 % 100) + ", path: /exports/" +
             std::to_string(i / 200) + "}\n  action:\n    type: fs-backup\n";
    else
      doc += "- conditions:\n    storageClass: [sc-" + std::to_string(i / 2 % 40) + "]\n    capacity: \"0," +
             std::to_string(5 - i / 2 / 40 % 5) + "Gi\"\n  action:\n    type: snapshot\n";
  }
  return doc;
}

/// Decodes, validates and lints `text` as the webhook does; the number of findings, or -1
/// when the document is invalid.
long check_and_lint(const std::string& text, const lint::rule_selection& rules) {
  const policy::checked_policies checked = policy::check_policy_text(text, {.file = "policy.yaml"},
                                                                     policy::policy_use::backup);
  if (!checked.ok()) return -1;
  return static_cast<long>(lint::lint_document(text, policy::policy_use::backup, checked.built, rules).size());
}

void run(benchmark::State& state, const std::string& text, long expected_findings) {
  const lint::rule_selection rules;
  if (const long got = check_and_lint(text, rules); got != expected_findings) {
    state.SkipWithError(
        ("expected " + std::to_string(expected_findings) + " findings, got " + std::to_string(got)).c_str());
    return;
  }
  for (auto _ : state) benchmark::DoNotOptimize(check_and_lint(text, rules));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
  state.SetItemsProcessed(state.iterations() * state.range(0));
  state.counters["bytes"] = static_cast<double>(text.size());
}

void bm_lint_distinct(benchmark::State& state) { run(state, distinct_policies(static_cast<int>(state.range(0))), 0); }
BENCHMARK(bm_lint_distinct)->Arg(2000)->Arg(8000)->Unit(benchmark::kMillisecond);

void bm_lint_overlapping(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  run(state, overlapping_policies(n), n / 2 - 40);
}
BENCHMARK(bm_lint_overlapping)->Arg(2000)->Arg(8000)->Unit(benchmark::kMillisecond);

/// The rules alone, on the document built once.
void bm_lint_rules_only(benchmark::State& state) {
  const std::string text = distinct_policies(static_cast<int>(state.range(0)));
  const policy::checked_policies checked = policy::check_policy_text(text, {.file = "policy.yaml"},
                                                                     policy::policy_use::backup);
  const lint::rule_selection rules;
  if (!checked.ok()) {
    state.SkipWithError("the generated document is invalid");
    return;
  }
  for (auto _ : state)
    benchmark::DoNotOptimize(lint::lint_document(text, policy::policy_use::backup, checked.built, rules));
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(bm_lint_rules_only)->Arg(2000)->Arg(8000)->Unit(benchmark::kMillisecond);

}  // namespace
