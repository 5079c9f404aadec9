// velero.io/v1 Backup and Schedule from their generic value; the Backup a Schedule creates.
#include "volpol/detail/k8s/backup.h"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "volpol/detail/k8s/object_value.h"
#include "volpol/k8s/spelling.h"

namespace volpol::k8s {

namespace {

using namespace value_fields;

#define VOLPOL_TRY(target, expr)                       \
  do {                                                 \
    auto r_ = (expr);                                  \
    if (const diagnostic* e_ = r_.error()) return *e_; \
    (target) = std::move(r_).value();                  \
  } while (false)

const value& field(const value& m, std::string_view key) {
  static const value none;
  const value* v = m.find(key);
  return v != nullptr ? *v : none;
}

result<void> expect_mapping(const value& v, std::string path) {
  if (v.is_null() || v.is_mapping()) return {};
  return make_error("expected a mapping", std::move(path));
}

}  // namespace

result<backup_spec> backup_spec_from_value(const value& spec, std::string_view path) {
  backup_spec s;
  if (auto r = expect_mapping(spec, std::string(path)); !r) return *r.error();
  const std::string p(path);
  struct list_field {
    const char* key;
    std::vector<std::string>* out;
  } lists[] = {
      {"includedNamespaces", &s.included_namespaces},
      {"excludedNamespaces", &s.excluded_namespaces},
      {"includedResources", &s.included_resources},
      {"excludedResources", &s.excluded_resources},
      {"includedClusterScopedResources", &s.included_cluster_scoped_resources},
      {"excludedClusterScopedResources", &s.excluded_cluster_scoped_resources},
      {"includedNamespaceScopedResources", &s.included_namespace_scoped_resources},
      {"excludedNamespaceScopedResources", &s.excluded_namespace_scoped_resources},
      {"volumeSnapshotLocations", &s.volume_snapshot_locations},
  };
  for (const list_field& f : lists) VOLPOL_TRY(*f.out, strings_at(spec, f.key, p));
  VOLPOL_TRY(s.include_cluster_resources, bool_at(spec, "includeClusterResources", p));
  VOLPOL_TRY(s.snapshot_volumes, bool_at(spec, "snapshotVolumes", p));
  VOLPOL_TRY(s.default_volumes_to_fs_backup, bool_at(spec, "defaultVolumesToFsBackup", p));
  VOLPOL_TRY(s.snapshot_move_data, bool_at(spec, "snapshotMoveData", p));
  VOLPOL_TRY(s.data_mover, string_at(spec, "datamover", p));
  VOLPOL_TRY(s.storage_location, string_at(spec, "storageLocation", p));
  VOLPOL_TRY(s.ttl, string_at(spec, "ttl", p));
  VOLPOL_TRY(s.label_selector, label_selector_at(spec, "labelSelector", p));
  const value& ors = field(spec, "orLabelSelectors");
  if (!ors.is_null()) {
    if (!ors.is_sequence()) return make_error("expected a list of label selectors", p + ".orLabelSelectors");
    for (std::size_t i = 0; i < ors.items().size(); ++i) {
      // Each item is read as the value of a one-entry mapping, to reuse label_selector_at.
      value wrapper = value::make_mapping({{"s", ors.items()[i]}});
      std::optional<label_selector_spec> one;
      VOLPOL_TRY(one, label_selector_at(wrapper, "s", ""));
      if (!one && !ors.items()[i].is_null())
        return make_error("expected a label selector", fmt::format("{}.orLabelSelectors[{}]", p, i));
      s.or_label_selectors.push_back(one.value_or(label_selector_spec{}));
    }
  }
  const value& rp = field(spec, "resourcePolicy");
  if (auto r = expect_mapping(rp, p + ".resourcePolicy"); !r) return *r.error();
  VOLPOL_TRY(s.resource_policy_kind, string_at(rp, "kind", p + ".resourcePolicy"));
  VOLPOL_TRY(s.resource_policy_name, string_at(rp, "name", p + ".resourcePolicy"));
  return s;
}

result<backup> backup_from_value(object_meta meta, object_origin origin, const value& body) {
  backup b;
  b.metadata = std::move(meta);
  b.origin = std::move(origin);
  VOLPOL_TRY(b.spec, backup_spec_from_value(field(body, "spec")));
  const value& status = field(body, "status");
  if (auto r = expect_mapping(status, "status"); !r) return *r.error();
  VOLPOL_TRY(b.phase, string_at(status, "phase", "status"));
  // Only coverage reads it (to leave out expired Backups): a timestamp YAML typed otherwise is
  // not a reason to refuse the Backup.
  if (const value& e = field(status, "expiration"); e.is_string()) b.expiration = e.as_string();
  return b;
}

result<schedule> schedule_from_value(object_meta meta, object_origin origin, const value& body) {
  schedule s;
  s.metadata = std::move(meta);
  s.origin = std::move(origin);
  const value& spec = field(body, "spec");
  if (auto r = expect_mapping(spec, "spec"); !r) return *r.error();
  // The Schedule CRD requires spec.template (and spec.schedule): the API server refuses a
  // Schedule without it, so one without it is not a Schedule Velero ever runs.
  if (spec.find("template") == nullptr)
    return make_error("a Schedule needs spec.template (the Backup it creates; the Schedule CRD requires it)",
                      "spec.template");
  VOLPOL_TRY(s.template_spec, backup_spec_from_value(field(spec, "template"), "spec.template"));
  VOLPOL_TRY(s.cron, string_at(spec, "schedule", "spec"));
  std::optional<bool> paused;
  VOLPOL_TRY(paused, bool_at(spec, "paused", "spec"));
  s.paused = paused.value_or(false);
  VOLPOL_TRY(s.use_owner_references, bool_at(spec, "useOwnerReferencesInBackup", "spec"));
  const value& tmeta = field(field(spec, "template"), "metadata");
  if (auto r = expect_mapping(tmeta, "spec.template.metadata"); !r) return *r.error();
  if (const value* l = tmeta.find("labels"); l != nullptr && !l->is_null())
    VOLPOL_TRY(s.template_labels, string_map_at(tmeta, "labels", "spec.template.metadata"));
  if (const value* a = tmeta.find("annotations"); a != nullptr && !a->is_null())
    VOLPOL_TRY(s.template_annotations, string_map_at(tmeta, "annotations", "spec.template.metadata"));
  return s;
}

backup backup_from_schedule(const schedule& s, std::string_view timestamp) {
  backup b;
  b.metadata.name = fmt::format("{}-{}", s.metadata.name, timestamp);
  b.metadata.namespace_ = s.metadata.namespace_;
  b.origin = s.origin;
  b.spec = s.template_spec;
  if (!b.spec.resource_policy_name.empty() && b.spec.resource_policy_kind.empty())
    b.spec.resource_policy_kind = "configmap";  // BackupBuilder.ResourcePolicies
  b.metadata.labels = s.template_labels ? *s.template_labels : s.metadata.labels;
  b.metadata.labels.set("velero.io/schedule-name", s.metadata.name);
  if (s.template_annotations) b.metadata.annotations = *s.template_annotations;
  else b.metadata.annotations = s.metadata.annotations;
  return b;
}

namespace {

// The JSON names of BackupSpec and ScheduleSpec at the Velero commit volpol mirrors.
constexpr std::string_view backup_spec_fields[] = {"metadata",
                                                   "includedNamespaces",
                                                   "excludedNamespaces",
                                                   "includedResources",
                                                   "excludedResources",
                                                   "includedClusterScopedResources",
                                                   "excludedClusterScopedResources",
                                                   "includedNamespaceScopedResources",
                                                   "excludedNamespaceScopedResources",
                                                   "labelSelector",
                                                   "orLabelSelectors",
                                                   "snapshotVolumes",
                                                   "ttl",
                                                   "volumeGroupSnapshotLabelKey",
                                                   "includeClusterResources",
                                                   "hooks",
                                                   "storageLocation",
                                                   "volumeSnapshotLocations",
                                                   "defaultVolumesToRestic",
                                                   "defaultVolumesToFsBackup",
                                                   "orderedResources",
                                                   "csiSnapshotTimeout",
                                                   "itemOperationTimeout",
                                                   "resourcePolicy",
                                                   "snapshotMoveData",
                                                   "datamover",
                                                   "uploaderConfig",
                                                   "backupType"};
constexpr std::string_view schedule_spec_fields[] = {"template", "schedule", "useOwnerReferencesInBackup", "paused",
                                                     "skipImmediately"};

template <std::size_t N>
void check_keys(const value& spec, const std::string_view (&known)[N], const std::string& path,
                std::vector<unknown_field>& out) {
  if (!spec.is_mapping()) return;
  for (std::size_t i = 0; i < spec.entries().size(); ++i) {
    const value::entry& e = spec.entries()[i];
    if (std::find(std::begin(known), std::end(known), e.first) != std::end(known)) continue;
    out.push_back({path + "." + e.first, closest(e.first, std::span<const std::string_view>(known)), spec.key_mark(i)});
  }
}

}  // namespace

std::vector<unknown_field> unknown_spec_fields(const value& body, bool schedule) {
  std::vector<unknown_field> out;
  const value& spec = field(body, "spec");
  if (schedule) {
    check_keys(spec, schedule_spec_fields, "spec", out);
    check_keys(field(spec, "template"), backup_spec_fields, "spec.template", out);
  } else {
    check_keys(spec, backup_spec_fields, "spec", out);
  }
  // By path, not by where they stand: the same warnings in the same order in any key order.
  std::stable_sort(out.begin(), out.end(),
                   [](const unknown_field& a, const unknown_field& b) { return a.path < b.path; });
  return out;
}

}  // namespace volpol::k8s
