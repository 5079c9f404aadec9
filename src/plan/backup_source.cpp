// The Backup a plan is for (see backup_source.h).
#include "volpol/plan/backup_source.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "volpol/k8s/loader.h"
#include "volpol/k8s/spelling.h"

namespace volpol::plan {

namespace {

chosen_backup of(const k8s::backup& b) { return {b, chosen_backup::from::backup, {}}; }
chosen_backup of(const k8s::schedule& s) {
  return {k8s::backup_from_schedule(s), chosen_backup::from::schedule, s.metadata.name};
}

bool named(const k8s::object_meta& m, std::string_view name) {
  const auto slash = name.find('/');
  if (slash == std::string_view::npos) return m.name == name;
  return m.namespace_ == name.substr(0, slash) && m.name == name.substr(slash + 1);
}

/// The one Backup or Schedule `r` holds, else an error naming `path`.
result<chosen_backup> the_one_backup(const k8s::load_result& r, std::string_view path) {
  for (const diagnostic& d : r.problems)
    if (d.level == severity::error) return d;
  const auto backups = r.objects.backups();
  const auto schedules = r.objects.schedules();
  if (backups.size() + schedules.size() == 1) {
    chosen_backup c = backups.empty() ? of(schedules.front()) : of(backups.front());
    for (const diagnostic& d : r.problems) c.warnings.add(d);  // errors returned above
    return c;
  }
  std::string found;
  if (!backups.empty()) found = fmt::format("{} Backup", backups.size());
  if (!schedules.empty()) found += fmt::format("{}{} Schedule", found.empty() ? "" : ", ", schedules.size());
  std::string others;
  for (const auto& [kind, n] : r.counts.other_kinds)
    others += fmt::format(", {} {}", n, kind.empty() ? "unknown" : kind);
  diagnostic d = make_error(fmt::format("expected one Velero Backup or Schedule (velero.io/v1), found {}{}",
                                        found.empty() ? "none" : found, others));
  d.where.file = std::string(path);
  return d;
}

k8s::load_options backup_load_options() {
  k8s::load_options options;
  options.annotations = k8s::annotation_filter::all;
  return options;
}

}  // namespace

result<chosen_backup> backup_from_file(const std::string& path) {
  const std::string paths[] = {path};
  return the_one_backup(k8s::load_objects(paths, backup_load_options()), path);
}

result<chosen_backup> backup_from_text(std::string_view text, std::string_view source) {
  return the_one_backup(k8s::load_text(text, source, backup_load_options()), source);
}

result<chosen_backup> backup_by_name(const k8s::cluster& cluster, std::string_view name) {
  for (const k8s::backup& b : cluster.backups())
    if (named(b.metadata, name)) return of(b);
  for (const k8s::schedule& s : cluster.schedules())
    if (named(s.metadata, name)) return of(s);
  std::string loaded;
  for (const k8s::backup& b : cluster.backups())
    loaded += fmt::format("{}Backup {}", loaded.empty() ? "" : ", ", b.metadata.key());
  for (const k8s::schedule& s : cluster.schedules())
    loaded += fmt::format("{}Schedule {}", loaded.empty() ? "" : ", ", s.metadata.key());
  diagnostic d = make_error(fmt::format("no Backup or Schedule named `{}` in the input", name));
  d.help = loaded.empty() ? "the input holds no Backup or Schedule; pass --backup FILE"
                          : fmt::format("loaded: {}", loaded);
  return d;
}

const k8s::config_map* resource_policy_config_map(const k8s::cluster& cluster, const k8s::backup& b) {
  if (b.spec.resource_policy_name.empty() || !equal_fold(b.spec.resource_policy_kind, "configmap")) return nullptr;
  if (!b.metadata.namespace_.empty())
    return cluster.find_config_map(b.metadata.namespace_, b.spec.resource_policy_name);
  for (const k8s::config_map& cm : cluster.config_maps())
    if (cm.metadata.name == b.spec.resource_policy_name) return &cm;
  return nullptr;
}

result<std::string> policy_text_of(const k8s::config_map& cm) {
  if (cm.data.size() != 1) {
    diagnostic d = make_error(
        fmt::format("ConfigMap {}: a resource policy ConfigMap's data must have exactly one key, has {}",
                    cm.metadata.key(), cm.data.size()));
    d.where.file = cm.origin.file;
    d.where.line = cm.origin.line;
    return d;
  }
  return std::string(cm.data.begin()->second);
}

policy::checked_policies check_resource_policy(const k8s::config_map& cm) {
  auto text = policy_text_of(cm);
  if (const diagnostic* e = text.error()) {
    policy::checked_policies failed;
    failed.problems.add(*e);
    return failed;
  }
  policy::text_origin origin;
  origin.file = cm.origin.file;
  origin.object = fmt::format("ConfigMap {}", cm.metadata.key());
  origin.data_key = cm.data.begin()->first;
  origin.exact = false;
  origin.fallback = cm.origin.line > 0 ? value_mark{cm.origin.line, 1} : value_mark{};
  return policy::check_policy_text(*text, origin, policy::policy_use::backup);
}

}  // namespace volpol::plan
