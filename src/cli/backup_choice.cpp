// --backup FILE|NAME, the Backup's policy ConfigMap, the ignored-kinds note (backup_choice.h).
#include "backup_choice.h"

#include <fmt/format.h>

#include <filesystem>

#include "volpol/plan/backup_source.h"

namespace volpol::cli {

result<backup_choice> choose_backup(const std::string& arg, const k8s::cluster& loaded) {
  backup_choice c;
  if (arg.empty()) return c;
  std::error_code ec;
  const bool is_file = arg == "-" || std::filesystem::is_regular_file(arg, ec);
  const bool looks_like_file = arg.find('/') != std::string::npos || arg.ends_with(".yaml") || arg.ends_with(".yml") ||
                               arg.ends_with(".json");
  if (!is_file && looks_like_file && arg.find('/') != arg.rfind('/'))  // ns/name has one slash
    return make_error(fmt::format("cannot read `{}`: no such file", arg));
  if (!is_file && (arg.ends_with(".yaml") || arg.ends_with(".yml") || arg.ends_with(".json")))
    return make_error(fmt::format("cannot read `{}`: no such file", arg));
  auto chosen = is_file ? k8s::backup_from_file(arg) : k8s::backup_by_name(loaded, arg);
  if (const diagnostic* e = chosen.error()) return *e;
  c.options = plan::backup_options_from(chosen->backup);
  c.from_schedule = chosen->source == k8s::chosen_backup::from::schedule;
  if (c.from_schedule) c.options.schedule_name = chosen->schedule_name;
  c.warnings = std::move(chosen->warnings);
  c.backup = std::move(chosen->backup);
  return c;
}

std::optional<policy::checked_policies> policy_from_backup(const k8s::backup& b, const k8s::cluster& loaded,
                                                           std::string& missing) {
  missing.clear();
  if (b.spec.resource_policy_name.empty()) return std::nullopt;
  const k8s::config_map* cm = plan::resource_policy_config_map(loaded, b);
  if (cm == nullptr) {
    missing = b.metadata.namespace_.empty() ? b.spec.resource_policy_name
                                            : b.metadata.namespace_ + "/" + b.spec.resource_policy_name;
    return std::nullopt;
  }
  return plan::check_resource_policy(*cm);
}

std::string ignored_kinds_note(const k8s::load_counts& counts) {
  std::string out;
  for (const auto& [kind, n] : counts.other_kinds)
    out += fmt::format("{}{} {}", out.empty() ? "ignored: " : ", ", n, kind.empty() ? "unknown" : kind);
  for (const auto& [resource, n] : counts.other_resources)
    out += fmt::format("{}{} {} (Velero backup entries)", out.empty() ? "ignored: " : ", ", n, resource);
  return out;
}

}  // namespace volpol::cli
