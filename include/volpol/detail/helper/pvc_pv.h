// volpol/detail/helper/pvc_pv.h — from a pod volume to its PVC, and from a PVC to its PV, in a
// loaded cluster.
//
// Mirrors Velero pkg/util/kube/pvc_pv.go `GetPVCForPodVolume` and `GetPVForPVC`. The lookups
// report why they failed as a status (no allocation); the diagnostic with Velero's wording is
// built only when the caller returns it as an error.
#pragma once

#include <cstdint>
#include <string_view>

#include "volpol/core/diagnostic.h"
#include "volpol/detail/k8s/persistent_volume.h"
#include "volpol/detail/k8s/persistent_volume_claim.h"
#include "volpol/detail/k8s/pod.h"
#include "volpol/k8s/cluster.h"

namespace volpol::helper {

/// How a PVC's PV was looked up, in Velero's order of checks.
enum class pv_lookup_status : std::uint8_t {
  not_needed,      ///< the target is a PV itself (no lookup happened)
  found,           ///< spec.volumeName names a PV of the cluster
  no_volume_name,  ///< spec.volumeName is empty ("has no volume backing this claim")
  not_bound,       ///< status.phase is not "Bound" ("is in phase X and is not bound")
  pv_missing,      ///< bound, but the cluster has no PV of that name
};

/// "not-needed", "found", "no-volume-name", "not-bound", "pv-missing".
[[nodiscard]] std::string_view to_string(pv_lookup_status s);

struct pv_lookup {
  const k8s::persistent_volume* pv = nullptr;  ///< set when status == found
  pv_lookup_status status = pv_lookup_status::not_needed;
  [[nodiscard]] bool ok() const { return pv != nullptr; }
};

/// The PV bound to `pvc`: spec.volumeName must be set, status.phase must be exactly "Bound"
/// (a Lost PVC that still names its volume is not looked up), and the PV must be in `c`.
/// O(1) / O(log n); never allocates. Mirrors `GetPVForPVC`.
[[nodiscard]] pv_lookup get_pv_for_pvc(const k8s::persistent_volume_claim& pvc, const k8s::cluster& c);

/// The error Velero returns for a failed lookup (status other than found / not_needed):
///     PVC ns/data has no volume backing this claim
///     PVC ns/data is in phase Pending and is not bound to a volume
///     failed to get PV pv-1 for PVC ns/data: not found
/// `object` is "PersistentVolumeClaim ns/data" and `where.file` the PVC's origin file.
[[nodiscard]] diagnostic pv_lookup_error(const k8s::persistent_volume_claim& pvc, pv_lookup_status s);

/// The PVC a persistentVolumeClaim pod volume mounts: claimName in the pod's namespace.
/// @return the PVC, or nullptr when `v` is no PVC volume or the cluster has no such PVC.
/// Never allocates. Mirrors `GetPVCForPodVolume`.
[[nodiscard]] const k8s::persistent_volume_claim* get_pvc_for_pod_volume(const k8s::pod_volume& v, const k8s::pod& p,
                                                                         const k8s::cluster& c);

/// The error for get_pvc_for_pod_volume() == nullptr:
///     volume ns/data has no PVC associated with it
///     failed to get PVC pvc-1 for volume ns/data: not found
/// `object` is "Pod ns/name".
[[nodiscard]] diagnostic pvc_lookup_error(const k8s::pod_volume& v, const k8s::pod& p);

}  // namespace volpol::helper
