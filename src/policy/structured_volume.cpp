// structured_volume — the facts conditions read, as views into a PV, PVC and/or pod volume.
// Mirrors `structuredVolume.parsePV/parsePVC/parsePodVolume` (velero internal/resourcepolicies/
// volume_resources.go) and the source switch of `Policies.GetMatchAction` (resource_policies.go).
#include "volpol/detail/policy/structured_volume.h"

namespace volpol::policy {

namespace {

const k8s::quantity zero_quantity{};

const k8s::nfs_source* nfs_of(const k8s::volume_sources& s) {
  return s.has(k8s::volume_source::nfs) ? &s.nfs() : nullptr;
}

const k8s::csi_source* csi_of(const k8s::volume_sources& s) {
  return s.has(k8s::volume_source::csi) ? &s.csi() : nullptr;
}

}  // namespace

void structured_volume::parse_pv(const k8s::persistent_volume& pv) {
  capacity = &pv.capacity;  // zero when spec.capacity.storage is absent
  storage_class = pv.storage_class_name;
  nfs = nfs_of(pv.sources);
  csi = csi_of(pv.sources);
  volume_type = volume_type_of(pv);
  pv_name = pv.metadata.name;
}

void structured_volume::parse_pvc(const k8s::persistent_volume_claim& pvc) {
  // Velero keeps the labels only when there are some: a nil map fails any pvcLabels condition.
  pvc_labels = pvc.metadata.labels.empty() ? nullptr : &pvc.metadata.labels;
  pvc_phase = pvc.phase;
  pvc_volume_mode = pvc.volume_mode ? std::string_view(*pvc.volume_mode) : std::string_view();
  pvc_access_modes = pvc.access_modes;
  pvc_name = pvc.metadata.name;
}

void structured_volume::parse_pod_volume(const k8s::pod_volume& v) {
  nfs = nfs_of(v.sources);
  csi = csi_of(v.sources);
  volume_type = volume_type_of(v);
  pod_volume_name = v.name;
}

const k8s::quantity& structured_volume::capacity_or_zero() const { return capacity ? *capacity : zero_quantity; }

std::optional<structured_volume> make_structured_volume(const volume_filter_data& data) {
  structured_volume v;
  if (data.pv) {
    v.parse_pv(*data.pv);
  } else if (data.pod_volume) {
    v.parse_pod_volume(*data.pod_volume);
  } else if (!data.pvc) {
    return std::nullopt;
  }
  if (data.pvc) v.parse_pvc(*data.pvc);
  return v;
}

}  // namespace volpol::policy
