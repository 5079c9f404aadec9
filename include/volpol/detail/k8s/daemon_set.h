// volpol/detail/k8s/daemon_set.h — apps/v1 DaemonSet, the fields Velero's node-agent checks read
// (pkg/nodeagent/node_agent.go `isRunning`, `IsReady`: the daemonset exists, NumberReady > 0).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "volpol/detail/k8s/deployment.h"
#include "volpol/detail/k8s/object_meta.h"

namespace volpol::k8s {

struct daemon_set {
  object_meta metadata;
  object_origin origin;
  std::optional<std::int64_t> number_ready;              ///< status.numberReady
  std::optional<std::int64_t> desired_number_scheduled;  ///< status.desiredNumberScheduled
  std::vector<container_image> containers;               ///< spec.template.spec.containers (images)
};

}  // namespace volpol::k8s
