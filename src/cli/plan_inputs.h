// plan_inputs.h (private to the cli layer) — what every planning command (`plan`, `explain`, ...) reads: the
// policy files, the cluster objects, the backup options and the server settings, with the
// flags named as `velero backup create` and `velero server` name them.
//
// One way in for all of them: the flags make a plan::plan_request, plan::prepare reads, checks
// and plans it (volpol/plan/request.h), and its problems are printed here.
#pragma once

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cluster_flags.h"
#include "volpol/k8s/loader.h"
#include "volpol/plan/planner.h"
#include "volpol/plan/report.h"
#include "volpol/plan/request.h"
#include "volpol/policy/backup_policies.h"

namespace CLI {
class App;
}

namespace volpol::cli {

struct plan_options {
  std::string policy_file;
  std::string global_policy_file;
  std::vector<std::string> inputs;  ///< -f: files, folders, "-", Velero backup .tar.gz
  std::string backup_file;          ///< --backup: a file with a Backup or Schedule, or a loaded one's name
  // Optional booleans as given ("" = not given; "true"/"false" otherwise).
  std::string snapshot_volumes, default_volumes_to_fs_backup, snapshot_move_data, include_cluster_resources;
  std::optional<std::string> data_mover;
  std::vector<std::string> include_namespaces, exclude_namespaces, include_resources, exclude_resources;
  std::optional<std::string> features;  ///< Velero server --features; unset = EnableCSI
  std::vector<std::string> volume_snapshot_locations;
  /// `velero server --default-volume-snapshot-locations provider:name,...`
  std::string default_volume_snapshot_locations;
  std::string custom_action_params;  ///< --custom-action-params key=value[,key=value]
  std::string velero_version;        ///< --velero-version ("" = read from the inputs, else main)
  std::string output = "table";      ///< -o: table, wide, json, yaml, volumeinfo (plan); text, json, yaml (explain)
  bool no_headers = false;           ///< --no-headers: table rows only
  std::string color = "auto";        ///< --color: auto, always, never
  k8s::input_limits limits;          ///< --max-object-bytes ... (input_limit_flags.h)
  cluster_flags cluster;             ///< --cluster and its flags (instead of -f)
  /// --threads: threads that parse a large input (k8s::load_options::threads; 0 = one per core).
  unsigned threads = 0;
  std::string command = "plan";      ///< the subcommand, for usage hints ("see `volpol plan --help`")
  std::vector<std::string> fail_on;  ///< plan --fail-on skipped,error,custom,not-backed-up
  /// Load and check the inputs, plan nothing (`volpol coverage` plans each Schedule itself):
  /// prepare_plan fills the policies, the objects and plan_input (cluster, global policies,
  /// server, threads), and leaves the result empty.
  bool inputs_only = false;
};

/// Declares the policy, input, backup and server flags (not -o) on `cmd`.
void add_plan_input_flags(CLI::App* cmd, plan_options& opt);
/// Declares only the backup and server flags (--snapshot-volumes ... --volume-snapshot-locations,
/// not --policy, --global-policy, -f, --backup, --cluster): for commands that take those their
/// own way (`diff` takes two policies).
void add_backup_flags(CLI::App* cmd, plan_options& opt);

/// The request the flags make (plan::prepare reads and checks it). @return it, or the error
/// of a flag volpol parses itself (--snapshot-volumes=maybe).
[[nodiscard]] result<plan::plan_request> plan_request_of(const plan_options& opt);

/// Everything one plan was made from (plan/request.h).
using prepared_plan = plan::prepared_plan;

/// plan::prepare for the flags: its problems written to `err` (`error: ` before errors, the
/// usage hint after a wrong flag, object problems at most 20 alike); with
/// `policy_warnings_to_err` false, the warnings of valid policies are only kept in
/// prepared_plan::policies, for a caller that reports them itself; `trace`: keep every step,
/// for explain. The table formats (`-o table`, `wide`) get no input_problems (on stderr already).
/// @return the prepared plan, or the exit code to return when nothing can be planned
///         (exit_code::invalid_usage: a bad flag value or an invalid policy;
///         exit_code::unreadable_input: no input could be read, or none held an object).
/// With skip_free_before_exit set, the prepared plan is not freed when the outcome goes away.
struct prepare_outcome {
  std::unique_ptr<prepared_plan> plan;
  int exit = 0;

  prepare_outcome() = default;
  prepare_outcome(prepare_outcome&&) = default;
  prepare_outcome& operator=(prepare_outcome&&) = default;
  prepare_outcome(const prepare_outcome&) = delete;
  prepare_outcome& operator=(const prepare_outcome&) = delete;
  ~prepare_outcome();
};
[[nodiscard]] prepare_outcome prepare_plan(const plan_options& opt, bool trace, std::FILE* err,
                                           bool policy_warnings_to_err = true);

}  // namespace volpol::cli
