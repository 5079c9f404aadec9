// load_backup_policies (see backup_policies.h).
#include "volpol/policy/backup_policies.h"

namespace volpol::policy {

loaded_policies load_backup_policies(const backup_policy_files& files) {
  loaded_policies out;
  const auto load = [&](const std::string& path, policy_use use, std::optional<policies>& into) {
    if (path.empty()) return;
    checked_policies checked = check_policy_file(path, use, files.validate, files.limits, files.version);
    out.problems.append(checked.problems);
    if (checked.ok()) into = std::move(checked.built);
  };
  const auto load_text = [&](const config_map_text& cm, policy_use use, std::optional<policies>& into) {
    text_origin origin{.file = cm.source};
    origin.version = files.version;
    checked_policies checked = check_policy_or_config_map_text(cm.text, origin, use, files.validate);
    out.problems.append(checked.problems);
    if (checked.ok()) into = std::move(checked.built);
  };
  if (files.policy_config_map) load_text(*files.policy_config_map, policy_use::backup, out.backup);
  else load(files.policy_file, policy_use::backup, out.backup);
  if (files.global_config_map) load_text(*files.global_config_map, policy_use::global, out.global);
  else load(files.global_policy_file, policy_use::global, out.global);
  return out;
}

std::shared_ptr<const policies> merged_policies(const loaded_policies& p) {
  if (!p.backup && !p.global) return nullptr;
  if (!p.backup) return std::make_shared<const policies>(*p.global);
  auto merged = std::make_shared<policies>(*p.backup);
  if (p.global) merged->merge_global(*p.global);
  return merged;
}

}  // namespace volpol::policy
