// volpol/detail/plan/node_agent.h — Velero's node-agent checks, from the node-agent pods and
// DaemonSets in the input.
//
// Mirrors pkg/nodeagent/node_agent.go `IsRunningInNode` (a pod labelled role=node-agent in the
// Velero namespace, running — pkg/util/kube/pod.go `IsPodRunning` — on the node), `IsReady`
// (the `node-agent` or `node-agent-windows` DaemonSet has NumberReady > 0) and `isRunning`;
// and where Velero calls them: pkg/podvolume/backupper.go `BackupPodVolumes` (fs-backup:
// `kube.IsPodRunning(pod)` first — a pod that is not running is skipped without error — then
// IsRunningInNode, whose failure is an error) and pkg/backup/actions/csi/pvc_action.go
// (`snapshotMoveData` with the built-in data mover needs IsReady).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "volpol/detail/k8s/pod.h"
#include "volpol/k8s/cluster.h"

namespace volpol::plan {

/// pkg/util/kube/pod.go `IsPodRunning` (isPodScheduledInStatus with phase Running): nullopt
/// when running, else Velero's message: "pod is not scheduled, name=N, namespace=NS, phase=P",
/// "pod is not in the expected status, name=..., phase=P: pod is not running", or
/// "pod is being terminated, name=..., phase=P".
[[nodiscard]] std::optional<std::string> pod_not_running(const k8s::pod& p);

class node_agent {
 public:
  /// The node-agent view of `cluster` for a Velero installed in `velero_namespace`.
  node_agent(const k8s::cluster& cluster, std::string velero_namespace);

  /// True when the input says anything about the node agent (a pod labelled role=node-agent in
  /// the Velero namespace, or a node-agent DaemonSet there). Without that, volpol assumes the
  /// node agent runs everywhere, as before (and the plan says so in a note).
  [[nodiscard]] bool known() const { return known_; }

  /// `IsRunningInNode`: nullopt when a running node-agent pod is on `node_name`, else Velero's
  /// error ("node name is empty", "daemonset pod not found in running state in node N").
  /// Always nullopt when !known().
  [[nodiscard]] std::optional<std::string> running_in_node(std::string_view node_name) const;

  /// `IsReady` as the CSI PVC action uses it for data movement: nullopt when ready, else the
  /// action's error ("CSI PVC BIA cannot proceed: node-agent is not ready for snapshot data
  /// movement: ..."). A DaemonSet in the input decides by its status.numberReady; without one,
  /// a running node-agent pod counts as ready. Always nullopt when !known().
  [[nodiscard]] std::optional<std::string> ready_for_data_movement() const;

  [[nodiscard]] const std::string& velero_namespace() const { return namespace_; }

 private:
  const k8s::cluster& c_;
  std::string namespace_;
  bool known_ = false;
};

}  // namespace volpol::plan
