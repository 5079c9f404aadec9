// Writes a generated PersistentVolume as `kubectl get pv -o json` prints it: dynamically
// provisioned CSI (ebs.csi.aws.com) and in-tree awsElasticBlockStore volumes, static NFS
// volumes created with `kubectl apply`, and local volumes pinned to a node.
#include <algorithm>

#include <fmt/format.h>

#include "object_parts.h"
#include "rng.h"
#include "writers.h"

namespace volpol::bench {
namespace {

struct volume_model {
  std::string name, uid, claim, claim_uid, creation, size, volume_mode;
  string_pairs labels, annotations;
  std::vector<std::string> finalizers;
  node_info where;
};

std::string volume_last_applied(const object_context& c, const volume_model& m) {
  return fmt::format(
      R"({{"apiVersion":"v1","kind":"PersistentVolume","metadata":{{"annotations":{{}},"labels":{{"type":"nfs"}},)"
      R"("name":"{0}"}},"spec":{{"accessModes":["ReadWriteMany"],"capacity":{{"storage":"{1}"}},"mountOptions":)"
      R"(["hard","nfsvers=4.1"],"nfs":{{"path":"/exports/{2}/{3}","server":"{4}"}},)"
      R"("persistentVolumeReclaimPolicy":"Retain","storageClassName":"nfs"}}}})"
      "\n",
      m.name, m.size, c.ns.name, c.w.name, fmt::format("nfs-{}.storage.example.com", c.ns.index % 4 + 1));
}

volume_model make_volume_model(const object_context& c) {
  const workload& w = c.w;
  volume_model m;
  m.name = volume_name(c);
  m.uid = volume_uid(c);
  m.claim = claim_name(c);
  m.claim_uid = claim_uid(c);
  m.creation = timestamp(w.seed, c.ordinal * 40 - 4);
  m.size = fmt::format("{}Gi", w.size_gi);
  m.volume_mode = w.block_mode ? "Block" : "Filesystem";
  m.where = node(c.options, node_index(c));
  m.finalizers = {"kubernetes.io/pv-protection"};
  switch (w.storage) {
    case pv_kind::csi_ebs:
      m.annotations = {{"pv.kubernetes.io/provisioned-by", "ebs.csi.aws.com"},
                       {"volume.kubernetes.io/provisioner-deletion-secret-name", ""},
                       {"volume.kubernetes.io/provisioner-deletion-secret-namespace", ""}};
      m.finalizers = {"external-provisioner.volume.kubernetes.io/finalizer", "kubernetes.io/pv-protection",
                      "external-attacher/ebs-csi-aws-com"};
      break;
    case pv_kind::aws_ebs:
      m.annotations = {{"kubernetes.io/createdby", "aws-ebs-dynamic-provisioner"},
                       {"pv.kubernetes.io/bound-by-controller", "yes"},
                       {"pv.kubernetes.io/provisioned-by", "kubernetes.io/aws-ebs"}};
      m.labels = {{"topology.kubernetes.io/region", "us-east-1"}, {"topology.kubernetes.io/zone", m.where.zone}};
      break;
    case pv_kind::nfs:
      m.labels = {{"type", "nfs"}};
      m.annotations = {{"kubectl.kubernetes.io/last-applied-configuration", volume_last_applied(c, m)},
                       {"pv.kubernetes.io/bound-by-controller", "yes"}};
      break;
    case pv_kind::local:
      m.annotations = {{"pv.kubernetes.io/provisioned-by", "local-volume-provisioner-" + m.where.name}};
      break;
  }
  return m;
}

void write_node_affinity(emitter& e, const char* key, const std::string& value) {
  e.object_field("nodeAffinity");
  e.object_field("required");
  e.array_field("nodeSelectorTerms");
  e.begin_object();
  e.array_field("matchExpressions");
  e.begin_object();
  e.field("key", key);
  e.field("operator", "In");
  e.array_field("values");
  e.string(value);
  e.end_array();
  e.end_object();
  e.end_array();
  e.end_object();
  e.end_array();
  e.end_object();
  e.end_object();
}

void write_csi(emitter& e, const object_context& c) {
  e.object_field("csi");
  e.field("driver", "ebs.csi.aws.com");
  e.field("fsType", "ext4");
  e.object_field("volumeAttributes");
  e.field("storage.kubernetes.io/csiProvisionerIdentity",
          fmt::format("{}-{}-ebs.csi.aws.com", 1712000000000ULL + c.w.seed % 9000000000ULL, 1000 + c.w.seed % 9000));
  e.end_object();
  e.field("volumeHandle", "vol-0" + hex(object_seed(c, 'h'), 16));
  e.end_object();
}

void write_source(emitter& e, const object_context& c, const volume_model& m, int step) {
  const pv_kind k = c.w.storage;
  // step 0: sources sorted before "capacity"; 1: before "mountOptions"; 2: after it.
  if (step == 0 && k == pv_kind::aws_ebs) {
    e.object_field("awsElasticBlockStore");
    e.field("fsType", "ext4");
    e.field("volumeID", fmt::format("aws://{}/vol-0{}", m.where.zone, hex(object_seed(c, 'h'), 16)));
    e.end_object();
  }
  if (step == 1 && k == pv_kind::csi_ebs) write_csi(e, c);
  if (step == 1 && k == pv_kind::local) {
    e.object_field("local");
    e.field("path", fmt::format("/mnt/disks/ssd{}", c.ordinal % 4));
    e.end_object();
  }
  if (step == 2 && k == pv_kind::nfs) {
    e.array_field("mountOptions");
    e.string("hard");
    e.string("nfsvers=4.1");
    e.end_array();
    e.object_field("nfs");
    e.field("path", fmt::format("/exports/{}/{}", c.ns.name, c.w.name));
    e.field("server", fmt::format("nfs-{}.storage.example.com", c.ns.index % 4 + 1));
    e.end_object();
  }
}

void write_spec(emitter& e, const object_context& c, const volume_model& m) {
  const pv_kind k = c.w.storage;
  e.object_field("spec");
  e.array_field("accessModes");
  e.string(k == pv_kind::nfs ? "ReadWriteMany" : "ReadWriteOnce");
  e.end_array();
  write_source(e, c, m, 0);
  e.object_field("capacity");
  e.field("storage", m.size);
  e.end_object();
  e.object_field("claimRef");
  e.field("apiVersion", "v1");
  e.field("kind", "PersistentVolumeClaim");
  e.field("name", m.claim);
  e.field("namespace", c.ns.name);
  e.field("resourceVersion", resource_version(object_seed(c, 'q')));
  e.field("uid", m.claim_uid);
  e.end_object();
  write_source(e, c, m, 1);
  write_source(e, c, m, 2);
  if (k == pv_kind::csi_ebs) write_node_affinity(e, "topology.ebs.csi.aws.com/zone", m.where.zone);
  if (k == pv_kind::aws_ebs) write_node_affinity(e, "topology.kubernetes.io/zone", m.where.zone);
  if (k == pv_kind::local) write_node_affinity(e, "kubernetes.io/hostname", m.where.name);
  e.field("persistentVolumeReclaimPolicy", k == pv_kind::nfs ? "Retain" : "Delete");
  e.field("storageClassName", storage_class(k));
  e.field("volumeMode", m.volume_mode);
  e.end_object();
}

void write_managed_fields(emitter& e, const object_context& c, const volume_model& m) {
  const bool applied = c.w.storage == pv_kind::nfs;
  const char* manager = c.w.storage == pv_kind::csi_ebs ? "csi-provisioner"
                        : applied                       ? "kubectl-client-side-apply"
                        : c.w.storage == pv_kind::local ? "local-provisioner"
                                                        : "kube-controller-manager";
  e.array_field("managedFields");
  write_managed_field(e, manager, m.creation, "", [&] {
    e.object_field("f:metadata");
    e.object_field("f:annotations");
    dot(e);
    for (const auto& [k, v] : m.annotations) leaf(e, "f:" + k);
    e.end_object();
    e.end_object();
    e.object_field("f:spec");
    for (const char* f : {"f:accessModes", "f:capacity", "f:claimRef", "f:persistentVolumeReclaimPolicy",
                          "f:storageClassName", "f:volumeMode"})
      leaf(e, f);
    e.end_object();
  });
  write_managed_field(e, "kube-controller-manager", m.creation, "status", [&] {
    e.object_field("f:status");
    leaf(e, "f:phase");
    e.end_object();
  });
  e.end_array();
}

}  // namespace

void write_volume(emitter& e, const object_context& c) {
  const volume_model m = make_volume_model(c);
  e.begin_object();
  e.field("apiVersion", "v1");
  e.field("kind", "PersistentVolume");
  e.object_field("metadata");
  write_string_map(e, "annotations", m.annotations);
  e.field("creationTimestamp", m.creation);
  e.array_field("finalizers");
  for (const auto& f : m.finalizers) e.string(f);
  e.end_array();
  if (!m.labels.empty()) write_string_map(e, "labels", m.labels);
  write_managed_fields(e, c, m);
  e.field("name", m.name);
  e.field("resourceVersion", resource_version(object_seed(c, 'v')));
  e.field("uid", m.uid);
  e.end_object();
  write_spec(e, c, m);
  e.object_field("status");
  e.field("lastPhaseTransitionTime", m.creation);
  e.field("phase", "Bound");
  e.end_object();
  e.end_object();
}

}  // namespace volpol::bench
