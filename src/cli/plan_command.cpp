#include "volpol/cli/plan_command.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include "volpol/cli/app.h"
#include "volpol/k8s/loader.h"
#include "volpol/cli/plan_gates.h"
#include "volpol/plan/backup_volume_info.h"
#include "volpol/plan/planner.h"
#include "volpol/plan/report.h"
#include "volpol/policy/document.h"
#include "volpol/policy/policies.h"

namespace volpol::cli {

namespace {

constexpr int exit_ok = static_cast<int>(exit_code::ok);
constexpr int exit_errors = static_cast<int>(exit_code::input_errors);
constexpr int exit_usage = static_cast<int>(exit_code::invalid_usage);

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

/// Loads, builds and validates one policy file; every problem goes to `err`.
std::optional<policy::policies> load_policies(const std::string& path, policy::policy_origin origin,
                                              std::FILE* err) {
  auto doc = policy::load_policy_file(path);
  if (const diagnostic* e = doc.error()) {
    std::fprintf(err, "%s\n", e->to_string().c_str());
    return std::nullopt;
  }
  auto built = policy::policies::build(doc.value(), origin);
  if (const diagnostic* e = built.error()) {
    std::fprintf(err, "%s\n", e->to_string().c_str());
    return std::nullopt;
  }
  const diagnostics problems = built->validate();
  for (const diagnostic& d : problems) std::fprintf(err, "%s\n", d.to_string().c_str());
  if (problems.has_errors()) return std::nullopt;
  return std::move(built).value();
}

result<plan::backup_options> backup_options_from(const plan_options& opt) {
  plan::backup_options b;
  if (!opt.backup_file.empty()) {
    std::ifstream in(opt.backup_file, std::ios::binary);
    if (!in) return make_error(fmt::format("--backup: cannot read `{}`", opt.backup_file));
    std::stringstream ss;
    ss << in.rdbuf();
    auto parsed = plan::backup_options_from_backup(ss.str(), opt.backup_file);
    if (const diagnostic* e = parsed.error()) return *e;
    b = std::move(parsed).value();
  }
  struct flag {
    const char* name;
    const std::string& text;
    std::optional<bool>& target;
  } flags[] = {{"snapshot-volumes", opt.snapshot_volumes, b.snapshot_volumes},
               {"default-volumes-to-fs-backup", opt.default_volumes_to_fs_backup, b.default_volumes_to_fs_backup},
               {"snapshot-move-data", opt.snapshot_move_data, b.snapshot_move_data},
               {"include-cluster-resources", opt.include_cluster_resources, b.include_cluster_resources}};
  for (const flag& f : flags) {
    auto v = parse_optional_bool(f.name, f.text);
    if (const diagnostic* e = v.error()) return *e;
    if (v.value()) f.target = v.value();
  }
  if (opt.data_mover) b.data_mover = *opt.data_mover;
  if (!opt.include_namespaces.empty()) b.include_namespaces = opt.include_namespaces;
  if (!opt.exclude_namespaces.empty()) b.exclude_namespaces = opt.exclude_namespaces;
  if (!opt.include_resources.empty()) b.include_resources = opt.include_resources;
  if (!opt.exclude_resources.empty()) b.exclude_resources = opt.exclude_resources;
  return b;
}

result<plan::server_options> server_options_from(const plan_options& opt) {
  plan::server_options s;
  if (opt.features) {
    s.features_given = true;
    s.enable_csi = false;
    std::stringstream ss(*opt.features);
    std::string f;
    while (std::getline(ss, f, ','))
      if (f == "EnableCSI") s.enable_csi = true;
  }
  for (const std::string& l : opt.volume_snapshot_locations) {
    auto parsed = plan::parse_volume_snapshot_location(l);
    if (const diagnostic* e = parsed.error()) return *e;
    s.volume_snapshot_locations.push_back(std::move(parsed).value());
  }
  return s;
}

std::vector<std::string> plan_notes(const plan::backup_options& b, const plan::server_options& s) {
  std::vector<std::string> notes;
  if (!s.features_given)
    notes.emplace_back("EnableCSI assumed on (current Velero installs run with it); --features= turns it off");
  if (s.volume_snapshot_locations.empty())
    notes.emplace_back("no volume snapshot location given: Velero-native snapshots cannot happen "
                       "(--volume-snapshot-locations NAME=PROVIDER)");
  if (!b.snapshot_volumes) notes.emplace_back("snapshotVolumes unset: counts as true where nothing else decides");
  notes.emplace_back("assumed: node agent running on every node; VolumeSnapshotClasses exist for CSI drivers");
  return notes;
}

}  // namespace

CLI::App* setup_plan(CLI::App& app, plan_options& opt) {
  CLI::App* cmd = app.add_subcommand("plan", "Predict what a Velero backup will do with every volume, and why");
  cmd->add_option("--policy", opt.policy_file, "Resource policy: a policy document or its ConfigMap (YAML or JSON)");
  cmd->add_option("--global-policy", opt.global_policy_file,
                  "Global volume policy document or ConfigMap (its volumePolicies apply after the backup's)");
  cmd->add_option("-f,--filename", opt.inputs,
                  "Cluster objects: files, folders, - (stdin), or a Velero backup (.tar.gz or unpacked)")
      ->required();
  cmd->add_option("--backup", opt.backup_file, "Take the backup options from a Velero Backup object (flags override)");
  add_optional_bool(cmd, "--snapshot-volumes", opt.snapshot_volumes,
                    "Take snapshots of PersistentVolumes (unset: snapshot where nothing else decides)");
  add_optional_bool(cmd, "--default-volumes-to-fs-backup", opt.default_volumes_to_fs_backup,
                    "Use pod volume file system backup by default (opt-out mode)");
  add_optional_bool(cmd, "--snapshot-move-data", opt.snapshot_move_data, "Move CSI snapshot data to the backup storage");
  cmd->add_option("--data-mover", opt.data_mover, "Data mover for snapshot data movement (default velero)");
  add_list(cmd, "--include-namespaces", opt.include_namespaces, "Namespaces to include (globs; default *)");
  add_list(cmd, "--exclude-namespaces", opt.exclude_namespaces, "Namespaces to exclude (globs)");
  add_list(cmd, "--include-resources", opt.include_resources, "Resources to include (pods, pvc, pv ...)");
  add_list(cmd, "--exclude-resources", opt.exclude_resources, "Resources to exclude");
  add_optional_bool(cmd, "--include-cluster-resources", opt.include_cluster_resources,
                    "Include cluster-scoped resources (PVs) (unset: only when backing up all namespaces)");
  cmd->add_option("--features", opt.features,
                  "Velero server feature flags (default EnableCSI; --features= or --features=none for none)")
      ->expected(0, 1);
  add_list(cmd, "--volume-snapshot-locations", opt.volume_snapshot_locations,
           "Volume snapshot locations as NAME=PROVIDER (aws, gcp, azure ...)");
  cmd->add_option("-o,--output", opt.output, "Output format")
      ->check(CLI::IsMember({"table", "json", "yaml", "volumeinfo"}))
      ->default_str("table");
  add_fail_on(cmd, opt);
  return cmd;
}

int run_plan(const plan_options& opt, std::FILE* out, std::FILE* err) {
  auto backup = backup_options_from(opt);
  if (const diagnostic* e = backup.error()) {
    std::fprintf(err, "error: %s\n", e->to_string().c_str());
    return exit_usage;
  }
  auto server = server_options_from(opt);
  if (const diagnostic* e = server.error()) {
    std::fprintf(err, "error: %s\n", e->to_string().c_str());
    return exit_usage;
  }
  std::optional<policy::policies> backup_policies, global_policies;
  if (!opt.policy_file.empty()) {
    backup_policies = load_policies(opt.policy_file, policy::policy_origin::backup, err);
    if (!backup_policies) return exit_usage;
  }
  if (!opt.global_policy_file.empty()) {
    global_policies = load_policies(opt.global_policy_file, policy::policy_origin::global, err);
    if (!global_policies) return exit_usage;
  }

  // Only velero.io annotations reach any decision (backup.velero.io/backup-volumes...); the
  // object keeps whether it had annotations at all, which Velero's opt-out list depends on.
  k8s::load_options load;
  load.annotations = k8s::annotation_filter::velero;
  k8s::load_result loaded = k8s::load_objects(opt.inputs, load);
  plan::report_context ctx;
  ctx.inputs = opt.inputs;
  ctx.policy_file = opt.policy_file;
  ctx.global_policy_file = opt.global_policy_file;
  bool input_errors = false;
  for (const diagnostic& d : loaded.problems) {
    ctx.input_problems.push_back(d);
    if (d.level == severity::error) input_errors = true;
    std::fprintf(err, "%s\n", d.to_string().c_str());
  }

  plan::plan_input in;
  in.cluster = &loaded.objects;
  in.backup_policies = backup_policies ? &*backup_policies : nullptr;
  in.global_policies = global_policies ? &*global_policies : nullptr;
  in.backup = backup.value();
  in.server = server.value();
  auto planned = plan::make_plan(in);
  if (const diagnostic* e = planned.error()) {
    std::fprintf(err, "error: %s\n", e->to_string().c_str());
    return exit_usage;
  }
  plan::plan_result& p = planned.value();
  std::vector<std::string> notes = plan_notes(in.backup, in.server);
  notes.insert(notes.end(), p.notes.begin(), p.notes.end());
  p.notes = std::move(notes);

  if (opt.output == "volumeinfo") {
    plan::write_backup_volume_infos(plan::backup_volume_infos(p, loaded.objects), out);
  } else if (opt.output == "json") {
    plan::write_json(p, ctx, out);
  } else if (opt.output == "yaml") {
    plan::write_yaml(p, ctx, out);
  } else {
    const std::string text = plan::render_table(p, ctx);
    std::fwrite(text.data(), 1, text.size(), out);
  }
  return apply_fail_on(opt, p, err, input_errors || p.summary.errors > 0 ? exit_errors : exit_ok);
}

}  // namespace volpol::cli
