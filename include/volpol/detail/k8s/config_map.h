// volpol/detail/k8s/config_map.h — core/v1 ConfigMap, kept whole (`data`) so a Backup's
// `spec.resourcePolicy` ConfigMap found in the input can be used.
#pragma once

#include "volpol/detail/k8s/object_meta.h"

namespace volpol::k8s {

struct config_map {
  object_meta metadata;
  object_origin origin;
  string_map data;  ///< `data` (binaryData is not read: Velero does not either)
};

}  // namespace volpol::k8s
