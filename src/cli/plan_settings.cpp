// Plan inputs per side (see plan_settings.h).
#include "plan_settings.h"

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <algorithm>

#include "kubectl_grammar.h"
#include "suggest.h"

namespace volpol::cli {

result<void> apply_settings(const std::vector<std::string>& settings, plan_options& opt) {
  if (settings.empty()) return {};
  CLI::App app{"settings"};
  plan_options more;
  add_backup_flags(&app, more);
  app.add_option("--backup", more.backup_file);
  app.add_option("--policy", more.policy_file);
  app.add_option("--global-policy", more.global_policy_file);
  std::vector<std::string> args;
  std::vector<std::string> known;
  for (const CLI::Option* o : app.get_options())
    for (const std::string& l : o->get_lnames()) known.push_back(l);
  for (const std::string& s : settings) {
    const std::string key = s.substr(0, s.find('='));
    if (std::find(known.begin(), known.end(), key) == known.end()) {
      diagnostic d = make_error(fmt::format("unknown setting `{}`", key));
      const std::string near = closest_word(key, known);
      d.help = near.empty() ? "settings are plan flags without their dashes: snapshot-move-data=true, policy=FILE, ..."
                            : fmt::format("did you mean `{}`?", near);
      return d;
    }
    args.push_back("--" + s);  // `snapshot-move-data` alone means true
  }
  std::vector<std::string> rev(args.rbegin(), args.rend());
  try {
    app.parse(rev);
  } catch (const CLI::ParseError& e) {
    std::string help;
    diagnostic d = make_error(volpol_message(e, "", help));
    d.help = help;
    return d;
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
  take(opt.velero_version, more.velero_version, !more.velero_version.empty());
  take(opt.default_volume_snapshot_locations, more.default_volume_snapshot_locations,
       !more.default_volume_snapshot_locations.empty());
  take(opt.custom_action_params, more.custom_action_params, !more.custom_action_params.empty());
  return {};
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
  if (!opt.velero_version.empty()) add("--velero-version", opt.velero_version);
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
