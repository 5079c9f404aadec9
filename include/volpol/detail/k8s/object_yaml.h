// volpol/detail/k8s/object_yaml.h — typed objects from a parsed YAML node (`kubectl get -o yaml`).
//
// Used by the YAML loader and by the conformance runner, whose cases embed objects.
#pragma once

#include <string>
#include <variant>

#include "volpol/core/result.h"
#include "volpol/detail/k8s/persistent_volume.h"
#include "volpol/detail/k8s/persistent_volume_claim.h"
#include "volpol/detail/k8s/pod.h"

namespace YAML {
class Node;
}

namespace volpol::k8s {

/// An object of a kind volpol reads, or `other_object` for every other kind
/// (counted and ignored by loaders).
struct other_object {
  std::string kind;
  std::string name;
};
using any_object = std::variant<persistent_volume, persistent_volume_claim, pod, other_object>;

/// Reads one object, with the schema the loader uses (loader.h; src/k8s/loader/loader_reader.h):
/// unknown fields ignored, `null` leaves a field unset, any scalar fills a string field (as
/// sigs.k8s.io/yaml decodes into typed structs: `name: 123` is "123"), a quantity may be a
/// string or a number. `kind_hint` is used when the node has no `kind` field (dumps that strip
/// TypeMeta, e.g. an insights archive's `config/pod/<ns>/<name>.json`); pass "" when there is
/// none. A node without kind and without hint is classified by shape (spec.containers/volumes
/// → Pod; spec.capacity/claimRef/persistentVolumeReclaimPolicy/a volume source → PV;
/// spec.resources/volumeName → PVC); failing that, an other_object with an empty kind.
/// A core kind with an apiVersion other than `v1` is an other_object.
/// @return the object, or a diagnostic with the field path (`spec.capacity.storage`), the
///         node's line/column (1-based) and `kind namespace/name` when known: a wrong type
///         (`expected a quantity string, got an array`), an unparsable quantity (the message
///         of quantity::parse), or a list (`expected one object, got a list of 2`).
[[nodiscard]] result<any_object> object_from_yaml(const YAML::Node& node, std::string_view kind_hint = {});

/// Convenience for the typed reads: object_from_yaml with the kind as hint; another kind is
/// an error (`expected a Pod, got a PersistentVolume`).
[[nodiscard]] result<persistent_volume> persistent_volume_from_yaml(const YAML::Node& node);
[[nodiscard]] result<persistent_volume_claim> persistent_volume_claim_from_yaml(const YAML::Node& node);
[[nodiscard]] result<pod> pod_from_yaml(const YAML::Node& node);
/// One entry of pod.spec.volumes (`{name: data, persistentVolumeClaim: {claimName: c}}`);
/// errors carry the path inside the entry (`nfs.server`). `mounted` and `device` are false:
/// they come from the pod's containers.
[[nodiscard]] result<pod_volume> pod_volume_from_yaml(const YAML::Node& node);

}  // namespace volpol::k8s
