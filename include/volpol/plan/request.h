// volpol/plan/request.h — "plan these inputs": every input of a plan as data (a plan_request),
// read and checked by prepare() into a prepared_plan that holds the plan, each problem kept as
// data on the way. What `volpol plan`, `explain`, `audit`, `diff`, `lint --cluster` and
// `coverage` call; the command line only fills the request and prints.
//
//     plan::plan_request request;
//     request.policy_file = "policy.yaml";               // --policy
//     request.inputs = {"cluster.json"};                  // -f (or request.cluster: --cluster)
//     request.snapshot_move_data = true;                  // velero backup create --snapshot-move-data
//     plan::prepare_result prepared = plan::prepare(request);
//     for (const plan::request_problem& p : prepared.problems) report(p.what);
//     if (prepared.status == plan::prepare_status::planned)
//       std::fputs(plan::render_table(prepared.plan->result, prepared.plan->context).c_str(), stdout);
//
// The steps, in order, stop at the first that fails (later ones would only repeat it):
//   1. the request agrees with itself (objects from files or from the cluster; one Backup source);
//   2. the policy files can be read; with `cluster`, the cluster's facts are read
//      (k8s::read_live_cluster: context, Velero's settings, the Backup, the policy ConfigMaps);
//   3. the server settings (--features, volume snapshot locations);
//   4. the policies (policy::load_backup_policies), before the objects when the Velero release is
//      named, after them otherwise (the Velero Deployment among the objects names it:
//      choose_velero_release);
//   5. the objects (k8s::load_objects, or k8s::load_live_objects), every problem kept;
//   6. the Backup (`backup`: a file, or a Backup or Schedule among the objects, with its
//      spec.resourcePolicy ConfigMap; or the cluster's), the request's flags over it;
//   7. make_plan, and the facts read from the cluster over the plan's assumptions.
// As Velero's pkg/cmd/cli/backup/create.go `CreateOptions` and `velero server` name the
// settings, and pkg/controller/backup_controller.go `prepareBackupRequest` resolves the Backup's
// policies.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "volpol/core/diagnostic.h"
#include "volpol/core/velero_version.h"
#include "volpol/k8s/limits.h"
#include "volpol/k8s/live_cluster.h"
#include "volpol/k8s/loader.h"
#include "volpol/plan/backup_options.h"
#include "volpol/plan/planner.h"
#include "volpol/plan/report.h"
#include "volpol/policy/backup_policies.h"

namespace volpol::plan {

/// Objects given as text, and their name in problems.
struct object_text {
  std::string text;   ///< YAML (one or more documents) or JSON
  std::string label;  ///< `suite.volpol-test.yaml (cluster)`
};

/// Every input of one plan, as Velero's commands name them.
struct plan_request {
  // The policies: a policy document or its ConfigMap, YAML or JSON ("" = none).
  std::string policy_file;         ///< --policy: the Backup's resource policy
  std::string global_policy_file;  ///< --global-policy: the server's global volume policies

  /// The policies as text instead of the files above, when set: a policy document or its
  /// ConfigMap, named in problems by `source` (`volpol test`'s inline `policy:`).
  std::optional<policy::config_map_text> policy_text, global_policy_text;

  // The objects: files, folders, "-" (standard input), Velero backup tarballs; or the cluster.
  std::vector<std::string> inputs;                  ///< -f
  std::optional<k8s::live_cluster_source> cluster;  ///< --cluster (exactly one of the two)
  /// Objects as text (YAML or JSON), read after `inputs`, each named in problems by its label
  /// (`volpol test`'s inline `cluster:` objects). Not with `cluster`.
  std::vector<object_text> input_texts;

  /// --backup: a file holding a Backup or a Schedule, or the name ("name", "namespace/name") of
  /// one among the objects. "" = the defaults (or the cluster's --from-backup/--from-schedule).
  std::string backup;
  // `velero backup create` flags, over the Backup's spec (unset = the Backup's).
  std::optional<bool> snapshot_volumes;                             ///< --snapshot-volumes
  std::optional<bool> default_volumes_to_fs_backup;                 ///< --default-volumes-to-fs-backup
  std::optional<bool> snapshot_move_data;                           ///< --snapshot-move-data
  std::optional<bool> include_cluster_resources;                    ///< --include-cluster-resources
  std::optional<std::string> data_mover;                            ///< --data-mover
  std::vector<std::string> include_namespaces, exclude_namespaces;  ///< globs; empty = the Backup's
  std::vector<std::string> include_resources, exclude_resources;    ///< empty = the Backup's

  /// The Backup's options already resolved, used as they are instead of `backup` and the flags
  /// above (`volpol test`'s `backup:`).
  std::optional<backup_options> resolved_backup;

