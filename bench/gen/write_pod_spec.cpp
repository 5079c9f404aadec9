// Writes a generated Pod's spec (containers, volumes ...) with kubectl's key order.
#include "write_pod_spec.h"
#include "object_parts.h"

namespace volpol::bench {
namespace {

using vsrc = pod_volume_spec::source;

void write_env(emitter& e, const env_spec& v) {
  e.begin_object();
  e.field("name", v.name);
  if (v.kind == env_spec::source::literal) {
    e.field("value", v.value);
  } else {
    e.object_field("valueFrom");
    if (v.kind == env_spec::source::field) {
      e.object_field("fieldRef");
      e.field("apiVersion", "v1");
      e.field("fieldPath", v.value);
    } else {
      e.object_field(v.kind == env_spec::source::secret_key ? "secretKeyRef" : "configMapKeyRef");
      e.field("key", v.value);
      e.field("name", v.ref);
    }
    e.end_object();
    e.end_object();
  }
  e.end_object();
}

void write_probe(emitter& e, std::string_view key, const container_spec& k, int delay) {
  e.object_field(key);
  e.field_int("failureThreshold", 3);
  if (k.http_probe) {
    e.object_field("httpGet");
    e.field("path", key == "livenessProbe" ? "/healthz" : "/readyz");
    e.field_int("port", k.port);
    e.field("scheme", "HTTP");
    e.end_object();
  }
  e.field_int("initialDelaySeconds", delay);
  e.field_int("periodSeconds", 10);
  e.field_int("successThreshold", 1);
  if (!k.http_probe) {
    e.object_field("tcpSocket");
    e.field_int("port", k.port);
    e.end_object();
  }
  e.field_int("timeoutSeconds", 1);
  e.end_object();
}

void write_resources(emitter& e, const container_spec& k) {
  e.object_field("resources");
  e.object_field("limits");
  e.field("cpu", k.cpu_limit);
  e.field("memory", k.memory_limit);
  e.end_object();
  e.object_field("requests");
  e.field("cpu", k.cpu_request);
  e.field("memory", k.memory_request);
  e.end_object();
  e.end_object();
}

void write_container_security(emitter& e) {
  e.object_field("securityContext");
  e.field_bool("allowPrivilegeEscalation", false);
  e.object_field("capabilities");
  e.array_field("drop");
  e.string("ALL");
  e.end_array();
  e.end_object();
  e.field_bool("readOnlyRootFilesystem", true);
  e.field_bool("runAsNonRoot", true);
  e.end_object();
}

void write_mounts(emitter& e, const container_spec& k) {
  bool any_device = false;
  for (const auto& m : k.mounts) any_device |= m.device;
  if (any_device) {
    e.array_field("volumeDevices");
    for (const auto& m : k.mounts) {
      if (!m.device) continue;
      e.begin_object();
      e.field("devicePath", m.path);
      e.field("name", m.name);
      e.end_object();
    }
    e.end_array();
  }
  e.array_field("volumeMounts");
  for (const auto& m : k.mounts) {
    if (m.device) continue;
    e.begin_object();
    e.field("mountPath", m.path);
    e.field("name", m.name);
    if (m.read_only) e.field_bool("readOnly", true);
    e.end_object();
  }
  e.end_array();
}

void write_container(emitter& e, const container_spec& k) {
  e.begin_object();
  e.array_field("args");
  for (const auto& a : k.args) e.string(a);
  e.end_array();
  e.array_field("env");
  for (const auto& v : k.env) write_env(e, v);
  e.end_array();
  e.field("image", k.image);
  e.field("imagePullPolicy", "IfNotPresent");
  write_probe(e, "livenessProbe", k, 30);
  e.field("name", k.name);
  e.array_field("ports");
  e.begin_object();
  e.field_int("containerPort", k.port);
  e.field("name", k.port_name);
  e.field("protocol", "TCP");
  e.end_object();
  e.end_array();
  if (k.readiness_probe) write_probe(e, "readinessProbe", k, 5);
  write_resources(e, k);
  if (k.hardened) write_container_security(e);
  e.field("terminationMessagePath", "/dev/termination-log");
  e.field("terminationMessagePolicy", "File");
  write_mounts(e, k);
  e.end_object();
}

void write_projected_sources(emitter& e) {
  e.array_field("sources");
  e.begin_object();
  e.object_field("serviceAccountToken");
  e.field_int("expirationSeconds", 3607);
  e.field("path", "token");
  e.end_object();
  e.end_object();
  e.begin_object();
  e.object_field("configMap");
  e.array_field("items");
  e.begin_object();
  e.field("key", "ca.crt");
  e.field("path", "ca.crt");
  e.end_object();
  e.end_array();
  e.field("name", "kube-root-ca.crt");
  e.end_object();
  e.end_object();
  e.begin_object();
  e.object_field("downwardAPI");
  e.array_field("items");
  e.begin_object();
  e.object_field("fieldRef");
  e.field("apiVersion", "v1");
  e.field("fieldPath", "metadata.namespace");
  e.end_object();
  e.field("path", "namespace");
  e.end_object();
  e.end_array();
  e.end_object();
  e.end_object();
  e.end_array();
}

void write_volume_entry(emitter& e, const pod_volume_spec& v) {
  e.begin_object();
  switch (v.kind) {
    case vsrc::config_map:
      e.object_field("configMap");
      e.field_int("defaultMode", 420);
      e.field("name", v.ref);
      e.end_object();
      e.field("name", v.name);
      break;
    case vsrc::empty_dir:
      e.key("emptyDir");
      e.empty_object();
      e.field("name", v.name);
      break;
    case vsrc::memory_dir:
      e.object_field("emptyDir");
      e.field("medium", "Memory");
      e.field("sizeLimit", "256Mi");
      e.end_object();
      e.field("name", v.name);
      break;
    case vsrc::host_path:
      e.object_field("hostPath");
      e.field("path", v.ref);
      e.field("type", "");
      e.end_object();
      e.field("name", v.name);
      break;
    case vsrc::claim:
      e.field("name", v.name);
      e.object_field("persistentVolumeClaim");
      e.field("claimName", v.ref);
      e.end_object();
      break;
    case vsrc::projected:
      e.field("name", v.name);
      e.object_field("projected");
      e.field_int("defaultMode", 420);
      write_projected_sources(e);
      e.end_object();
      break;
    case vsrc::secret:
      e.field("name", v.name);
      e.object_field("secret");
      e.field_int("defaultMode", 420);
      e.field("secretName", v.ref);
      e.end_object();
      break;
  }
  e.end_object();
}

void write_tolerations(emitter& e) {
  e.array_field("tolerations");
  for (const char* key : {"node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable"}) {
    e.begin_object();
    e.field("effect", "NoExecute");
    e.field("key", key);
    e.field("operator", "Exists");
    e.field_int("tolerationSeconds", 300);
    e.end_object();
  }
  e.end_array();
}

}  // namespace

void write_pod_spec(emitter& e, const object_context& c, const pod_model& p) {
  const bool stateful = c.w.kind == workload_kind::stateful_set;
  e.object_field("spec");
  e.array_field("containers");
  for (const auto& k : p.containers) write_container(e, k);
  e.end_array();
  e.field("dnsPolicy", "ClusterFirst");
  e.field_bool("enableServiceLinks", true);
  if (stateful) e.field("hostname", p.name);
  if (!p.pending) e.field("nodeName", node(c.options, p.node).name);
  e.field("preemptionPolicy", "PreemptLowerPriority");
  e.field_int("priority", 0);
  e.field("restartPolicy", "Always");
  e.field("schedulerName", "default-scheduler");
  if (c.w.kind == workload_kind::daemon_set) {
    e.key("securityContext");
    e.empty_object();
  } else {
    e.object_field("securityContext");
    e.field_int("fsGroup", 1000);
    e.field_bool("runAsNonRoot", true);
    e.field_int("runAsUser", 1000);
    e.end_object();
  }
  e.field("serviceAccount", p.service_account);
  e.field("serviceAccountName", p.service_account);
  if (stateful) e.field("subdomain", c.w.name + "-headless");
  e.field_int("terminationGracePeriodSeconds", 30);
  write_tolerations(e);
  e.array_field("volumes");
  for (const auto& v : p.volumes) write_volume_entry(e, v);
  e.end_array();
  e.end_object();
}

}  // namespace volpol::bench
