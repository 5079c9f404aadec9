// lint_command.h (private to the cli layer) — `volpol lint`: will the policy do what you meant?
//
//     volpol lint [--policy FILE] [--global-policy FILE] [-f PATH ...] [plan flags]
//                 [-o text|json|sarif|github] [--fail-level error|warning|info]
//                 [--disable RULE,...] [--enable RULE,...]
//     volpol lint --explain RULE
//     volpol lint --list-rules
//
// Without -f the document rules run over the policies; with -f the cluster is planned as
// `volpol plan` plans it (same flags) and the cluster rules run as well. RULE is a code (VP110),
// a name (unreachable-policy) or `all`; --enable is applied after --disable. A YAML comment
// `# volpol:ignore RULE` silences a finding (detail/lint/suppression.h). Findings go to standard
// output; problems loading the inputs go to standard error.
//
// Policies are loaded the one way every command loads them (policy::load_backup_policies; with
// -f, prepare_plan), so a policy Velero would reject gets the messages `volpol validate` gives;
// the warnings of valid policies become VP100 findings. Suppression comments are read from the
// policy files (not from standard input).
//
// Exit codes: 0 no finding at or above the fail level (default warning); 1 some finding is
// (or some cluster object could not be loaded); 2 bad usage, or a policy Velero would reject
// (its problems are printed exactly as `volpol validate` prints them, to standard error).
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "plan_inputs.h"

namespace CLI {
class App;
}

namespace volpol::cli {

struct lint_options {
  plan_options plan;  ///< --policy, --global-policy, -f and the plan flags (its `output` is unused)
  std::string output = "text";
  std::string color = "auto";  ///< --color: auto, always, never (the text output)
  std::string fail_level = "warning";
  std::vector<std::string> disable, enable;
  std::string explain;  ///< --explain RULE
  bool list_rules = false;
};

/// Declares the `lint` subcommand and its options on `app`.
CLI::App* setup_lint(CLI::App& app, lint_options& opt);

/// Runs a parsed `lint`. @return the exit code (0, 1, 2 as above).
int run_lint(const lint_options& opt, std::FILE* out, std::FILE* err);

}  // namespace volpol::cli
