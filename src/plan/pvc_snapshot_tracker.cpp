#include "pvc_snapshot_tracker.h"

namespace volpol::plan {

/// Velero's key, `namespace/name` (pvcKey), made in the tracker's one reused string: a lookup
/// allocates nothing, an insert copies it once per PVC.
const std::string& pvc_snapshot_tracker::key(std::string_view ns, std::string_view name) const {
  key_.assign(ns).append("/").append(name);
  return key_;
}

void pvc_snapshot_tracker::record(const k8s::pod& pod, std::string_view volume_name, status to, status from) {
  const k8s::pod_volume* v = pod.find_volume(volume_name);
  if (v == nullptr || !v->sources.has(k8s::volume_source::persistent_volume_claim)) return;
  entry& e = pvcs_.try_emplace(key(pod.metadata.namespace_, v->sources.claim_name)).first->second;
  e.pod = &pod;  // Velero records the pod whatever the transition
  if (e.st == from) e.st = to;
}

void pvc_snapshot_tracker::track(const k8s::pod& pod, std::string_view volume_name) {
  record(pod, volume_name, status::tracked, status::not_tracked);
}
void pvc_snapshot_tracker::take(const k8s::pod& pod, std::string_view volume_name) {
  record(pod, volume_name, status::taken, status::tracked);
}
void pvc_snapshot_tracker::opt_out(const k8s::pod& pod, std::string_view volume_name) {
  record(pod, volume_name, status::opted_out, status::not_tracked);
}

const k8s::pod* pvc_snapshot_tracker::opted_out_by_pod(std::string_view ns, std::string_view name) const {
  const auto it = pvcs_.find(key(ns, name));
  if (it == pvcs_.end() || it->second.st != status::opted_out) return nullptr;
  return it->second.pod;
}

bool pvc_snapshot_tracker::taken_for_pod_volume(const k8s::pod& pod, std::string_view volume_name) const {
  const k8s::pod_volume* v = pod.find_volume(volume_name);
  if (v == nullptr || !v->sources.has(k8s::volume_source::persistent_volume_claim)) return false;
  return status_of(pod.metadata.namespace_, v->sources.claim_name) == status::taken;
}

pvc_snapshot_tracker::status pvc_snapshot_tracker::status_of(std::string_view ns, std::string_view name) const {
  const auto it = pvcs_.find(key(ns, name));
  return it == pvcs_.end() ? status::not_tracked : it->second.st;
}

}  // namespace volpol::plan
