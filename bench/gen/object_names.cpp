#include "object_names.h"

#include <fmt/format.h>

#include "object_parts.h"
#include "rng.h"

namespace volpol::bench {

std::uint64_t object_seed(const object_context& c, std::uint64_t tag) {
  return mix_seed({c.w.seed, static_cast<std::uint64_t>(c.ordinal), static_cast<std::uint64_t>(c.claim), tag});
}

std::string pod_name(const object_context& c) {
  switch (c.w.kind) {
    case workload_kind::stateful_set: return fmt::format("{}-{}", c.w.name, c.ordinal);
    case workload_kind::bare_pod: return c.w.name;
    case workload_kind::daemon_set: return fmt::format("{}-{}", c.w.name, safe_chars(object_seed(c, 'n'), 5));
    default: return fmt::format("{}-{}-{}", c.w.name, c.w.template_hash, safe_chars(object_seed(c, 'n'), 5));
  }
}

std::string pod_uid(const object_context& c) { return uid(object_seed(c, 'P')); }

std::string claim_name(const object_context& c) {
  if (c.w.kind == workload_kind::shared_deployment) return fmt::format("{}-shared", c.w.name);
  return fmt::format("{}-{}-{}", claim_template_name(c.claim), c.w.name, c.ordinal);
}

std::string claim_uid(const object_context& c) {
  object_context k = c;
  if (c.w.kind == workload_kind::shared_deployment) k.ordinal = 0;
  return uid(object_seed(k, 'C'));
}

std::string volume_name(const object_context& c) {
  switch (c.w.storage) {
    case pv_kind::nfs: return fmt::format("{}-{}-nfs", c.ns.name, c.w.name);
    case pv_kind::local: return fmt::format("local-pv-{}", hex(object_seed(c, 'L'), 8));
    default: return "pvc-" + claim_uid(c);
  }
}

std::string volume_uid(const object_context& c) {
  object_context k = c;
  if (c.w.kind == workload_kind::shared_deployment) k.ordinal = 0;
  return uid(object_seed(k, 'V'));
}

std::uint32_t node_index(const object_context& c) {
  return static_cast<std::uint32_t>(object_seed(c, 'N') % node_count(c.options));
}

bool is_pending(const object_context& c) {
  return c.w.kind == workload_kind::stateful_set && c.ordinal >= c.w.pending_from;
}

std::string owner_kind(const object_context& c) {
  switch (c.w.kind) {
    case workload_kind::stateful_set: return "StatefulSet";
    case workload_kind::daemon_set: return "DaemonSet";
    case workload_kind::bare_pod: return "";
    default: return "ReplicaSet";
  }
}

std::string owner_name(const object_context& c) {
  switch (c.w.kind) {
    case workload_kind::stateful_set:
    case workload_kind::daemon_set: return c.w.name;
    case workload_kind::bare_pod: return "";
    default: return fmt::format("{}-{}", c.w.name, c.w.template_hash);
  }
}

std::string owner_uid(const object_context& c) { return uid(mix_seed({c.w.seed, 'O'})); }

const char* storage_class(pv_kind k) {
  switch (k) {
    case pv_kind::csi_ebs: return "gp3";
    case pv_kind::aws_ebs: return "gp2";
    case pv_kind::nfs: return "nfs";
    case pv_kind::local: return "local-storage";
  }
  return "";
}

const char* provisioner(pv_kind k) {
  switch (k) {
    case pv_kind::csi_ebs: return "ebs.csi.aws.com";
    case pv_kind::aws_ebs: return "kubernetes.io/aws-ebs";
    case pv_kind::nfs: return "";
    case pv_kind::local: return "kubernetes.io/no-provisioner";
  }
  return "";
}

}  // namespace volpol::bench
