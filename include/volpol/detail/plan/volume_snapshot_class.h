// volpol/detail/plan/volume_snapshot_class.h — which VolumeSnapshotClass Velero's CSI plugin gives a
// PVC's VolumeSnapshot, and the errors on the way (StorageClass lookup, no class).
//
// Mirrors pkg/backup/actions/csi/pvc_action.go `validatePVCAndPV` (no storageClassName) and
// `createVolumeSnapshot` (get the StorageClass, then `csi.GetVolumeSnapshotClass` with its
// provisioner), and pkg/util/csi/volume_snapshot.go `GetVolumeSnapshotClass`,
// `GetVolumeSnapshotClassFromPVCAnnotationsForDriver`, `GetVolumeSnapshotClassFromVolumePolicy`,
// `GetVolumeSnapshotClassFromBackupAnnotationsForDriver`, `GetVolumeSnapshotClassForStorageClass`.
//
// Precedence (the first that gives a class wins; a step that names a missing class or a class
// of another driver is logged by Velero at debug level and falls through to the next):
//
// | # | source                                                        | chosen when                                   |
// |---|---------------------------------------------------------------|-----------------------------------------------|
// | 1 | PVC annotation `velero.io/csi-volumesnapshot-class`            | a class of that name (any case) for the driver
// | | 2 | the matched volume policy's `snapshotClass` parameter          | a class of that name (any case) for the
// driver | | 3 | Backup annotation `velero.io/csi-volumesnapshot-class_<driver>` | a class of that name (any case) for
// the driver | | 4 | label `velero.io/csi-volumesnapshot-class` on a class            | the first class of the driver
// with the label   | | 5 | annotation `snapshot.storage.kubernetes.io/is-default-class`     | the first class of the
// driver with it          | | 6 | the only class of the driver                                   | exactly one class
// has the driver               |
//
// Nothing chosen → Velero's error: "failed to get VolumeSnapshotClass for StorageClass S: error
// getting VolumeSnapshotClass: failed to get VolumeSnapshotClass for provisioner P: ensure that
// the desired VolumeSnapshotClass has the velero.io/csi-volumesnapshot-class label or
// snapshot.storage.kubernetes.io/is-default-class annotation, and that its driver matches the
// StorageClass provisioner". The driver is the StorageClass's provisioner (exact match in step
// 4-6, case-insensitive in 1-3, as Velero compares).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "volpol/detail/k8s/persistent_volume_claim.h"
#include "volpol/k8s/cluster.h"

namespace volpol::plan {

/// How the class was chosen, or why there is none (text made by describe()).
enum class snapshot_class_source : std::uint8_t {
  pvc_annotation,      ///< step 1
  volume_policy,       ///< step 2
  backup_annotation,   ///< step 3
  class_label,         ///< step 4
  default_annotation,  ///< step 5
  only_class,          ///< step 6
  // errors (Velero fails the PVC's backup item action)
  no_storage_class_name,     ///< spec.storageClassName absent: "PVC has no storage class"
  empty_storage_class_name,  ///< storageClassName: "": the StorageClass get fails (name may not be empty)
  storage_class_not_found,   ///< no StorageClass of that name in the input
  no_class_for_driver,       ///< steps 1-6 gave nothing
  // no data: the input has no StorageClasses / VolumeSnapshotClasses at all
  not_checked,
};

struct snapshot_class_choice {
  snapshot_class_source source = snapshot_class_source::not_checked;
  std::string name;    ///< the chosen class (empty on errors)
  std::string driver;  ///< the StorageClass's provisioner, when known
  std::string storage_class;
  /// Steps that named a class that is missing or of another driver (Velero logs them at
  /// debug level and goes on): each `source` and the class named.
  struct fall_through {
    snapshot_class_source source;
    std::string named;
    bool other_driver = false;  ///< the class exists but is for another driver
  };
  std::vector<fall_through> fell_through;
  [[nodiscard]] bool is_error() const {
    return source >= snapshot_class_source::no_storage_class_name &&
           source <= snapshot_class_source::no_class_for_driver;
  }
};

/// "PVC annotation velero.io/csi-volumesnapshot-class", ..., or Velero's error message.
[[nodiscard]] std::string describe(const snapshot_class_choice& c, const k8s::persistent_volume_claim& pvc,
                                   std::string_view backup_name);

/// The CSI plugin's VolumeSnapshotClass for `pvc` in a backup with `backup_annotations`, given
/// the matched policy's snapshotClass ("" = none). When the cluster has neither StorageClasses
/// nor VolumeSnapshotClasses, answers not_checked (the plan then assumes a class exists).
[[nodiscard]] snapshot_class_choice choose_volume_snapshot_class(const k8s::cluster& cluster,
                                                                 const k8s::persistent_volume_claim& pvc,
                                                                 const k8s::string_map* backup_annotations,
                                                                 std::string_view policy_snapshot_class);

}  // namespace volpol::plan
