// Pod volume → PVC → PV lookups (pkg/util/kube/pvc_pv.go GetPVCForPodVolume, GetPVForPVC).
#include "volpol/detail/helper/pvc_pv.h"

#include <fmt/core.h>

#include "volpol/detail/helper/problem.h"

namespace volpol::helper {

std::string_view to_string(pv_lookup_status s) {
  switch (s) {
    case pv_lookup_status::not_needed: return "not-needed";
    case pv_lookup_status::found: return "found";
    case pv_lookup_status::no_volume_name: return "no-volume-name";
    case pv_lookup_status::not_bound: return "not-bound";
    case pv_lookup_status::pv_missing: return "pv-missing";
  }
  return "";
}

pv_lookup get_pv_for_pvc(const k8s::persistent_volume_claim& pvc, const k8s::cluster& c) {
  if (pvc.volume_name.empty()) return {nullptr, pv_lookup_status::no_volume_name};
  if (pvc.phase != "Bound") return {nullptr, pv_lookup_status::not_bound};
  const k8s::persistent_volume* pv = c.find_pv(pvc.volume_name);
  if (pv == nullptr) return {nullptr, pv_lookup_status::pv_missing};
  return {pv, pv_lookup_status::found};
}

namespace {

diagnostic object_error(std::string object, const k8s::object_origin& origin, std::string message) {
  diagnostic d;
  d.object = std::move(object);
  d.where.file = origin.file;
  d.where.line = origin.line;
  d.message = std::move(message);
  return d;
}

std::string pvc_message(const k8s::persistent_volume_claim& pvc, pv_lookup_status s) {
  const std::string key = pvc.metadata.namespace_ + "/" + pvc.metadata.name;
  switch (s) {
    case pv_lookup_status::no_volume_name: return fmt::format("PVC {} has no volume backing this claim", key);
    case pv_lookup_status::not_bound:
      return fmt::format("PVC {} is in phase {} and is not bound to a volume", key, pvc.phase);
    case pv_lookup_status::pv_missing:
      return fmt::format("failed to get PV {} for PVC {}: not found", pvc.volume_name, key);
    case pv_lookup_status::not_needed:
    case pv_lookup_status::found: break;
  }
  return fmt::format("PV for PVC {} was found", key);  // not an error; callers never ask
}

}  // namespace

diagnostic pv_lookup_error(const k8s::persistent_volume_claim& pvc, pv_lookup_status s) {
  diagnostic d = object_error("PersistentVolumeClaim " + pvc.metadata.key(), pvc.origin, pvc_message(pvc, s));
  d.kind = static_cast<std::uint16_t>(problem::pv_lookup_failed);
  return d;
}

const k8s::persistent_volume_claim* get_pvc_for_pod_volume(const k8s::pod_volume& v, const k8s::pod& p,
                                                           const k8s::cluster& c) {
  if (!v.sources.has(k8s::volume_source::persistent_volume_claim)) return nullptr;
  return c.find_pvc(p.metadata.namespace_, v.sources.claim_name);
}

diagnostic pvc_lookup_error(const k8s::pod_volume& v, const k8s::pod& p) {
  const std::string volume = p.metadata.namespace_ + "/" + v.name;
  std::string message = v.sources.has(k8s::volume_source::persistent_volume_claim)
                            ? fmt::format("failed to get PVC {} for volume {}: not found", v.sources.claim_name, volume)
                            : fmt::format("volume {} has no PVC associated with it", volume);
  diagnostic d = object_error("Pod " + p.metadata.key(), p.origin, std::move(message));
  d.kind = static_cast<std::uint16_t>(problem::pvc_not_found);
  return d;
}

}  // namespace volpol::helper
