// Velero's node-agent checks (see node_agent.h).
#include "volpol/detail/plan/node_agent.h"

#include <fmt/format.h>

namespace volpol::plan {

namespace {

constexpr std::string_view role_label = "role";
constexpr std::string_view node_agent_role = "node-agent";
constexpr std::string_view linux_daemon_set = "node-agent";
constexpr std::string_view windows_daemon_set = "node-agent-windows";

bool is_node_agent_pod(const k8s::pod& p, std::string_view ns) {
  return p.metadata.namespace_ == ns && p.metadata.labels.find(role_label) == node_agent_role;
}

}  // namespace

std::optional<std::string> pod_not_running(const k8s::pod& p) {
  const std::string& name = p.metadata.name;
  const std::string& ns = p.metadata.namespace_;
  if (p.node_name.empty())
    return fmt::format("pod is not scheduled, name={}, namespace={}, phase={}", name, ns, p.phase);
  if (p.phase != "Running")
    return fmt::format("pod is not in the expected status, name={}, namespace={}, phase={}: pod is not running", name,
                       ns, p.phase);
  if (p.has_deletion_timestamp)
    return fmt::format("pod is being terminated, name={}, namespace={}, phase={}", name, ns, p.phase);
  return std::nullopt;
}

node_agent::node_agent(const k8s::cluster& cluster, std::string velero_namespace)
    : c_(cluster), namespace_(std::move(velero_namespace)) {
  known_ = c_.find_daemon_set(namespace_, linux_daemon_set) != nullptr ||
           c_.find_daemon_set(namespace_, windows_daemon_set) != nullptr;
  for (const k8s::pod& p : c_.pods())
    if (!known_ && is_node_agent_pod(p, namespace_)) known_ = true;
}

std::optional<std::string> node_agent::running_in_node(std::string_view node_name) const {
  if (!known_) return std::nullopt;
  if (node_name.empty()) return std::string("node name is empty");
  for (const k8s::pod& p : c_.pods())
    if (is_node_agent_pod(p, namespace_) && !pod_not_running(p) && p.node_name == node_name) return std::nullopt;
  return fmt::format("daemonset pod not found in running state in node {}", node_name);
}

std::optional<std::string> node_agent::ready_for_data_movement() const {
  if (!known_) return std::nullopt;
  constexpr std::string_view prefix = "CSI PVC BIA cannot proceed: node-agent is not ready for snapshot data movement";
  const k8s::daemon_set* linux_ds = c_.find_daemon_set(namespace_, linux_daemon_set);
  const k8s::daemon_set* windows_ds = c_.find_daemon_set(namespace_, windows_daemon_set);
  if (linux_ds != nullptr || windows_ds != nullptr) {
    for (const k8s::daemon_set* ds : {linux_ds, windows_ds})
      if (ds != nullptr && ds->number_ready.value_or(0) > 0) return std::nullopt;
    if (linux_ds == nullptr)  // Linux nodes are assumed: IsReady looks for the Linux daemonset first
      return fmt::format("{}: failed to get linux node-agent daemonset: daemonsets.apps \"{}\" not found", prefix,
                         linux_daemon_set);
    return fmt::format("{}: node-agent is not ready: no ready pods found", prefix);
  }
  for (const k8s::pod& p : c_.pods())
    if (is_node_agent_pod(p, namespace_) && !pod_not_running(p)) return std::nullopt;
  return fmt::format("{}: failed to get linux node-agent daemonset: daemonsets.apps \"{}\" not found", prefix,
                     linux_daemon_set);
}

}  // namespace volpol::plan
