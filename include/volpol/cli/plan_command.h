// volpol/cli/plan_command.h — `volpol plan`: predict what a Velero backup will do with every
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
// the given ways (verify/fail_on.h), listing them on stderr.
//
// Exit codes: 0 planned cleanly; 1 planned, but some inputs or volumes had errors (all listed);
// 2 the policy or the command line is invalid (nothing planned).
#pragma once

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

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
  std::vector<std::string> fail_on;  ///< --fail-on skipped,error,custom,not-backed-up
};

/// Declares the `plan` subcommand and its options on `app`.
CLI::App* setup_plan(CLI::App& app, plan_options& opt);

/// Runs a parsed `plan`; writes the plan to `out`, problems to `err`. Returns the exit code.
int run_plan(const plan_options& opt, std::FILE* out, std::FILE* err);

}  // namespace volpol::cli
