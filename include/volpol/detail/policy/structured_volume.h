// volpol/detail/policy/structured_volume.h — the attributes a volume policy's conditions look at,
// built from a PV, a PVC and/or a pod volume.
//
// Mirrors Velero's `structuredVolume` with `parsePV`, `parsePVC`, `parsePodVolume`
// (internal/resourcepolicies/volume_resources.go), `VolumeFilterData` and the source switch
// of `Policies.GetMatchAction` (resource_policies.go).
//
// A structured_volume holds no data of its own: every field is a view into the objects it was
// parsed from (or into static strings), so building one never allocates. It is valid only
// while those objects live and are not modified.
//
//     volume_filter_data data{.pv = &pv, .pvc = &pvc};
//     if (auto v = make_structured_volume(data)) use(*v);   // nullopt: nothing given
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "volpol/core/velero_version.h"
#include "volpol/detail/k8s/object_meta.h"
#include "volpol/detail/k8s/persistent_volume.h"
#include "volpol/detail/k8s/persistent_volume_claim.h"
#include "volpol/detail/k8s/pod.h"
#include "volpol/detail/k8s/volume_source.h"
#include "volpol/k8s/quantity.h"

namespace volpol::policy {

/// What Velero passes to GetMatchAction: any of PV, PVC, pod volume (pointers may be null).
/// Mirrors `VolumeFilterData` / `NewVolumeFilterData` (package internal/resourcepolicies).
struct volume_filter_data {
  const k8s::persistent_volume* pv = nullptr;
  const k8s::persistent_volume_claim* pvc = nullptr;
  const k8s::pod_volume* pod_volume = nullptr;
};

/// The facts conditions read, as views. Velero's fields and what an absent input gives:
struct structured_volume {
  /// PV spec.capacity.storage in bytes; null means zero (pod volume or PVC-only target, or a
  /// PV without capacity — Velero reads `*pv.Spec.Capacity.Storage()`, zero when absent).
  const k8s::quantity* capacity = nullptr;
  std::string_view storage_class;        ///< PV spec.storageClassName; "" for pod volumes / PVCs
  const k8s::nfs_source* nfs = nullptr;  ///< the nfs source of the PV or pod volume, or null
  const k8s::csi_source* csi = nullptr;  ///< the csi source (driver, volumeAttributes), or null
  std::string_view volume_type;          ///< a volumeTypes name (static), "" when none
  /// PVC metadata.labels; null when no PVC was given or it has no labels (Velero keeps nil
  /// unless `len(labels) > 0`).
  const k8s::string_map* pvc_labels = nullptr;
  std::string_view pvc_phase;                             ///< PVC status.phase; "" when no PVC / no phase
  std::string_view pvc_volume_mode;                       ///< PVC spec.volumeMode as written; "" when absent
  std::span<const k8s::compact_string> pvc_access_modes;  ///< PVC spec.accessModes; empty when none
  std::string_view pv_name;                               ///< PV metadata.name; "" when no PV (volumeName)
  std::string_view pvc_name;                              ///< PVC metadata.name; "" when no PVC (volumeName)
  std::string_view pod_volume_name;                       ///< the pod volume's name; "" when none (volumeName)

  /// Capacity, storage class, nfs, csi and volume type from a PV (Velero `parsePV`).
  void parse_pv(const k8s::persistent_volume& pv);
  /// Labels, phase, volume mode and access modes from a PVC (Velero `parsePVC`).
  void parse_pvc(const k8s::persistent_volume_claim& pvc);
  /// nfs, csi and volume type from a pod volume (Velero `parsePodVolume`); capacity and storage
  /// class stay empty.
  void parse_pod_volume(const k8s::pod_volume& v);

  /// The capacity, or a zero quantity when `capacity` is null.
  [[nodiscard]] const k8s::quantity& capacity_or_zero() const;
};

/// Builds the structured volume the way `GetMatchAction` does: a PV if given (a pod volume given
/// alongside is ignored), else a pod volume; then, in both cases, the PVC if given; else a PVC
/// alone (an unbound PVC).
/// @return the volume, or nullopt when `data` holds neither PV, pod volume nor PVC (Velero's
///         "failed to convert object" error; policies::match turns it into a diagnostic).
[[nodiscard]] std::optional<structured_volume> make_structured_volume(const volume_filter_data& data);

/// Every volumeTypes name Velero defines (`SupportedVolume` constants), in Velero's order. It
/// includes `awsAzureDisk`, a name Velero lists but no volume ever has, and `image`.
[[nodiscard]] std::span<const std::string_view> supported_volume_types();

/// The volumeTypes name of a source field: its JSON field name, except `storageos` →
/// `storageOS`; "" for `persistentVolumeClaim`, which is not a volume type.
[[nodiscard]] std::string_view volume_type_name(k8s::volume_source s);

/// The volumeTypes name of a PV: its first source in Velero's fixed order for PVs, "" if none.
///     // spec: {csi: {...}, nfs: {...}}  →  "csi";  spec: {storageos: {}}  →  "storageOS"
/// Mirrors `getVolumeTypeFromPV` (internal/resourcepolicies/volume_types_conditions.go). The
/// names returned by both functions are views of string literals (they end in a NUL).
[[nodiscard]] std::string_view volume_type_of(const k8s::persistent_volume& pv);
/// The volumeTypes name of a pod volume, in Velero's (different) order for pod volumes, which
/// puts hostPath, emptyDir and image last; "" for none (a persistentVolumeClaim volume has no
/// type). Mirrors `getVolumeTypeFromVolume` (volume_types_conditions.go).
///     // {hostPath: {}, nfs: {}}  →  "nfs";  {persistentVolumeClaim: {...}}  →  ""
[[nodiscard]] std::string_view volume_type_of(const k8s::pod_volume& v);
/// Same, as Velero `release` names it: `image` is main's (velero-io/velero#9978); before, an
/// image volume has no type ("").
[[nodiscard]] std::string_view volume_type_of(const k8s::pod_volume& v, velero_version release);

}  // namespace volpol::policy
