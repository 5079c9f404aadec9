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
// Exit codes: 0 planned cleanly; 1 planned, but some inputs or volumes had errors (all listed);
// 2 the policy or the command line is invalid (nothing planned).
#pragma once

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "volpol/k8s/diagnostic.h"
#include "volpol/plan/backup_options.h"

namespace CLI {
class App;
}

namespace volpol::cli {

struct plan_options {
  std::string policy_file;
  std::string global_policy_file;
  std::vector<std::string> inputs;  ///< -f: files, folders, "-", Velero backup .tar.gz
  std::string backup_file;          ///< --backup: a Velero Backup object
  // Optional booleans as given ("" = not given; "true"/"false" otherwise).
  std::string snapshot_volumes, default_volumes_to_fs_backup, snapshot_move_data, include_cluster_resources;
  std::optional<std::string> data_mover;
  std::vector<std::string> include_namespaces, exclude_namespaces, include_resources, exclude_resources;
  std::optional<std::string> features;  ///< Velero server --features; unset = EnableCSI
  std::vector<std::string> volume_snapshot_locations;
  std::string output = "table";
};

/// Declares the `plan` subcommand and its options on `app`.
CLI::App* setup_plan(CLI::App& app, plan_options& opt);

/// Declares plan's options, all but `-o`, on `cmd` (`volpol lint` takes them too); `-f` is
/// required when `inputs_required`.
void add_plan_options(CLI::App* cmd, plan_options& opt, bool inputs_required);

/// The backup options the flags (and `--backup FILE`) give.
/// @return the options, or an error naming the flag or file (`--snapshot-volumes: invalid value`).
[[nodiscard]] result<plan::backup_options> backup_options_from(const plan_options& opt);
/// The server options the flags give (`--features`, `--volume-snapshot-locations`).
[[nodiscard]] result<plan::server_options> server_options_from(const plan_options& opt);

/// Runs a parsed `plan`; writes the plan to `out`, problems to `err`. Returns the exit code.
int run_plan(const plan_options& opt, std::FILE* out, std::FILE* err);

}  // namespace volpol::cli
