// The Backup a plan is for: one Backup or Schedule in a file or a text, or one named among the
// loaded objects (see volpol/detail/k8s/backup.h).
#include <fmt/format.h>

#include "volpol/detail/k8s/backup.h"
#include "volpol/k8s/cluster.h"
#include "volpol/k8s/loader.h"

namespace volpol::k8s {

namespace {

chosen_backup of(const backup& b) { return {b, chosen_backup::from::backup, {}}; }
chosen_backup of(const schedule& s) {
  return {backup_from_schedule(s), chosen_backup::from::schedule, s.metadata.name};
}

bool named(const object_meta& m, std::string_view name) {
  const auto slash = name.find('/');
  if (slash == std::string_view::npos) return m.name == name;
  return m.namespace_ == name.substr(0, slash) && m.name == name.substr(slash + 1);
}

/// The one Backup or Schedule `r` holds, else an error naming `path`.
result<chosen_backup> the_one_backup(const load_result& r, std::string_view path) {
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

load_options backup_load_options() {
  load_options options;
  options.annotations = annotation_filter::all;
  return options;
}

}  // namespace

result<chosen_backup> backup_from_file(const std::string& path) {
  const std::string paths[] = {path};
  return the_one_backup(load_objects(paths, backup_load_options()), path);
}

result<chosen_backup> backup_from_text(std::string_view text, std::string_view source) {
  return the_one_backup(load_text(text, source, backup_load_options()), source);
}

result<chosen_backup> backup_by_name(const cluster& cluster, std::string_view name) {
  for (const backup& b : cluster.backups())
    if (named(b.metadata, name)) return of(b);
  for (const schedule& s : cluster.schedules())
    if (named(s.metadata, name)) return of(s);
  std::string loaded;
  for (const backup& b : cluster.backups())
    loaded += fmt::format("{}Backup {}", loaded.empty() ? "" : ", ", b.metadata.key());
  for (const schedule& s : cluster.schedules())
    loaded += fmt::format("{}Schedule {}", loaded.empty() ? "" : ", ", s.metadata.key());
  diagnostic d = make_error(fmt::format("no Backup or Schedule named `{}` in the input", name));
  d.help = loaded.empty() ? "the input holds no Backup or Schedule; pass --backup FILE"
                          : fmt::format("loaded: {}", loaded);
  return d;
}

}  // namespace volpol::k8s