  // `velero server` settings, as its flags take them.
  std::optional<std::string> features;  ///< --features (comma list); unset = EnableCSI
  /// --volume-snapshot-locations: NAME=PROVIDER, a provider volpol knows (aws, gcp, azure), or
  /// with `cluster` the name of one of its VolumeSnapshotLocations. Empty: the cluster's.
  std::vector<std::string> volume_snapshot_locations;
  std::string default_volume_snapshot_locations;  ///< --default-volume-snapshot-locations aws:vsl-1,...
  std::string custom_action_params;               ///< key=value[,key=value], values typed as YAML
  /// The server settings already resolved, used as they are instead of the four above
  /// (`volpol test`'s `server:`); its release is still `velero`, or read from the objects.
  std::optional<server_options> resolved_server;
  /// The Velero release planned for; unset = read from the objects (the Velero Deployment's
  /// image), else main (choose_velero_release).
  std::optional<velero_version> velero;

  k8s::input_limits limits;  ///< bounds on every input (--max-object-bytes ...)
  unsigned threads = 0;      ///< threads that load and plan (0: one per core; the plan is the same)
  bool trace = false;        ///< keep every step of every volume (`volpol explain`)
  /// Load and check the inputs, make no plan (`volpol coverage` plans each Schedule itself):
  /// the prepared plan holds the policies, the objects and plan_input's cluster, global
  /// policies, server and threads.
  bool inputs_only = false;
  /// Warnings of valid policies among the problems too (false: only in
  /// prepared_plan::policies.problems, for a caller that reports them itself: `volpol lint`).
  bool policy_warnings = true;
  /// Counted up as objects are loaded (a progress line); may be null.
  std::atomic<std::uint64_t>* objects_read = nullptr;
  /// Called as each phase ("load", "plan") starts and ends (`started` false): for timings.
  std::function<void(const char* phase, bool started)> on_phase;
};

/// What a problem is about: which input or step.
enum class problem_source : std::uint8_t {
  request,  ///< the request's own values (flags that do not agree, a bad value)
  input,    ///< an input that cannot be read, or holds nothing to plan
  cluster,  ///< the live cluster (kubectl, the API server)
  objects,  ///< an object the loader refused or warned about (k8s)
  policy,   ///< a policy (as `volpol validate` reports it)
  backup,   ///< the Backup or Schedule the options come from
  planner,  ///< make_plan
};

/// One problem met while preparing, in the order met.
struct request_problem {
  problem_source source = problem_source::request;
  diagnostic what;
  /// The request field (flag) the problem is about, when `what` names a file of its own
  /// ("--backup": `--backup: backup.yaml:3: ...`); "" otherwise.
  std::string flag;
  /// The request itself is wrong: a command line says where its help is.
  bool see_help = false;
};

/// Everything one plan was made from, kept alive together (the plan points into it).
struct prepared_plan {
  policy::loaded_policies policies;
  k8s::load_result loaded;  ///< the objects (their problems moved to context.input_problems)
  plan_input input;
  plan_result result;
  report_context context;     ///< every object problem in input_problems
  bool input_errors = false;  ///< some input object could not be loaded (all in context.input_problems)
  /// Some input could not be read (a -f path, the cluster) or none held any object.
  bool unreadable_input = false;
  std::optional<k8s::live_cluster> live;  ///< what `cluster` read besides the objects
};

enum class prepare_status : std::uint8_t {
  planned,     ///< `plan` holds the plan (or, with inputs_only, the inputs)
  invalid,     ///< the request or a policy is invalid: nothing planned (`volpol` exits 2)
  unreadable,  ///< no input could be read, or none held an object (`volpol` exits 3)
};

struct prepare_result {
  prepare_status status = prepare_status::invalid;
  /// Set when planned, and with `unreadable` when something was still planned (an input
  /// among several could not be read: prepared_plan::unreadable_input).
  std::unique_ptr<prepared_plan> plan;
  std::vector<request_problem> problems;  ///< errors and warnings, in the order met
};

/// The `velero server` settings as its flags give them, checked as prepare() checks them:
/// `features` the --features comma list (unset: EnableCSI on; an unknown flag is an error that
/// says the near one), `volume_snapshot_locations` the --volume-snapshot-locations entries
/// (NAME=PROVIDER, a provider volpol knows, or with `live` a name among the cluster's; empty:
/// the cluster's), `default_volume_snapshot_locations` "provider:name,...". An error's
/// `where.file` names the flag (`--features`). As `velero server` takes those flags; Velero's
/// feature names are pkg/apis/velero/v1/constants.go's.
[[nodiscard]] result<server_options> server_settings(const std::optional<std::string>& features,
                                                     const std::vector<std::string>& volume_snapshot_locations,
                                                     const std::string& default_volume_snapshot_locations,
                                                     const k8s::live_cluster* live = nullptr);

/// Reads and checks every input of `request` and makes the plan (the steps above).
/// Never throws; every problem is in the result.
[[nodiscard]] prepare_result prepare(const plan_request& request);

}  // namespace volpol::plan
