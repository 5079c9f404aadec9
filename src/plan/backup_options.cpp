#include "volpol/plan/backup_options.h"

#include <string>

#include "volpol/policy/action.h"

namespace volpol::plan {

std::string effective_data_mover(std::string_view from_policy, std::string_view from_backup, velero_version release) {
  if (!has(release, velero_feature::policy_data_mover))
    return from_backup.empty() ? std::string(policy::data_mover_velero) : std::string(from_backup);
  if (!from_policy.empty()) return std::string(from_policy);
  if (from_backup.empty() || from_backup == policy::data_mover_velero) {
    return std::string(policy::default_builtin_data_mover);  // prepareBackupRequest
  }
  return std::string(from_backup);
}

backup_options backup_options_from(const k8s::backup& b) {
  backup_options o;
  const k8s::backup_spec& s = b.spec;
  if (!b.metadata.name.empty()) o.name = b.metadata.name;
  if (!b.metadata.namespace_.empty()) o.namespace_ = b.metadata.namespace_;
  if (b.metadata.annotations) o.annotations = *b.metadata.annotations;
  if (const auto s_name = b.metadata.labels.find("velero.io/schedule-name")) o.schedule_name = *s_name;
  o.snapshot_volumes = s.snapshot_volumes;
  o.default_volumes_to_fs_backup = s.default_volumes_to_fs_backup;
  o.snapshot_move_data = s.snapshot_move_data;
  o.data_mover = s.data_mover;
  o.include_namespaces = s.included_namespaces;
  o.exclude_namespaces = s.excluded_namespaces;
  o.include_resources = s.included_resources;
  o.exclude_resources = s.excluded_resources;
  o.include_cluster_resources = s.include_cluster_resources;
  o.include_cluster_scoped_resources = s.included_cluster_scoped_resources;
  o.exclude_cluster_scoped_resources = s.excluded_cluster_scoped_resources;
  o.include_namespace_scoped_resources = s.included_namespace_scoped_resources;
  o.exclude_namespace_scoped_resources = s.excluded_namespace_scoped_resources;
  o.label_selector = s.label_selector;
  o.or_label_selectors = s.or_label_selectors;
  o.volume_snapshot_locations = s.volume_snapshot_locations;
  return o;
}

k8s::backup_spec to_backup_spec(const backup_options& o) {
  k8s::backup_spec s;
  s.included_namespaces = o.include_namespaces;
  s.excluded_namespaces = o.exclude_namespaces;
  s.included_resources = o.include_resources;
  s.excluded_resources = o.exclude_resources;
  s.include_cluster_resources = o.include_cluster_resources;
  s.included_cluster_scoped_resources = o.include_cluster_scoped_resources;
  s.excluded_cluster_scoped_resources = o.exclude_cluster_scoped_resources;
  s.included_namespace_scoped_resources = o.include_namespace_scoped_resources;
  s.excluded_namespace_scoped_resources = o.exclude_namespace_scoped_resources;
  s.label_selector = o.label_selector;
  s.or_label_selectors = o.or_label_selectors;
  s.snapshot_volumes = o.snapshot_volumes;
  s.default_volumes_to_fs_backup = o.default_volumes_to_fs_backup;
  s.snapshot_move_data = o.snapshot_move_data;
  s.data_mover = o.data_mover;
  s.volume_snapshot_locations = o.volume_snapshot_locations;
  return s;
}

}  // namespace volpol::plan
