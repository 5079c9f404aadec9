// The backup and server flags shared by `diff` and `audit` (see backup_flags.h).
#include "volpol/cli/backup_flags.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <fstream>
#include <sstream>

namespace volpol::cli {

namespace {

void optional_bool(CLI::App* cmd, const std::string& name, std::string& target, const std::string& help) {
  cmd->add_flag(name + "{true}", target, help);  // `--flag` true, `--flag=false` false, absent unset
}

void list(CLI::App* cmd, const std::string& name, std::vector<std::string>& target, const std::string& help) {
  cmd->add_option(name, target, help)->delimiter(',')->type_name("LIST");
}

result<std::optional<bool>> parse_bool(const std::string& flag, const std::string& text) {
  if (text.empty()) return std::optional<bool>{};
  if (text == "true") return std::optional<bool>{true};
  if (text == "false") return std::optional<bool>{false};
  return make_error(fmt::format("--{}: invalid value `{}`, expected `true` or `false`", flag, text));
}

}  // namespace

void add_backup_flags(CLI::App* cmd, plan_options& opt) {
  optional_bool(cmd, "--snapshot-volumes", opt.snapshot_volumes,
                "Take snapshots of PersistentVolumes (unset: snapshot where nothing else decides)");
  optional_bool(cmd, "--default-volumes-to-fs-backup", opt.default_volumes_to_fs_backup,
                "Use pod volume file system backup by default (opt-out mode)");
  optional_bool(cmd, "--snapshot-move-data", opt.snapshot_move_data, "Move CSI snapshot data to the backup storage");
  cmd->add_option("--data-mover", opt.data_mover, "Data mover for snapshot data movement (default velero)");
  list(cmd, "--include-namespaces", opt.include_namespaces, "Namespaces to include (globs; default *)");
  list(cmd, "--exclude-namespaces", opt.exclude_namespaces, "Namespaces to exclude (globs)");
  list(cmd, "--include-resources", opt.include_resources, "Resources to include (pods, pvc, pv ...)");
  list(cmd, "--exclude-resources", opt.exclude_resources, "Resources to exclude");
  optional_bool(cmd, "--include-cluster-resources", opt.include_cluster_resources,
                "Include cluster-scoped resources (PVs) (unset: only when backing up all namespaces)");
  cmd->add_option("--features", opt.features, "Velero server feature flags (default EnableCSI; --features= for none)")
      ->expected(0, 1);
  list(cmd, "--volume-snapshot-locations", opt.volume_snapshot_locations,
       "Volume snapshot locations as NAME=PROVIDER (aws, gcp, azure ...)");
}

result<plan::backup_options> backup_from_flags(const plan_options& opt) {
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
    auto v = parse_bool(f.name, f.text);
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

result<plan::server_options> server_from_flags(const plan_options& opt) {
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

result<void> apply_settings(const std::vector<std::string>& settings, plan_options& opt) {
  if (settings.empty()) return {};
  CLI::App app{"settings"};
  plan_options more;
  add_backup_flags(&app, more);
  app.add_option("--backup", more.backup_file);
  app.add_option("--policy", more.policy_file);
  app.add_option("--global-policy", more.global_policy_file);
  std::vector<std::string> args;
  for (const std::string& s : settings) args.push_back("--" + s);  // `snapshot-move-data` alone means true
  std::vector<std::string> rev(args.rbegin(), args.rend());
  try {
    app.parse(rev);
  } catch (const CLI::ParseError& e) {
    return make_error(fmt::format("setting: {}", e.what()));
  }
  // Only what the settings give replaces `opt`'s.
  auto take = [](auto& target, const auto& given, bool present) {
    if (present) target = given;
  };
  take(opt.snapshot_volumes, more.snapshot_volumes, !more.snapshot_volumes.empty());
  take(opt.default_volumes_to_fs_backup, more.default_volumes_to_fs_backup, !more.default_volumes_to_fs_backup.empty());
  take(opt.snapshot_move_data, more.snapshot_move_data, !more.snapshot_move_data.empty());
  take(opt.include_cluster_resources, more.include_cluster_resources, !more.include_cluster_resources.empty());
  take(opt.data_mover, more.data_mover, more.data_mover.has_value());
  take(opt.include_namespaces, more.include_namespaces, !more.include_namespaces.empty());
  take(opt.exclude_namespaces, more.exclude_namespaces, !more.exclude_namespaces.empty());
  take(opt.include_resources, more.include_resources, !more.include_resources.empty());
  take(opt.exclude_resources, more.exclude_resources, !more.exclude_resources.empty());
  take(opt.features, more.features, more.features.has_value());
  take(opt.volume_snapshot_locations, more.volume_snapshot_locations, !more.volume_snapshot_locations.empty());
  take(opt.backup_file, more.backup_file, !more.backup_file.empty());
  take(opt.policy_file, more.policy_file, !more.policy_file.empty());
  take(opt.global_policy_file, more.global_policy_file, !more.global_policy_file.empty());
  return {};
}

result<verify::scenario> scenario_from(const plan_options& opt) {
  verify::scenario s;
  s.policy.path = opt.policy_file;
  s.global_policy.path = opt.global_policy_file;
  s.cluster_paths = opt.inputs;
  auto b = backup_from_flags(opt);
  if (const diagnostic* e = b.error()) return *e;
  s.backup = std::move(b).value();
  auto v = server_from_flags(opt);
  if (const diagnostic* e = v.error()) return *e;
  s.server = std::move(v).value();
  return s;
}

std::string describe_inputs(const plan_options& opt) {
  std::string out;
  auto add = [&](std::string_view flag, const std::string& value) {
    if (!out.empty()) out += ' ';
    out += value.empty() ? std::string(flag) : fmt::format("{} {}", flag, value);
  };
  auto join = [](const std::vector<std::string>& v) {
    std::string j;
    for (const std::string& s : v) j += (j.empty() ? "" : ",") + s;
    return j;
  };
  if (!opt.policy_file.empty()) add("--policy", opt.policy_file);
  if (!opt.global_policy_file.empty()) add("--global-policy", opt.global_policy_file);
  for (const std::string& f : opt.inputs) add("-f", f);
  if (!opt.backup_file.empty()) add("--backup", opt.backup_file);
  auto flag = [&](const char* name, const std::string& v) {
    if (!v.empty()) add(fmt::format("--{}={}", name, v), "");
  };
  flag("snapshot-volumes", opt.snapshot_volumes);
  flag("default-volumes-to-fs-backup", opt.default_volumes_to_fs_backup);
  flag("snapshot-move-data", opt.snapshot_move_data);
  flag("include-cluster-resources", opt.include_cluster_resources);
  if (opt.data_mover) flag("data-mover", *opt.data_mover);
  flag("include-namespaces", join(opt.include_namespaces));
  flag("exclude-namespaces", join(opt.exclude_namespaces));
  flag("include-resources", join(opt.include_resources));
  flag("exclude-resources", join(opt.exclude_resources));
  if (opt.features) add(fmt::format("--features={}", *opt.features), "");
  flag("volume-snapshot-locations", join(opt.volume_snapshot_locations));
  return out.empty() ? std::string("(no inputs)") : out;
}

}  // namespace volpol::cli
