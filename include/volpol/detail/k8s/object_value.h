// volpol/detail/k8s/object_value.h — the other kinds volpol reads (StorageClass, VolumeSnapshotClass,
// VolumeSnapshotLocation, Backup, Schedule, Namespace, Node, DaemonSet, ConfigMap): which
// `kind` / `apiVersion` they are, and the typed object from the object's top-level fields.
//
// The loader (loader.h) keeps the top-level fields of objects of these kinds as a generic
// value (every field but `kind`, `apiVersion` and `metadata`, which it reads itself) and turns
// them into the typed objects here; every other kind is only counted.
#pragma once

#include <optional>
#include <string_view>
#include <variant>

#include "volpol/core/result.h"
#include "volpol/core/value.h"
#include "volpol/detail/k8s/backup.h"
#include "volpol/detail/k8s/config_map.h"
#include "volpol/detail/k8s/daemon_set.h"
#include "volpol/detail/k8s/deployment.h"
#include "volpol/detail/k8s/namespace.h"
#include "volpol/detail/k8s/node.h"
#include "volpol/detail/k8s/storage_class.h"
#include "volpol/detail/k8s/volume_snapshot_class.h"
#include "volpol/detail/k8s/volume_snapshot_location.h"

namespace volpol::k8s {

enum class extra_kind : std::uint8_t {
  storage_class,
  volume_snapshot_class,
  volume_snapshot_location,
  backup,
  schedule,
  namespace_,
  node,
  daemon_set,
  config_map,
  deployment,
};

/// "StorageClass", "VolumeSnapshotClass", ... (the `kind` value).
[[nodiscard]] std::string_view kind_name(extra_kind k);

/// The kind for `kind` when it is one of the above; nullopt otherwise. Without an apiVersion
/// the kind alone decides (dumps that strip TypeMeta, folder hints); with one, its group must
/// be the kind's: `storage.k8s.io` (StorageClass), `snapshot.storage.k8s.io`
/// (VolumeSnapshotClass), `velero.io` (VolumeSnapshotLocation, Backup, Schedule), `apps`
/// (DaemonSet, Deployment), the core group `v1` (Namespace, Node, ConfigMap).
[[nodiscard]] std::optional<extra_kind> extra_kind_of(std::string_view kind, std::string_view api_version = {});

using extra_object = std::variant<storage_class, volume_snapshot_class, volume_snapshot_location_object, backup,
                                  schedule, namespace_object, node, daemon_set, config_map, deployment>;

/// The typed object of kind `k` from its metadata and its other top-level fields `body` (a
/// mapping: `spec`, `status`, `provisioner`, `parameters`, `driver`, `data` ...; null = none).
/// Unknown fields are ignored, `null` leaves a field unset, a wrong type is an error.
/// @return the object, or an error whose path names the field (`spec.volumeSnapshotLocations[0]`).
[[nodiscard]] result<extra_object> extra_object_from_value(extra_kind k, object_meta meta, object_origin origin,
                                                           const value& body);

namespace value_fields {
/// Reads of one field of a mapping value, with Kubernetes' typing: absent and null are unset,
/// a string field takes any scalar (YAML `name: 123` is "123"), a bool field a boolean (or the
/// strings "true" / "false"), a wrong type is an error naming `path.key`.
result<std::string> string_at(const value& m, std::string_view key, std::string_view path);
result<std::optional<bool>> bool_at(const value& m, std::string_view key, std::string_view path);
result<std::optional<std::int64_t>> int_at(const value& m, std::string_view key, std::string_view path);
result<std::vector<std::string>> strings_at(const value& m, std::string_view key, std::string_view path);
result<string_map> string_map_at(const value& m, std::string_view key, std::string_view path);
/// A metav1.LabelSelector (matchLabels, matchExpressions); nullopt when absent or null.
result<std::optional<label_selector_spec>> label_selector_at(const value& m, std::string_view key,
                                                             std::string_view path);
}  // namespace value_fields

}  // namespace volpol::k8s
