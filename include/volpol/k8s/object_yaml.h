// volpol/k8s/object_yaml.h — typed objects from a parsed YAML node (`kubectl get -o yaml`).
//
// Used by the YAML loader and by the conformance runner, whose cases embed objects.
#pragma once

#include <string>
#include <variant>

#include "volpol/k8s/diagnostic.h"
#include "volpol/k8s/persistent_volume.h"
#include "volpol/k8s/persistent_volume_claim.h"
#include "volpol/k8s/pod.h"

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

/// Reads one object. `kind_hint` is used when the node has no `kind` field (dumps that
/// strip TypeMeta, e.g. an insights archive's `config/pod/<ns>/<name>.json`); pass "" when
/// there is none. A node without kind and without hint is classified by shape
/// (spec.volumes/containers → Pod, spec.claimRef/capacity → PV, spec.accessModes+resources → PVC).
/// @return the object, or a diagnostic with the field path (`spec.capacity.storage`),
///         the mark's line/column and `kind namespace/name` when known (a wrong type,
///         an unparsable quantity).
[[nodiscard]] result<any_object> object_from_yaml(const YAML::Node& node, std::string_view kind_hint = {});

/// Convenience for the typed reads.
[[nodiscard]] result<persistent_volume> persistent_volume_from_yaml(const YAML::Node& node);
[[nodiscard]] result<persistent_volume_claim> persistent_volume_claim_from_yaml(const YAML::Node& node);
[[nodiscard]] result<pod> pod_from_yaml(const YAML::Node& node);
[[nodiscard]] result<pod_volume> pod_volume_from_yaml(const YAML::Node& node);

}  // namespace volpol::k8s
