// volpol/detail/k8s/volume_snapshot_class.h — snapshot.storage.k8s.io/v1 VolumeSnapshotClass, the
// fields Velero's CSI plugin reads (pkg/util/csi/volume_snapshot.go `GetVolumeSnapshotClass`).
#pragma once

#include <string>

#include "volpol/detail/k8s/object_meta.h"

namespace volpol::k8s {

/// The label Velero's CSI plugin looks for on a VolumeSnapshotClass (pkg/apis/velero/v1
/// labels_annotations.go `VolumeSnapshotClassSelectorLabel`).
inline constexpr std::string_view volume_snapshot_class_selector_label = "velero.io/csi-volumesnapshot-class";

struct volume_snapshot_class {
  object_meta metadata;  ///< cluster-scoped
  object_origin origin;
  std::string driver;
  std::string deletion_policy;  ///< Delete / Retain
  string_map parameters;
};

}  // namespace volpol::k8s
