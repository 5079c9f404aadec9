// Writes a generated Pod with the fields and key order of `kubectl get pod -o json`: metadata
// (with managedFields) and status here, the spec in write_pod_spec.cpp.
#include <fmt/format.h>

#include "object_parts.h"
#include "write_pod_spec.h"

namespace volpol::bench {
namespace {

void write_condition(emitter& e, const char* type, const std::string& time) {
  e.begin_object();
  e.key("lastProbeTime");
  e.null();
  e.field("lastTransitionTime", time);
  e.field("status", "True");
  e.field("type", type);
  e.end_object();
}

void write_container_status(emitter& e, const container_spec& k, const pod_model& p, std::uint64_t seed) {
  e.begin_object();
  e.field("containerID", "containerd://" + hex(seed, 64));
  e.field("image", k.image);
  e.field("imageID", k.image.substr(0, k.image.rfind(':')) + "@sha256:" + k.image_digest);
  e.key("lastState");
  e.empty_object();
  e.field("name", k.name);
  e.field_bool("ready", true);
  e.field_int("restartCount", k.restarts);
  e.field_bool("started", true);
  e.object_field("state");
  e.object_field("running");
  e.field("startedAt", p.started);
  e.end_object();
  e.end_object();
  e.end_object();
}

void write_ip_list(emitter& e, std::string_view key, const std::string& ip) {
  e.array_field(key);
  e.begin_object();
  e.field("ip", ip);
  e.end_object();
  e.end_array();
}

void write_status(emitter& e, const object_context& c, const pod_model& p) {
  e.object_field("status");
  if (p.pending) {
    e.array_field("conditions");
    e.begin_object();
    e.key("lastProbeTime");
    e.null();
    e.field("lastTransitionTime", p.creation);
    e.field("message", fmt::format("0/{0} nodes are available: pod has unbound immediate PersistentVolumeClaims. "
                                   "preemption: 0/{0} nodes are available: {0} Preemption is not helpful for "
                                   "scheduling.",
                                   node_count(c.options)));
    e.field("reason", "Unschedulable");
    e.field("status", "False");
    e.field("type", "PodScheduled");
    e.end_object();
    e.end_array();
    e.field("phase", "Pending");
    e.field("qosClass", "Burstable");
    e.end_object();
    return;
  }
  e.array_field("conditions");
  for (const char* t : {"Initialized", "Ready", "ContainersReady", "PodScheduled"}) write_condition(e, t, p.started);
  e.end_array();
  e.array_field("containerStatuses");
  for (std::size_t i = 0; i < p.containers.size(); ++i)
    write_container_status(e, p.containers[i], p, object_seed(c, 'k' + i));
  e.end_array();
  const node_info n = node(c.options, p.node);
  e.field("hostIP", n.ip);
  write_ip_list(e, "hostIPs", n.ip);
  e.field("phase", "Running");
  e.field("podIP", p.ip);
  write_ip_list(e, "podIPs", p.ip);
  e.field("qosClass", "Burstable");
  e.field("startTime", p.creation);
  e.end_object();
}

void write_container_fields(emitter& e, const container_spec& k) {
  e.object_field(fmt::format(R"(k:{{"name":"{}"}})", k.name));
  dot(e);
  for (const char* f : {"f:env", "f:image", "f:name", "f:resources", "f:volumeMounts"}) leaf(e, f);
  e.end_object();
}

void write_controller_fields(emitter& e, const object_context& c, const pod_model& p) {
  e.object_field("f:metadata");
  if (!p.annotations.empty()) leaf(e, "f:annotations");
  if (c.w.kind != workload_kind::bare_pod) leaf(e, "f:generateName");
  e.object_field("f:labels");
  dot(e);
  for (const auto& [k, v] : p.labels) leaf(e, "f:" + k);
  e.end_object();
  if (c.w.kind != workload_kind::bare_pod) leaf(e, "f:ownerReferences");
  e.end_object();
  e.object_field("f:spec");
  e.object_field("f:containers");
  for (const auto& k : p.containers) write_container_fields(e, k);
  e.end_object();
  leaf(e, "f:volumes");
  e.end_object();
}

void write_status_fields(emitter& e) {
  e.object_field("f:status");
  e.object_field("f:conditions");
  e.object_field(R"(k:{"type":"Ready"})");
  dot(e);
  for (const char* f : {"f:lastTransitionTime", "f:status", "f:type"}) leaf(e, f);
  e.end_object();
  e.end_object();
  for (const char* f : {"f:containerStatuses", "f:hostIP", "f:phase", "f:podIP", "f:podIPs", "f:startTime"}) leaf(e, f);
  e.end_object();
}

void write_metadata(emitter& e, const object_context& c, const pod_model& p) {
  const bool bare = c.w.kind == workload_kind::bare_pod;
  e.object_field("metadata");
  if (!p.annotations.empty()) write_string_map(e, "annotations", p.annotations);
  e.field("creationTimestamp", p.creation);
  if (!bare) e.field("generateName", owner_name(c) + "-");
  write_string_map(e, "labels", p.labels);
  e.array_field("managedFields");
  write_managed_field(e, bare ? "kubectl-client-side-apply" : "kube-controller-manager", p.creation, "",
                      [&] { write_controller_fields(e, c, p); });
  if (!p.pending) write_managed_field(e, "kubelet", p.started, "status", [&] { write_status_fields(e); });
  e.end_array();
  e.field("name", p.name);
  e.field("namespace", c.ns.name);
  if (!bare) {
    e.array_field("ownerReferences");
    write_owner_reference(e, "apps/v1", owner_kind(c), owner_name(c), owner_uid(c));
    e.end_array();
  }
  e.field("resourceVersion", resource_version(object_seed(c, 'r')));
  e.field("uid", p.uid);
  e.end_object();
}

}  // namespace

void write_string_map(emitter& e, std::string_view key, const string_pairs& pairs) {
  e.object_field(key);
  for (const auto& [k, v] : pairs) e.field(k, v);
  e.end_object();
}

void write_owner_reference(emitter& e, const std::string& api_version, const std::string& kind, const std::string& name,
                           const std::string& uid) {
  e.begin_object();
  e.field("apiVersion", api_version);
  e.field_bool("blockOwnerDeletion", true);
  e.field_bool("controller", true);
  e.field("kind", kind);
  e.field("name", name);
  e.field("uid", uid);
  e.end_object();
}

void write_pod(emitter& e, const object_context& c) {
  const pod_model p = make_pod_model(c);
  e.begin_object();
  e.field("apiVersion", "v1");
  e.field("kind", "Pod");
  write_metadata(e, c, p);
  write_pod_spec(e, c, p);
  write_status(e, c, p);
  e.end_object();
}

}  // namespace volpol::bench
