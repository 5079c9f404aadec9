// volpol/detail/k8s/namespace.h — core/v1 Namespace, the metadata Velero's item collector reads
// (labels for label selectors, `velero.io/exclude-from-backup`).
#pragma once

#include "volpol/detail/k8s/object_meta.h"

namespace volpol::k8s {

struct namespace_object {
  object_meta metadata;  ///< the namespace's own name in metadata.name
  object_origin origin;
  std::string phase;  ///< status.phase: Active, Terminating
};

}  // namespace volpol::k8s
