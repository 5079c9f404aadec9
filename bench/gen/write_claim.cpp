// Writes a generated PersistentVolumeClaim as `kubectl get pvc -o json` prints it.
#include <algorithm>

#include <fmt/format.h>

#include "object_parts.h"
#include "pod_model.h"
#include "rng.h"
#include "writers.h"

namespace volpol::bench {
namespace {

struct claim_model {
  std::string name, uid, creation, bound_at, size, access_mode, volume_mode;
  string_pairs labels, annotations;
  bool pending = false;
};

std::string claim_last_applied(const object_context& c, const claim_model& m) {
  return fmt::format(
      R"({{"apiVersion":"v1","kind":"PersistentVolumeClaim","metadata":{{"annotations":{{}},"labels":{{"app":"{0}"}},)"
      R"("name":"{1}","namespace":"{2}"}},"spec":{{"accessModes":["ReadWriteMany"],"resources":{{"requests":)"
      R"({{"storage":"{3}"}}}},"storageClassName":"nfs","volumeName":"{4}"}}}})"
      "\n",
      c.w.name, m.name, c.ns.name, m.size, volume_name(c));
}

claim_model make_claim_model(const object_context& c) {
  const workload& w = c.w;
  rng r(object_seed(c, 'c'));
  claim_model m;
  m.name = claim_name(c);
  m.uid = claim_uid(c);
  m.creation = timestamp(w.seed, c.ordinal * 40 - 5);
  m.bound_at = timestamp(w.seed, c.ordinal * 40 - 3);
  m.size = fmt::format("{}Gi", w.size_gi);
  m.pending = is_pending(c);
  const bool shared = w.kind == workload_kind::shared_deployment;
  m.access_mode = shared ? "ReadWriteMany" : "ReadWriteOnce";
  m.volume_mode = w.no_volume_mode ? "" : (w.block_mode ? "Block" : "Filesystem");
  if (shared) {
    m.labels = {{"app", w.name}, {"tier", "shared-storage"}};
    m.annotations = {{"kubectl.kubernetes.io/last-applied-configuration", claim_last_applied(c, m)},
                     {"pv.kubernetes.io/bind-completed", "yes"}};
    return m;
  }
  m.labels = {{"app.kubernetes.io/instance", w.name}, {"app.kubernetes.io/name", w.app}};
  if (r.chance(30)) m.labels.emplace_back("backup", r.chance(50) ? "daily" : "none");
  if (r.chance(20)) m.labels.emplace_back("environment", c.ns.name.substr(c.ns.name.find('-') + 1, 4));
  if (!m.pending) {
    m.annotations = {{"pv.kubernetes.io/bind-completed", "yes"}, {"pv.kubernetes.io/bound-by-controller", "yes"}};
    if (w.storage != pv_kind::local)
      m.annotations.emplace_back("volume.beta.kubernetes.io/storage-provisioner", provisioner(w.storage));
    if (w.storage != pv_kind::aws_ebs)
      m.annotations.emplace_back("volume.kubernetes.io/selected-node", node(c.options, node_index(c)).name);
    if (w.storage == pv_kind::csi_ebs)
      m.annotations.emplace_back("volume.kubernetes.io/storage-provisioner", provisioner(w.storage));
  }
  std::sort(m.labels.begin(), m.labels.end());
  std::sort(m.annotations.begin(), m.annotations.end());
  return m;
}

void write_claim_fields(emitter& e, const claim_model& m, bool shared) {
  write_managed_field(e, shared ? "kubectl-client-side-apply" : "kube-controller-manager", m.creation, "", [&] {
    e.object_field("f:metadata");
    if (shared) {
      e.object_field("f:annotations");
      dot(e);
      leaf(e, "f:kubectl.kubernetes.io/last-applied-configuration");
      e.end_object();
    }
    e.object_field("f:labels");
    dot(e);
    for (const auto& [k, v] : m.labels) leaf(e, "f:" + k);
    e.end_object();
    e.end_object();
    e.object_field("f:spec");
    leaf(e, "f:accessModes");
    e.object_field("f:resources");
    e.object_field("f:requests");
    dot(e);
    leaf(e, "f:storage");
    e.end_object();
    e.end_object();
    leaf(e, "f:storageClassName");
    if (!m.volume_mode.empty()) leaf(e, "f:volumeMode");
    e.end_object();
  });
  if (m.pending) return;
  write_managed_field(e, "kube-controller-manager", m.bound_at, "", [&] {
    e.object_field("f:metadata");
    e.object_field("f:annotations");
    for (const auto& [k, v] : m.annotations)
      if (k.starts_with("pv.") || k.starts_with("volume.")) leaf(e, "f:" + k);
    e.end_object();
    e.end_object();
    e.object_field("f:spec");
    leaf(e, "f:volumeName");
    e.end_object();
  });
  write_managed_field(e, "kube-controller-manager", m.bound_at, "status", [&] {
    e.object_field("f:status");
    leaf(e, "f:accessModes");
    e.object_field("f:capacity");
    dot(e);
    leaf(e, "f:storage");
    e.end_object();
    leaf(e, "f:phase");
    e.end_object();
  });
}

void write_access_modes(emitter& e, const claim_model& m) {
  e.array_field("accessModes");
  e.string(m.access_mode);
  e.end_array();
}

}  // namespace

void write_claim(emitter& e, const object_context& c) {
  const claim_model m = make_claim_model(c);
  const bool shared = c.w.kind == workload_kind::shared_deployment;
  e.begin_object();
  e.field("apiVersion", "v1");
  e.field("kind", "PersistentVolumeClaim");
  e.object_field("metadata");
  if (!m.annotations.empty()) write_string_map(e, "annotations", m.annotations);
  e.field("creationTimestamp", m.creation);
  e.array_field("finalizers");
  e.string("kubernetes.io/pvc-protection");
  e.end_array();
  write_string_map(e, "labels", m.labels);
  e.array_field("managedFields");
  write_claim_fields(e, m, shared);
  e.end_array();
  e.field("name", m.name);
  e.field("namespace", c.ns.name);
  e.field("resourceVersion", resource_version(object_seed(c, 'R')));
  e.field("uid", m.uid);
  e.end_object();

  e.object_field("spec");
  write_access_modes(e, m);
  e.object_field("resources");
  e.object_field("requests");
  e.field("storage", m.size);
  e.end_object();
  e.end_object();
  e.field("storageClassName", storage_class(c.w.storage));
  if (!m.volume_mode.empty()) e.field("volumeMode", m.volume_mode);
  if (!m.pending) e.field("volumeName", volume_name(c));
  e.end_object();

  e.object_field("status");
  if (!m.pending) {
    write_access_modes(e, m);
    e.object_field("capacity");
    e.field("storage", m.size);
    e.end_object();
  }
  e.field("phase", m.pending ? "Pending" : "Bound");
  e.end_object();
  e.end_object();
}

}  // namespace volpol::bench
