// volpol/detail/k8s/deployment.h — apps/v1 Deployment, the fields volpol reads: its containers'
// images, for the Velero release a cluster runs (the `velero` Deployment in Velero's namespace,
// image `velero/velero:v1.18.2`).
#pragma once

#include <string>
#include <vector>

#include "volpol/detail/k8s/object_meta.h"

namespace volpol::k8s {

/// One entry of spec.template.spec.containers: its name and image (`velero/velero:v1.18.2`).
struct container_image {
  std::string name;
  std::string image;
};

struct deployment {
  object_meta metadata;
  object_origin origin;
  std::vector<container_image> containers;  ///< spec.template.spec.containers, in order
};

}  // namespace volpol::k8s
