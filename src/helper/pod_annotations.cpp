// Opt-in / opt-out annotation lists (pkg/util/podvolume/pod_volume.go GetVolumesToBackup,
// GetVolumesToExclude; volume_policy_helper.go shouldPerformFSBackupLegacy).
#include "volpol/detail/helper/pod_volumes.h"

namespace volpol::helper {

namespace {

/// Calls f(item) for each item of Go's strings.Split(list, ","); stops when f returns true.
template <class F>
bool for_each_item(std::string_view list, F&& f) {
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = list.find(',', start);
    const std::string_view item = list.substr(start, comma == std::string_view::npos ? comma : comma - start);
    if (f(item)) return true;
    if (comma == std::string_view::npos) return false;
    start = comma + 1;
  }
}

std::vector<std::string> split(std::string_view list) {
  std::vector<std::string> out;
  for_each_item(list, [&](std::string_view item) {
    out.emplace_back(item);
    return false;
  });
  return out;
}

bool contains(std::string_view list, std::string_view name) {
  return for_each_item(list, [&](std::string_view item) { return item == name; });
}

/// The opt-in value, or nothing when Velero's GetVolumesToBackup returns nil.
k8s::string_map::found opt_in_value(const k8s::pod& p) {
  const k8s::string_map::found v = p.metadata.annotation(volumes_to_backup_annotation);
  return v && !v->empty() ? v : k8s::string_map::found();
}

}  // namespace

std::vector<std::string> volumes_to_backup(const k8s::pod& p) {
  const k8s::string_map::found v = opt_in_value(p);
  return v ? split(*v) : std::vector<std::string>{};
}

std::vector<std::string> volumes_to_exclude(const k8s::pod& p) {
  if (!p.metadata.annotations) return {};
  return split(p.metadata.annotation(volumes_to_exclude_annotation).value_or(std::string_view()));
}

bool is_opted_in(const k8s::pod& p, std::string_view volume_name) {
  const k8s::string_map::found v = opt_in_value(p);
  return v && contains(*v, volume_name);
}

bool is_opted_out(const k8s::pod& p, std::string_view volume_name) {
  if (!p.metadata.annotations) return false;
  return contains(p.metadata.annotation(volumes_to_exclude_annotation).value_or(std::string_view()), volume_name);
}

annotation_choice fs_backup_by_annotations(const k8s::pod& p, std::string_view volume_name,
                                           bool default_volumes_to_fs_backup) {
  if (!default_volumes_to_fs_backup) {
    if (is_opted_in(p, volume_name)) return {true, reason::annotation_opt_in};
    return {false, reason::not_opted_in};
  }
  if (is_opted_out(p, volume_name)) return {false, reason::annotation_opt_out};
  return {true, reason::default_fs_backup};
}

}  // namespace volpol::helper
