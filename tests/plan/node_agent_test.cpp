// node_agent: IsRunningInNode / IsReady / IsPodRunning as Velero words them.
#include "volpol/detail/plan/node_agent.h"

#include <gtest/gtest.h>

#include "volpol/k8s/loader.h"

namespace volpol::plan {
namespace {

constexpr const char* node_agent_pods = R"(apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Pod
  metadata:
    labels: {name: node-agent, role: node-agent}
    name: node-agent-7x2kq
    namespace: velero
  spec:
    nodeName: ip-10-0-1-17
    containers: [{name: node-agent, image: velero/velero:v1.17.0}]
  status: {phase: Running}
- apiVersion: v1
  kind: Pod
  metadata:
    labels: {name: node-agent, role: node-agent}
    name: node-agent-m4fzt
    namespace: velero
  spec:
    nodeName: ip-10-0-2-40
    containers: [{name: node-agent, image: velero/velero:v1.17.0}]
  status: {phase: Pending}
- apiVersion: v1
  kind: Pod
  metadata: {name: web-0, namespace: shop}
  spec:
    containers: [{name: web, image: nginx}]
  status: {phase: Pending}
)";

TEST(node_agent, running_pod_per_node) {
  const k8s::load_result r = k8s::load_text(node_agent_pods, "pods.yaml");
  const node_agent na(r.objects, "velero");
  EXPECT_TRUE(na.known());
  EXPECT_EQ(na.running_in_node("ip-10-0-1-17"), std::nullopt);
  EXPECT_EQ(na.running_in_node("ip-10-0-2-40"), "daemonset pod not found in running state in node ip-10-0-2-40");
  EXPECT_EQ(na.running_in_node(""), "node name is empty");
  EXPECT_EQ(na.ready_for_data_movement(), std::nullopt);  // a running pod, no DaemonSet in the input
  // another namespace: nothing known, nothing checked
  const node_agent elsewhere(r.objects, "backup-system");
  EXPECT_FALSE(elsewhere.known());
  EXPECT_EQ(elsewhere.running_in_node("ip-10-0-2-40"), std::nullopt);
}

TEST(node_agent, pod_not_running_messages) {
  const k8s::load_result r = k8s::load_text(node_agent_pods, "pods.yaml");
  EXPECT_EQ(pod_not_running(*r.objects.find_pod("shop", "web-0")),
            "pod is not scheduled, name=web-0, namespace=shop, phase=Pending");
  EXPECT_EQ(pod_not_running(*r.objects.find_pod("velero", "node-agent-m4fzt")),
            "pod is not in the expected status, name=node-agent-m4fzt, namespace=velero, phase=Pending: pod is not "
            "running");
  EXPECT_EQ(pod_not_running(*r.objects.find_pod("velero", "node-agent-7x2kq")), std::nullopt);
}

TEST(node_agent, daemon_set_ready_count_decides_data_movement) {
  k8s::load_result r = k8s::load_text(
      "apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: node-agent, namespace: velero}\n"
      "status: {desiredNumberScheduled: 2, numberReady: 0}\n",
      "ds.yaml");
  const node_agent na(r.objects, "velero");
  EXPECT_TRUE(na.known());
  EXPECT_EQ(na.ready_for_data_movement(),
            "CSI PVC BIA cannot proceed: node-agent is not ready for snapshot data movement: node-agent is not ready: "
            "no ready pods found");
  // a DaemonSet but no node-agent pod on the node
  EXPECT_EQ(na.running_in_node("n1"), "daemonset pod not found in running state in node n1");
}

}  // namespace
}  // namespace volpol::plan
