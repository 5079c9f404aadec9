// volpol/cli/plan_command.h — `volpol plan`: predict what a Velero backup will do with every
// volume, and why.
//
//     volpol plan --policy FILE [--global-policy FILE] -f PATH [-f PATH ...]
//                 [--snapshot-volumes[=true|false]] [--default-volumes-to-fs-backup[=...]]
//                 [--snapshot-move-data[=...]] [--data-mover NAME]
//                 [--include-namespaces a,b] [--exclude-namespaces c] [--include-resources ...]
//                 [--exclude-resources ...] [--include-cluster-resources[=...]] [--backup FILE]
//                 [--features EnableCSI] [--volume-snapshot-locations NAME=PROVIDER,...]
//                 [-o table|json|yaml]
//
//     volpol plan --cluster [--context NAME] [--kubeconfig FILE] [...]   (see cluster_flags.h)
//
// Exit codes: 0 planned cleanly; 1 planned, but some objects or volumes had errors (all listed);
// 2 the policy or the command line is invalid (nothing planned); 3 an input cannot be read
// (a -f path, the cluster) or holds no Kubernetes objects at all.
#pragma once

#include <cstdio>

#include "volpol/cli/plan_inputs.h"

namespace CLI {
class App;
}

namespace volpol::cli {

/// Declares the `plan` subcommand and its options on `app`.
CLI::App* setup_plan(CLI::App& app, plan_options& opt);
/// Runs a parsed `plan`; writes the plan to `out`, problems to `err`. Returns the exit code.
int run_plan(const plan_options& opt, std::FILE* out, std::FILE* err);

}  // namespace volpol::cli
