// validate_command.h (private to the cli layer) — `volpol validate`: check policy files the way Velero does
// before a backup (or a restore) uses them, and report every problem with its position.
//
//     volpol validate FILE... [--global | --restore]
//
// Each FILE is a policy document or a ConfigMap holding one (YAML or JSON; "-" reads standard
// input), or a folder: every *.yaml, *.yml and *.json below it, in sorted order. For each file, prints `FILE: OK`, or
// every problem as
//     FILE:LINE:COLUMN: PATH: MESSAGE
//       help: HOW TO FIX IT
// (`warning:` before the message for a warning; warnings do not make a file invalid).
//   --global   check as the cluster-wide global policy: Velero validates the whole document,
//              then keeps only its volumePolicies (a warning says what is ignored).
//   --restore  check as a restore's policy (`ValidateForRestore`): no volumePolicies, no
//              includeExcludePolicy.
// Exit codes: 0 every file is valid; 1 some file is invalid; 2 bad usage (no FILE, --global
// with --restore, an unknown option); 3 a path cannot be read or a folder holds no policy file.
#pragma once

#include <cstdio>
#include <string>
#include <vector>
#include "volpol/k8s/limits.h"

namespace CLI {
class App;
}

namespace volpol::cli {

struct validate_options {
  std::vector<std::string> files;
  bool global = false;         ///< --global
  bool restore = false;        ///< --restore
  k8s::input_limits limits;    ///< --max-depth ... (input_limit_flags.h)
  std::string velero_version;  ///< --velero-version ("" = main)
};

/// Declares the `validate` subcommand and its options on `app`.
CLI::App* setup_validate(CLI::App& app, validate_options& opt);

/// Runs a parsed `validate`: results go to `out`; `err` gets usage problems only.
/// @return the exit code (0 all valid, 1 some file invalid, 2 bad usage, 3 unreadable path).
int run_validate(const validate_options& opt, std::FILE* out, std::FILE* err);

}  // namespace volpol::cli
