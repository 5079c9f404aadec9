// volpol/policy/structured_volume.h — the attributes a volume policy's conditions look at,
// built from a PV, a PVC and/or a pod volume.
//
// Mirrors Velero's `structuredVolume` with `parsePV`, `parsePVC`, `parsePodVolume`
// (internal/resourcepolicies/volume_resources.go) and `VolumeFilterData`.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "volpol/k8s/object_meta.h"
#include "volpol/k8s/persistent_volume.h"
#include "volpol/k8s/persistent_volume_claim.h"
#include "volpol/k8s/pod.h"
#include "volpol/k8s/quantity.h"

namespace volpol::policy {

/// What Velero passes to GetMatchAction: any of PV, PVC, pod volume (pointers may be null).
struct volume_filter_data {
  const k8s::persistent_volume* pv = nullptr;
  const k8s::persistent_volume_claim* pvc = nullptr;
  const k8s::pod_volume* pod_volume = nullptr;
};

struct structured_volume {
  k8s::quantity capacity;                 ///< bytes; zero when unknown
  std::string storage_class;
  std::optional<k8s::nfs_source> nfs;
  std::optional<k8s::csi_source> csi;     ///< driver + volumeAttributes
  std::string volume_type;                ///< a volumeTypes name, "" when none
  const k8s::string_map* pvc_labels = nullptr;  ///< null when no PVC or it has no labels
  std::string pvc_phase;
  std::optional<std::string> pvc_volume_mode;
  std::vector<std::string> pvc_access_modes;
  std::string volume_name;                ///< if Velero's version reads it

  void parse_pv(const k8s::persistent_volume& pv);
  void parse_pvc(const k8s::persistent_volume_claim& pvc);
  void parse_pod_volume(const k8s::pod_volume& v);
};

/// The volumeTypes name of a PV: its first source in Velero's fixed order for PVs, "" if none.
/// Mirrors `getVolumeTypeFromPV` (internal/resourcepolicies/volume_filter_data.go or similar).
[[nodiscard]] std::string_view volume_type_of(const k8s::persistent_volume& pv);
/// The volumeTypes name of a pod volume, in Velero's order for pod volumes; "" for none
/// (a persistentVolumeClaim volume has no type). Mirrors `getVolumeTypeFromVolume`.
[[nodiscard]] std::string_view volume_type_of(const k8s::pod_volume& v);

}  // namespace volpol::policy
