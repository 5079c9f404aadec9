// Small builders for the helper layer's unit tests: objects made in C++, no YAML involved.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "volpol/detail/k8s/persistent_volume.h"
#include "volpol/detail/k8s/persistent_volume_claim.h"
#include "volpol/detail/k8s/pod.h"
#include "volpol/detail/k8s/volume_source.h"

namespace volpol::helper::testing {

using annotations = std::optional<std::vector<k8s::string_map::entry>>;

inline k8s::pod_volume volume(std::string name, k8s::volume_source source) {
  k8s::pod_volume v;
  v.name = std::move(name);
  v.sources.set(source);
  return v;
}

inline k8s::pod_volume empty_dir(std::string name) { return volume(std::move(name), k8s::volume_source::empty_dir); }

inline k8s::pod_volume claim(std::string name, std::string claim_name) {
  k8s::pod_volume v = volume(std::move(name), k8s::volume_source::persistent_volume_claim);
  v.sources.claim_name = std::move(claim_name);
  return v;
}

inline k8s::pod make_pod(std::string ns, std::string name, std::vector<k8s::pod_volume> volumes,
                         annotations notes = std::nullopt) {
  k8s::pod p;
  p.metadata.namespace_ = std::move(ns);
  p.metadata.name = std::move(name);
  if (notes) p.metadata.annotations = k8s::string_map(std::move(*notes));
  p.volumes = std::move(volumes);
  return p;
}

inline k8s::persistent_volume make_pv(std::string name, std::string storage_class,
                                      std::optional<std::pair<std::string, std::string>> claim_ref = std::nullopt) {
  k8s::persistent_volume pv;
  pv.metadata.name = std::move(name);
  pv.storage_class_name = std::move(storage_class);
  if (claim_ref) pv.claim_ref = k8s::object_reference{claim_ref->first, claim_ref->second};
  return pv;
}

inline k8s::persistent_volume_claim make_pvc(std::string ns, std::string name, std::string volume_name,
                                             std::string phase) {
  k8s::persistent_volume_claim pvc;
  pvc.metadata.namespace_ = std::move(ns);
  pvc.metadata.name = std::move(name);
  pvc.volume_name = std::move(volume_name);
  pvc.phase = std::move(phase);
  return pvc;
}

}  // namespace volpol::helper::testing
