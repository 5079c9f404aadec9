// volpol/lint/linter.h — runs the lint rules over policy documents and, optionally, the plan of
// a cluster.
//
//     lint_input in;
//     in.backup = &backup_policies;            // built + validated (check_policy_file)
//     in.global = &global_policies;            // as_global(), or null
//     rule_selection sel;                      // every rule on
//     std::vector<finding> f = run_lint(in, sel);
//
// Document rules read the built volume policies (conditions, action, positions: volume_policy
// and its raw_conditions / source); cluster rules read the plan's records (method, deciding
// policy, names, storage class, volume type) and the cluster's objects — never message text.
#pragma once

#include <set>
#include <string_view>
#include <vector>

#include "volpol/core/diagnostic.h"
#include "volpol/detail/lint/rule.h"
#include "volpol/k8s/cluster.h"
#include "volpol/lint/finding.h"
#include "volpol/plan/backup_options.h"
#include "volpol/plan/planner.h"
#include "volpol/policy/policies.h"

namespace volpol::lint {

struct lint_input {
  /// The backup's policies (built and validated), or null.
  const policy::policies* backup = nullptr;
  /// The global policies (policies::as_global of a validated document), or null.
  const policy::policies* global = nullptr;
  /// Warnings validation gave for these documents: each becomes a VP100 finding.
  diagnostics velero_warnings;
  /// The cluster and its plan, both or neither: cluster rules run only when given. The plan
  /// must have been made from `cluster`, `backup` and `global`, traced (plan_input::trace):
  /// the rules read every step; an untraced plan gives them the deciding step only.
  const k8s::cluster* cluster = nullptr;
  const plan::plan_result* plan = nullptr;
  plan::backup_options backup_options;
  plan::server_options server;
};

/// Which rules run. Every rule is on by default.
class rule_selection {
 public:
  void disable(rule_id id) { off_.insert(id); }
  void enable(rule_id id) { off_.erase(id); }
  void disable_all();
  void enable_all() { off_.clear(); }
  [[nodiscard]] bool enabled(rule_id id) const { return !off_.contains(id); }

 private:
  std::set<rule_id> off_;
};

/// Runs every enabled rule whose scope the input allows (cluster rules need cluster + plan).
/// @return the findings, each with its rule's default severity, sorted (sort_findings).
[[nodiscard]] std::vector<finding> run_lint(const lint_input& in, const rule_selection& rules);

/// The document rules for one policy document given as text — the admission webhook's case
/// (`volpol serve`), where there is no cluster and no file. `built` is what
/// policy::check_policy_text built from `text` for `use` (for `global`, the as_global() form);
/// it must have passed validation. Validation's own warnings are not repeated (no VP100).
/// Findings silenced by the `# volpol:ignore` comments of `text` are dropped. A restore policy
/// gets none: every rule is about what a backup does.
/// @return the findings, positions inside `text`, sorted (sort_findings).
[[nodiscard]] std::vector<finding> lint_document(std::string_view text, policy::policy_use use,
                                                 const policy::policies& built, const rule_selection& rules);

}  // namespace volpol::lint
