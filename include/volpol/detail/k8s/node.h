// volpol/detail/k8s/node.h — core/v1 Node, the fields volpol reads: its name and labels
// (`kubernetes.io/os`, for Velero's Linux / Windows node-agent daemonsets).
#pragma once

#include "volpol/detail/k8s/object_meta.h"

namespace volpol::k8s {

struct node {
  object_meta metadata;
  object_origin origin;
};

}  // namespace volpol::k8s
