// The inputs of every planning command (see plan_inputs.h): the flags bound to a
// plan::plan_request, plan::prepare called, its problems printed, its status an exit code.
#include "plan_inputs.h"

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <optional>

#include "capped_problems.h"
#include "input_limit_flags.h"
#include "load_progress.h"
#include "output_format.h"
#include "phase_timings.h"
#include "velero_version_flag.h"
#include "volpol/cli/app.h"

namespace volpol::cli {

namespace {

void add_optional_bool(CLI::App* cmd, const std::string& name, std::string& target, const std::string& help) {
  // `--flag` means true, `--flag=false` false, absent unset (Velero's flag.OptionalBool).
  cmd->add_flag(name + "{true}", target, help);
}

void add_list(CLI::App* cmd, const std::string& name, std::vector<std::string>& target, const std::string& help) {
  cmd->add_option(name, target, help)->delimiter(',')->type_name("LIST");
}

result<std::optional<bool>> parse_optional_bool(const std::string& flag, const std::string& text) {
  if (text.empty()) return std::optional<bool>{};
  if (text == "true") return std::optional<bool>{true};
  if (text == "false") return std::optional<bool>{false};
  return make_error(fmt::format("--{}: invalid value `{}`, expected `true` or `false`", flag, text));
}

}  // namespace

void add_plan_input_flags(CLI::App* cmd, plan_options& opt) {
  cmd->add_option("--policy", opt.policy_file, "Resource policy: a policy document or its ConfigMap (YAML or JSON)");
  cmd->add_option("--global-policy", opt.global_policy_file,
                  "Global volume policy document or ConfigMap (its volumePolicies apply after the backup's)");
  cmd->add_option("-f,--filename", opt.inputs,
                  "Cluster objects: files, folders, - (stdin), or a Velero backup (.tar.gz or unpacked); "
                  "or --cluster. Repeat it, or separate with commas, as kubectl's -f")
      ->delimiter(',');
  cmd->add_option("--backup", opt.backup_file,
                  "Take the backup options from a Velero Backup or Schedule: a file, or the name of one in the "
                  "-f inputs (flags override)");
  add_backup_flags(cmd, opt);
  add_input_limit_flags(cmd, opt.limits);
  cmd->add_option("--threads", opt.threads,
                  "Threads that parse a large JSON or YAML input, help the backup walk and write -o json/yaml (0: "
                  "one per core; 1: one thread). The plan is the same whatever the number")
      ->check(CLI::Range(0u, 256u))
      ->type_name("N")
      ->capture_default_str();
  add_cluster_flags(cmd, opt.cluster);
}

void add_backup_flags(CLI::App* cmd, plan_options& opt) {
  add_optional_bool(cmd, "--snapshot-volumes", opt.snapshot_volumes,
                    "Take snapshots of PersistentVolumes (unset: snapshot where nothing else decides)");
  add_optional_bool(cmd, "--default-volumes-to-fs-backup", opt.default_volumes_to_fs_backup,
                    "Use pod volume file system backup by default (opt-out mode)");
  add_optional_bool(cmd, "--snapshot-move-data", opt.snapshot_move_data,
                    "Move CSI snapshot data to the backup storage");
  cmd->add_option("--data-mover", opt.data_mover,
                  "Data mover for snapshot data movement (default velero-fs; \"velero\" means it too)");
  CLI::Option* namespaces = cmd->add_option("-n,--namespace,--include-namespaces", opt.include_namespaces,
                                            "Namespaces to include (globs; default *); -n as in kubectl");
  namespaces->delimiter(',')->type_name("LIST");
  // kubectl's -A: every namespace (Velero's default, `--include-namespaces '*'`).
  cmd->add_flag_callback(
         "-A,--all-namespaces", [&opt] { opt.include_namespaces = {"*"}; },
         "Every namespace (--include-namespaces '*', the default); not with -n")
      ->excludes(namespaces);
  add_list(cmd, "--exclude-namespaces", opt.exclude_namespaces, "Namespaces to exclude (globs)");
  add_list(cmd, "--include-resources", opt.include_resources, "Resources to include (pods, pvc, pv ...)");
  add_list(cmd, "--exclude-resources", opt.exclude_resources, "Resources to exclude");
  add_optional_bool(cmd, "--include-cluster-resources", opt.include_cluster_resources,
                    "Include cluster-scoped resources (PVs) (unset: only when backing up all namespaces)");
  cmd->add_option("--features", opt.features,
                  "Velero server feature flags (default EnableCSI; --features= or --features=none for none)")
      ->expected(0, 1);
  add_list(cmd, "--volume-snapshot-locations", opt.volume_snapshot_locations,
           "Volume snapshot locations as NAME=PROVIDER (aws, gcp, azure ...), beside the VolumeSnapshotLocation "
           "objects in the inputs");
  cmd->add_option("--default-volume-snapshot-locations", opt.default_volume_snapshot_locations,
                  "The Velero server's default location per provider, as its flag takes it (aws:vsl-west,gcp:gcp-1)");
  add_velero_version_flag(cmd, opt.velero_version, /*reads_cluster=*/true);
  cmd->add_option("--custom-action-params", opt.custom_action_params,
                  "Mark the PVCs a plugin calling ShouldPerformCustomAction with these parameters takes "
                  "(key=value[,key=value]; values typed as YAML: true, 1, text)");
}

namespace {

void print_usage_hint(std::FILE* err, const std::string& command) {
  std::fprintf(err, "see `volpol %s --help`\n", command.c_str());
}

/// The live-cluster flags given without --cluster (the request has no cluster then, so the
/// command line says it). @return false (written to `err`, with the usage hint) when one is.
bool live_flags_need_cluster(const plan_options& opt, std::FILE* err) {
  if (opt.cluster.cluster || opt.inputs.empty()) return true;  // plan::prepare checks the rest
  const cluster_flags& c = opt.cluster;
  for (const std::string& flag :
       {std::string(!c.context.empty() ? "--context" : ""), std::string(!c.kubeconfig.empty() ? "--kubeconfig" : ""),
        std::string(c.kubectl != "kubectl" ? "--kubectl" : ""),
        std::string(!c.resource_policies_configmap.empty() ? "--resource-policies-configmap" : ""),
        std::string(!c.global_policies_configmap.empty() ? "--global-backup-volume-policies-configmap" : ""),
        std::string(!c.from_backup.empty() ? "--from-backup" : ""),
        std::string(!c.from_schedule.empty() ? "--from-schedule" : ""),
        std::string(c.chunk_size != 500 ? "--chunk-size" : "")})
    if (!flag.empty()) {
      std::fprintf(err, "error: %s reads the live cluster: add --cluster\n", flag.c_str());
      print_usage_hint(err, opt.command);
      return false;
    }
  return true;
}

/// The prepare_result's problems on `err`, in order: `error: ` before the errors (a policy's
/// as `volpol validate` writes them), the usage hint after a wrong request, the objects' at
/// most 20 alike (capped_problems; every one is in the machine formats).
void print_problems(const std::vector<plan::request_problem>& problems, const std::string& command, std::FILE* err) {
  std::optional<capped_problems> objects;
  for (const plan::request_problem& p : problems) {
    if (p.source == plan::problem_source::objects) {
      if (!objects) objects.emplace(err);
      objects->write(p.what);
      continue;
    }
    objects.reset();  // its summaries now, after the objects' problems
    const bool error = p.what.level == severity::error && p.source != plan::problem_source::policy;
    std::string line = p.what.to_string();
    if (!p.flag.empty()) line = p.flag + ": " + line;
    std::fprintf(err, "%s%s\n", error ? "error: " : "", line.c_str());
    if (p.see_help) print_usage_hint(err, command);
  }
}

}  // namespace

result<plan::plan_request> plan_request_of(const plan_options& opt) {
  plan::plan_request r;
  r.policy_file = opt.policy_file;
  r.global_policy_file = opt.global_policy_file;
  r.inputs = opt.inputs;
  if (opt.cluster.cluster) r.cluster = opt.cluster;  // its k8s::live_cluster_source
  r.backup = opt.backup_file;
  struct flag {
    const char* name;
    const std::string& text;
    std::optional<bool>& target;
  } flags[] = {{"snapshot-volumes", opt.snapshot_volumes, r.snapshot_volumes},
               {"default-volumes-to-fs-backup", opt.default_volumes_to_fs_backup, r.default_volumes_to_fs_backup},
               {"snapshot-move-data", opt.snapshot_move_data, r.snapshot_move_data},
               {"include-cluster-resources", opt.include_cluster_resources, r.include_cluster_resources}};
  for (const flag& f : flags) {
    auto v = parse_optional_bool(f.name, f.text);
    if (const diagnostic* e = v.error()) return *e;
    f.target = v.value();
  }
  r.data_mover = opt.data_mover;
  r.include_namespaces = opt.include_namespaces;
  r.exclude_namespaces = opt.exclude_namespaces;
  r.include_resources = opt.include_resources;
  r.exclude_resources = opt.exclude_resources;
  r.features = opt.features;
  r.volume_snapshot_locations = opt.volume_snapshot_locations;
  r.default_volume_snapshot_locations = opt.default_volume_snapshot_locations;
  r.custom_action_params = opt.custom_action_params;
  r.velero = velero_version_of_flag(opt.velero_version);
  r.limits = opt.limits;
  r.threads = opt.threads;
  r.inputs_only = opt.inputs_only;
  return r;
}

prepare_outcome::~prepare_outcome() {
  if (skip_free_before_exit) static_cast<void>(plan.release());  // see app.h
}

prepare_outcome prepare_plan(const plan_options& opt, bool trace, std::FILE* err, bool policy_warnings_to_err) {
  prepare_outcome out;
  out.exit = exit_usage;
  auto made = plan_request_of(opt);
  if (const diagnostic* e = made.error()) {
    std::fprintf(err, "error: %s\n", e->to_string().c_str());
    print_usage_hint(err, opt.command);
    return out;
  }
  if (!live_flags_need_cluster(opt, err)) return out;
  plan::plan_request request = std::move(made).value();
  request.trace = trace;
  request.policy_warnings = policy_warnings_to_err;
  std::atomic<std::uint64_t> objects_read{0};
  request.objects_read = &objects_read;
  std::optional<load_progress> progress;  // a status line on a terminal, while the objects load
  std::optional<phase_timing> timing;     // VOLPOL_TIMINGS=1: load and plan
  request.on_phase = [&](const char* phase, bool started) {
    if (started) {
      if (std::string_view(phase) == "load") progress.emplace(err, &objects_read);
      timing.emplace(phase);
      return;
    }
    timing.reset();
    progress.reset();
  };
  plan::prepare_result prepared = plan::prepare(request);
  print_problems(prepared.problems, opt.command, err);
  switch (prepared.status) {
    case plan::prepare_status::planned: out.exit = 0; break;
    case plan::prepare_status::invalid: out.exit = exit_usage; break;
    case plan::prepare_status::unreadable: out.exit = exit_unreadable; break;
  }
  out.plan = std::move(prepared.plan);
  // Each object problem once: on stderr above; the machine formats carry them too, the table
  // does not repeat them.
  const std::optional<output_format> format = output_format_named(opt.output);
  if (out.plan && (format == output_format::table || format == output_format::wide))
    out.plan->context.input_problems.clear();
  return out;
}

}  // namespace volpol::cli
