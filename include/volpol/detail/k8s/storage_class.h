// volpol/detail/k8s/storage_class.h — storage.k8s.io/v1 StorageClass, the fields Velero's CSI plugin
// reads (`provisioner`, to pick a VolumeSnapshotClass by driver).
#pragma once

#include <string>

#include "volpol/detail/k8s/object_meta.h"

namespace volpol::k8s {

struct storage_class {
  object_meta metadata;  ///< cluster-scoped: namespace_ is empty
  object_origin origin;
  std::string provisioner;  ///< the CSI driver name for CSI storage classes
  string_map parameters;
};

}  // namespace volpol::k8s
