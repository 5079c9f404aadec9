// volpol/detail/k8s/backup.h — velero.io/v1 Backup and Schedule, the spec fields that decide what a
// backup does with volumes (pkg/apis/velero/v1/backup_types.go `BackupSpec`,
// schedule_types.go `ScheduleSpec`).
//
// Read from a generic value (the loader captures the object; `--backup FILE` parses the file):
//     auto b = backup_from_value(meta, origin, body);   // body: the object's top-level fields
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "volpol/core/result.h"
#include "volpol/core/value.h"
#include "volpol/detail/k8s/object_meta.h"
#include "volpol/k8s/label_selector.h"

namespace volpol::k8s {

class cluster;

/// Velero `BackupSpec`, the fields volpol reads (an absent optional is Go's nil).
struct backup_spec {
  std::vector<std::string> included_namespaces;                ///< includedNamespaces
  std::vector<std::string> excluded_namespaces;                ///< excludedNamespaces
  std::vector<std::string> included_resources;                 ///< includedResources (old-style)
  std::vector<std::string> excluded_resources;                 ///< excludedResources (old-style)
  std::optional<bool> include_cluster_resources;               ///< includeClusterResources (old-style)
  std::vector<std::string> included_cluster_scoped_resources;  ///< new-style scoped filters
  std::vector<std::string> excluded_cluster_scoped_resources;
  std::vector<std::string> included_namespace_scoped_resources;
  std::vector<std::string> excluded_namespace_scoped_resources;
  std::optional<label_selector_spec> label_selector;    ///< labelSelector (nil = none)
  std::vector<label_selector_spec> or_label_selectors;  ///< orLabelSelectors
  std::optional<bool> snapshot_volumes;                 ///< snapshotVolumes
  std::optional<bool> default_volumes_to_fs_backup;     ///< defaultVolumesToFsBackup
  std::optional<bool> snapshot_move_data;               ///< snapshotMoveData
  std::string data_mover;                               ///< datamover
  std::vector<std::string> volume_snapshot_locations;   ///< volumeSnapshotLocations
  std::string storage_location;                         ///< storageLocation
  /// ttl as written (a Go duration, metav1.Duration: "720h0m0s"); "" = unset, the server's
  /// --default-backup-ttl (plan/coverage.h parse_go_duration reads it).
  std::string ttl;
  std::string resource_policy_kind;  ///< resourcePolicy.kind (configmap)
  std::string resource_policy_name;  ///< resourcePolicy.name
};

struct backup {
  object_meta metadata;
  object_origin origin;
  backup_spec spec;
  std::string phase;       ///< status.phase
  std::string expiration;  ///< status.expiration (RFC 3339, "2026-12-13T01:00:12Z"; "" = unset)
};

/// Velero `Schedule`: its `spec.template` is the spec of every Backup it creates.
struct schedule {
  object_meta metadata;
  object_origin origin;
  backup_spec template_spec;                       ///< spec.template
  std::string cron;                                ///< spec.schedule
  bool paused = false;                             ///< spec.paused
  std::optional<bool> use_owner_references;        ///< spec.useOwnerReferencesInBackup
  std::optional<string_map> template_labels;       ///< spec.template.metadata.labels (nil = absent)
  std::optional<string_map> template_annotations;  ///< spec.template.metadata.annotations
};

/// Reads a BackupSpec from `spec` (a mapping, or null for an empty spec). Field types as
/// Kubernetes' decoder wants them: lists of strings, booleans (a YAML `true` / "true" as the
/// loader gives it), label selectors as metav1.LabelSelector.
/// @return the spec, or an error whose path names the field (`spec.includedNamespaces[1]`).
[[nodiscard]] result<backup_spec> backup_spec_from_value(const value& spec, std::string_view path = "spec");

/// A Backup from its top-level fields (`spec`, `status`; metadata given apart).
[[nodiscard]] result<backup> backup_from_value(object_meta meta, object_origin origin, const value& body);
/// A Schedule from its top-level fields.
[[nodiscard]] result<schedule> schedule_from_value(object_meta meta, object_origin origin, const value& body);

/// A field of a Backup's or Schedule's spec that Velero's API (pkg/apis/velero/v1
/// backup_types.go `BackupSpec`, schedule_types.go `ScheduleSpec`) does not have: the API server
/// drops such a field (or refuses it under kubectl's strict field validation), so a misspelt
/// `snapshotMoveDta: true` changes nothing. `near` is the field meant, when one is close.
struct unknown_field {
  std::string path;  ///< `spec.snapshotMoveDta`, `spec.template.snapshotVolume`
  std::string near;  ///< `snapshotMoveData`, or empty
  value_mark at;     ///< where the key is written, when the body carries positions
};

/// The unknown spec fields of a Backup (`schedule` false) or a Schedule body, ordered by path.
[[nodiscard]] std::vector<unknown_field> unknown_spec_fields(const value& body, bool schedule);

/// The Backup the schedule controller creates from `s` (pkg/controller/schedule_controller.go
/// `getBackup`, pkg/builder/backup_builder.go `FromSchedule`, schedule_types.go
/// `TimestampedName`): name `<schedule>-<timestamp>` (Go layout 20060102150405), the
/// schedule's namespace, spec = spec.template (its resourcePolicy kept as a ConfigMap
/// reference); labels = spec.template.metadata.labels when set, else the schedule's labels,
/// plus `velero.io/schedule-name: <schedule>`; annotations = spec.template.metadata.annotations
/// when set, else the schedule's own annotations (not merged). Backup annotations decide the
/// CSI snapshot class per driver (`velero.io/csi-volumesnapshot-class_<driver>`).
[[nodiscard]] backup backup_from_schedule(const schedule& s, std::string_view timestamp = "20060102150405");

/// The Backup a plan is for, and where it came from: a Backup, or a Schedule standing for the
/// Backup its controller would create (backup_from_schedule).
struct chosen_backup {
  enum class from : std::uint8_t { backup, schedule };
  k8s::backup backup;  ///< the Backup (for a Schedule: the one it would create)
  from source = from::backup;
  std::string schedule_name;  ///< for from::schedule
  diagnostics warnings;       ///< backup_from_file: the file's warnings (unknown spec fields ...)
};

/// Reads `path` ("-" = standard input): YAML or JSON holding exactly one Velero Backup or
/// Schedule (annotations all kept: they choose snapshot classes).
/// @return the Backup, or an error naming the file ("expected one Backup or Schedule, found
///         2 Backup"), or the loader's first error.
[[nodiscard]] result<chosen_backup> backup_from_file(const std::string& path);

/// The same for in-memory JSON or YAML text (a Backup or Schedule read from the cluster, a test
/// file's backup), read as if it were the file `source`: the one decoder of a Backup's spec
/// (backup_from_value) whatever the Backup comes from.
[[nodiscard]] result<chosen_backup> backup_from_text(std::string_view text, std::string_view source);

/// The Backup named `name` ("name" or "namespace/name") among the loaded Backups, else a
/// Schedule of that name (then the Backup it would create).
/// @return it, or an error listing the Backups and Schedules that were loaded.
[[nodiscard]] result<chosen_backup> backup_by_name(const cluster& cluster, std::string_view name);

}  // namespace volpol::k8s
