// volpol/detail/k8s/volume_snapshot_location.h — velero.io/v1 VolumeSnapshotLocation, the fields the
// backup controller reads (pkg/apis/velero/v1/volume_snapshot_location_type.go).
#pragma once

#include <string>

#include "volpol/detail/k8s/object_meta.h"

namespace volpol::k8s {

struct volume_snapshot_location_object {
  object_meta metadata;
  object_origin origin;
  std::string provider;  ///< spec.provider: `aws`, `velero.io/gcp` ...
  string_map config;     ///< spec.config
};

}  // namespace volpol::k8s
