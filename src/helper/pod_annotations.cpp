// Opt-in / opt-out annotation lists (pkg/util/podvolume/pod_volume.go GetVolumesToBackup,
// GetVolumesToExclude; volume_policy_helper.go shouldPerformFSBackupLegacy).
#include "volpol/detail/helper/pod_volumes.h"

namespace volpol::helper {

namespace {

std::vector<std::string> split(std::string_view list) {
  std::vector<std::string> out;
  k8s::for_each_split_item(list, [&](std::string_view item) {
    out.emplace_back(item);
    return false;
  });
  return out;
}

bool contains(std::string_view list, std::string_view name) {
  return k8s::for_each_split_item(list, [&](std::string_view item) { return item == name; });
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

bool is_opted_in(const k8s::pod& p, const k8s::pod_volume& v) {
  return p.annotation_lists_indexed ? v.listed_in_backup_volumes : is_opted_in(p, v.name.view());
}

bool is_opted_out(const k8s::pod& p, const k8s::pod_volume& v) {
  return p.annotation_lists_indexed ? v.listed_in_backup_volumes_excludes : is_opted_out(p, v.name.view());
}

namespace {

annotation_choice by_annotations(bool default_volumes_to_fs_backup, bool opted_in, bool opted_out) {
  if (!default_volumes_to_fs_backup)
    return opted_in ? annotation_choice{true, reason::annotation_opt_in}
                    : annotation_choice{false, reason::not_opted_in};
  return opted_out ? annotation_choice{false, reason::annotation_opt_out}
                   : annotation_choice{true, reason::default_fs_backup};
}

}  // namespace

annotation_choice fs_backup_by_annotations(const k8s::pod& p, std::string_view volume_name,
                                           bool default_volumes_to_fs_backup) {
  // The other mode's annotation is not read.
  return by_annotations(default_volumes_to_fs_backup, !default_volumes_to_fs_backup && is_opted_in(p, volume_name),
                        default_volumes_to_fs_backup && is_opted_out(p, volume_name));
}

annotation_choice fs_backup_by_annotations(const k8s::pod& p, const k8s::pod_volume& v,
                                           bool default_volumes_to_fs_backup) {
  return by_annotations(default_volumes_to_fs_backup, !default_volumes_to_fs_backup && is_opted_in(p, v),
                        default_volumes_to_fs_backup && is_opted_out(p, v));
}

}  // namespace volpol::helper
