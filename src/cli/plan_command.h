// plan_command.h (private to the cli layer) — `volpol plan`: predict what a Velero backup will do with every
// volume, and why.
//
//     volpol plan --policy FILE [--global-policy FILE] -f PATH [-f PATH ...]
//                 [--snapshot-volumes[=true|false]] [--default-volumes-to-fs-backup[=...]]
//                 [--snapshot-move-data[=...]] [--data-mover NAME]
//                 [--include-namespaces a,b] [--exclude-namespaces c] [--include-resources ...]
//                 [--exclude-resources ...] [--include-cluster-resources[=...]] [--backup FILE]
//                 [--features EnableCSI] [--volume-snapshot-locations NAME=PROVIDER,...]
//                 [-o table|json|yaml|volumeinfo] [--fail-on skipped,error,custom,not-backed-up]
//
// `-o volumeinfo` writes the plan as the BackupVolumeInfo array Velero will store
// (plan/backup_volume_info.h). `--fail-on` makes the exit code 1 when any volume ends one of
// the given ways (detail/verify/fail_on.h), listing them on stderr.
//
//     volpol plan --cluster [--context NAME] [--kubeconfig FILE] [...]   (see cluster_flags.h)
//
// Exit codes: 0 planned cleanly; 1 planned, but some objects or volumes had errors (all listed),
// or a --fail-on gate failed; 2 the policy or the command line is invalid (nothing planned);
// 3 an input cannot be read (a -f path, the cluster) or holds no Kubernetes objects at all.
#pragma once

#include <cstdio>

#include "plan_inputs.h"

namespace CLI {
class App;
}

namespace volpol::cli {

/// Declares the `plan` subcommand and its options on `app`.
CLI::App* setup_plan(CLI::App& app, plan_options& opt);
/// Runs a parsed `plan`; writes the plan to `out`, problems to `err`. Returns the exit code.
int run_plan(const plan_options& opt, std::FILE* out, std::FILE* err);

}  // namespace volpol::cli
