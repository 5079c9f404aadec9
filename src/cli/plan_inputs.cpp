// The inputs of every planning command (see plan_inputs.h).
#include "volpol/cli/plan_inputs.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <fstream>
#include <sstream>

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

constexpr int exit_usage = static_cast<int>(exit_code::invalid_usage);

}  // namespace

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

void add_plan_input_flags(CLI::App* cmd, plan_options& opt) {
  cmd->add_option("--policy", opt.policy_file, "Resource policy: a policy document or its ConfigMap (YAML or JSON)");
  cmd->add_option("--global-policy", opt.global_policy_file,
                  "Global volume policy document or ConfigMap (its volumePolicies apply after the backup's)");
  cmd->add_option("-f,--filename", opt.inputs,
                  "Cluster objects: files, folders, - (stdin), or a Velero backup (.tar.gz or unpacked)")
      ->required();
  cmd->add_option("--backup", opt.backup_file, "Take the backup options from a Velero Backup object (flags override)");
  add_backup_flags(cmd, opt);
}

void add_backup_flags(CLI::App* cmd, plan_options& opt) {
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
}

prepare_outcome prepare_plan(const plan_options& opt, bool trace, std::FILE* err) {
  prepare_outcome out;
  auto backup = backup_options_from(opt);
  if (const diagnostic* e = backup.error()) {
    std::fprintf(err, "error: %s\n", e->to_string().c_str());
    out.exit = exit_usage;
    return out;
  }
  auto server = server_options_from(opt);
  if (const diagnostic* e = server.error()) {
    std::fprintf(err, "error: %s\n", e->to_string().c_str());
    out.exit = exit_usage;
    return out;
  }
  auto p = std::make_unique<prepared_plan>();
  p->policies = policy::load_backup_policies({.policy_file = opt.policy_file, .global_policy_file = opt.global_policy_file});
  for (const diagnostic& d : p->policies.problems) std::fprintf(err, "%s\n", d.to_string().c_str());
  if (!p->policies.ok()) {
    out.exit = exit_usage;
    return out;
  }

  // Only velero.io annotations reach any decision (backup.velero.io/backup-volumes...); the
  // object keeps whether it had annotations at all, which Velero's opt-out list depends on.
  k8s::load_options load;
  load.annotations = k8s::annotation_filter::velero;
  p->loaded = k8s::load_objects(opt.inputs, load);
  plan::report_context& ctx = p->context;
  ctx.inputs = opt.inputs;
  ctx.policy_file = opt.policy_file;
  ctx.global_policy_file = opt.global_policy_file;
  for (const diagnostic& d : p->loaded.problems) {
    ctx.input_problems.push_back(d);
    if (d.level == severity::error) p->input_errors = true;
    std::fprintf(err, "%s\n", d.to_string().c_str());
  }

  plan::plan_input& in = p->input;
  in.cluster = &p->loaded.objects;
  in.backup_policies = p->policies.backup ? &*p->policies.backup : nullptr;
  in.global_policies = p->policies.global ? &*p->policies.global : nullptr;
  in.backup = backup.value();
  in.server = server.value();
  in.trace = trace;
  auto planned = plan::make_plan(in);
  if (const diagnostic* e = planned.error()) {
    std::fprintf(err, "error: %s\n", e->to_string().c_str());
    out.exit = exit_usage;
    return out;
  }
  p->result = std::move(planned).value();
  out.plan = std::move(p);
  return out;
}

}  // namespace volpol::cli
