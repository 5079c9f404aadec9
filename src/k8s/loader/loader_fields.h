// loader_fields.h (private) — everything volpol reads from one Kubernetes object, whatever its
// kind, and how the kind is decided (TypeMeta, a hint from the list or folder, or the shape).
//
// The JSON and YAML readers fill an object_fields (loader_reader.h); classify() decides the kind
// and build() moves the fields into the typed struct. One object_fields is reused per nesting
// level, so strings and vectors keep their capacity between objects.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "volpol/detail/k8s/object_value.h"
#include "volpol/detail/k8s/object_yaml.h"
#include "volpol/detail/k8s/persistent_volume.h"
#include "volpol/detail/k8s/persistent_volume_claim.h"
#include "volpol/detail/k8s/pod.h"

namespace volpol::k8s::detail {

enum class object_kind : std::uint8_t { unknown, persistent_volume, persistent_volume_claim, pod, other };

/// "PersistentVolume", "PersistentVolumeClaim", "Pod"; "" otherwise.
[[nodiscard]] std::string_view kind_name(object_kind k);
/// The kind for a `kind` value: one of ours, `other` for any other non-empty kind, else unknown.
[[nodiscard]] object_kind kind_from_name(std::string_view kind);
/// The item kind of a typed list: "PodList" → "Pod"; "" for `List` or a non-list kind.
[[nodiscard]] std::string_view item_kind_of_list(std::string_view list_kind);
/// The warning for an object whose `kind` (non-empty, not "List" nor "...List") has an
/// `items` list: Kubernetes' decoders (apimachinery's unstructuredJSONScheme) read any object
/// with `items` as a list, so its own fields are not read; "" when the kind is a list's.
[[nodiscard]] std::string items_of_non_list_kind(std::string_view kind);

/// Which parts of an object to read: all while the kind is unknown, one kind's once known.
struct field_mask {
  bool metadata = true;
  bool pv = true;
  bool pvc = true;
  bool pod = true;
  [[nodiscard]] static field_mask for_kind(object_kind k);
};

struct object_fields {
  std::string kind;
  std::string api_version;
  object_meta meta;
  // spec (PersistentVolume, PersistentVolumeClaim, Pod)
  std::optional<std::string> storage_class_name;
  std::optional<std::string> volume_mode;
  std::vector<std::string> access_modes;
  std::optional<quantity> capacity;           ///< PV spec.capacity.storage
  std::optional<object_reference> claim_ref;  ///< PV
  std::string reclaim_policy;                 ///< PV
  volume_sources sources;                     ///< PV spec-level sources
  std::string volume_name;                    ///< PVC
  std::optional<quantity> requested;          ///< PVC spec.resources.requests.storage
  std::vector<pod_volume> volumes;            ///< Pod
  std::vector<std::string> mounted_volumes;   ///< Pod: spec.containers[].volumeMounts[].name (scratch)
  std::vector<std::string> device_volumes;    ///< Pod: spec.containers[].volumeDevices[].name (scratch)
  std::string node_name;                      ///< Pod
  bool has_deletion_timestamp = false;        ///< metadata.deletionTimestamp set
  // status
  std::string phase;
  std::optional<quantity> status_capacity;  ///< PVC status.capacity.storage
  // shape, for objects without `kind`
  bool pod_shape = false;  ///< spec.containers / initContainers / volumes
  bool pv_shape = false;   ///< spec.capacity / claimRef / persistentVolumeReclaimPolicy / a source
  bool pvc_shape = false;  ///< spec.resources / volumeName, status.capacity
  // the other kinds volpol reads whole (volpol/detail/k8s/object_value.h)
  bool capture = false;                ///< `kind` (or the hint) is one of them
  std::vector<value::entry> captured;  ///< top-level fields but kind, apiVersion, metadata

  void clear();
};

/// The decided kind; for `other`, the name counted in load_counts::other_kinds.
struct classification {
  object_kind kind = object_kind::unknown;
  std::string other;  ///< "ConfigMap", "Pod (apps.example.com/v1)"; empty unless kind == other
};

/// TypeMeta first (core kinds only with apiVersion `v1` or none), then `hint`, then the shape
/// (Pod: spec.containers/volumes; PV: spec.capacity/claimRef/reclaim policy/a volume source;
/// PVC: spec.resources/volumeName). `unknown` when nothing decides.
[[nodiscard]] classification classify(const object_fields& f, std::string_view hint);

/// "Pod ns/name", "PersistentVolume name", "" when there is no name.
[[nodiscard]] std::string identity(const object_fields& f, object_kind k);

struct interners;

/// Moves the fields into the typed object (k is one of the three kinds); with `shared`, its
/// labels and annotations and its repeated values (namespace, node name, storage class name,
/// claimRef namespace, CSI driver, NFS server) become copies of equal ones kept there
/// (interners.h).
[[nodiscard]] any_object build(object_fields& f, object_kind k, object_origin origin, interners* shared = nullptr);

}  // namespace volpol::k8s::detail
