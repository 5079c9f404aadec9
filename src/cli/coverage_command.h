// coverage_command.h (private to the cli layer) — `volpol coverage`: every volume against every Schedule of the
// Velero namespace (plan/coverage.h).
//
//     volpol coverage -f PATH [-f PATH ...] [--global-policy FILE] [--velero-namespace velero]
//                     [--include-backups] [--default-backup-ttl 720h] [--features ...]
//                     [--volume-snapshot-locations ...] [--velero-version ...]
//                     [-o table|wide|json|yaml|html|prometheus] [--fail-on unprotected]
//     volpol coverage --cluster [--context NAME] [--global-backup-volume-policies-configmap NAME]
//
// Each Schedule is planned as Velero runs it (its template, its resource-policy ConfigMap among
// the inputs or in the cluster, the global policy, the server options, the Velero release).
// Exit codes: 0 covered (or no --fail-on); 1 some object could not be loaded, a Schedule could
// not be planned, or --fail-on unprotected found unprotected volumes (listed on stderr);
// 2 bad usage or an invalid global policy; 3 an input cannot be read.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "plan_inputs.h"

namespace CLI {
class App;
}

namespace volpol::cli {

struct coverage_options {
  plan_options plan;                            ///< the inputs (-f or --cluster), global policy, server flags, -o
  bool include_backups = false;                 ///< --include-backups
  std::string default_backup_ttl = "720h0m0s";  ///< --default-backup-ttl (velero server's flag)
  std::vector<std::string> fail_on;             ///< --fail-on unprotected
};

/// Declares the `coverage` subcommand and its options on `app`.
CLI::App* setup_coverage(CLI::App& app, coverage_options& opt);
/// Runs a parsed `coverage`; the report on `out`, problems on `err`. Returns the exit code.
int run_coverage(const coverage_options& opt, std::FILE* out, std::FILE* err);

}  // namespace volpol::cli
