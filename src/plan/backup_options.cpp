#include "volpol/plan/backup_options.h"

#include <yaml-cpp/yaml.h>

#include <string>

#include "volpol/core/value_yaml.h"
#include "volpol/policy/action.h"

namespace volpol::plan {

namespace {

diagnostic field_error(std::string_view source, const YAML::Node& n, std::string path, std::string what) {
  diagnostic d = make_error(std::move(what), std::move(path));
  d.where.file = std::string(source);
  const auto m = n.Mark();
  if (!m.is_null()) {
    d.where.line = static_cast<std::uint32_t>(m.line + 1);
    d.where.column = static_cast<std::uint32_t>(m.column + 1);
  }
  return d;
}

result<std::optional<bool>> read_bool(std::string_view source, const YAML::Node& spec, const char* key) {
  const YAML::Node n = spec[key];
  if (!n || n.IsNull()) return std::optional<bool>{};
  bool b = false;
  if (!n.IsScalar() || !YAML::convert<bool>::decode(n, b))
    return field_error(source, n, std::string("spec.") + key, "expected `true` or `false`");
  return std::optional<bool>{b};
}

result<std::vector<std::string>> read_list(std::string_view source, const YAML::Node& spec, const char* key) {
  std::vector<std::string> out;
  const YAML::Node n = spec[key];
  if (!n || n.IsNull()) return out;
  if (!n.IsSequence()) return field_error(source, n, std::string("spec.") + key, "expected a list of strings");
  for (const YAML::Node& item : n) {
    if (!item.IsScalar()) return field_error(source, item, std::string("spec.") + key, "expected a string");
    out.push_back(item.Scalar());
  }
  return out;
}

}  // namespace

result<backup_options> backup_options_from_backup(std::string_view text, std::string_view source) {
  YAML::Node root;
  try {
    root = YAML::Load(std::string(text));
    repair_yaml_escapes(root, text);
  } catch (const YAML::Exception& e) {
    diagnostic d = make_error("not a Velero Backup object: " + e.msg);
    d.where.file = std::string(source);
    d.where.line = static_cast<std::uint32_t>(e.mark.line + 1);
    d.where.column = static_cast<std::uint32_t>(e.mark.column + 1);
    return d;
  }
  if (!root.IsMap() || !root["kind"] || root["kind"].Scalar() != "Backup") {
    diagnostic d = make_error("not a Velero Backup object (expected `kind: Backup`)");
    d.where.file = std::string(source);
    return d;
  }
  backup_options o;
  if (root["metadata"] && root["metadata"]["name"]) o.name = root["metadata"]["name"].Scalar();
  const YAML::Node spec = root["spec"];
  if (!spec || spec.IsNull()) return o;
  if (!spec.IsMap()) return field_error(source, spec, "spec", "expected a mapping");

  auto b1 = read_bool(source, spec, "snapshotVolumes");
  if (!b1) return *b1.error();
  o.snapshot_volumes = *b1;
  auto b2 = read_bool(source, spec, "defaultVolumesToFsBackup");
  if (!b2) return *b2.error();
  o.default_volumes_to_fs_backup = *b2;
  auto b3 = read_bool(source, spec, "snapshotMoveData");
  if (!b3) return *b3.error();
  o.snapshot_move_data = *b3;
  auto b4 = read_bool(source, spec, "includeClusterResources");
  if (!b4) return *b4.error();
  o.include_cluster_resources = *b4;
  if (spec["datamover"] && spec["datamover"].IsScalar()) o.data_mover = spec["datamover"].Scalar();

  struct list_field {
    const char* key;
    std::vector<std::string>* out;
  } lists[] = {{"includedNamespaces", &o.include_namespaces},
               {"excludedNamespaces", &o.exclude_namespaces},
               {"includedResources", &o.include_resources},
               {"excludedResources", &o.exclude_resources}};
  for (const auto& f : lists) {
    auto l = read_list(source, spec, f.key);
    if (!l) return *l.error();
    *f.out = std::move(l).value();
  }
  return o;
}

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
