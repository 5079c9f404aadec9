// bench/gen/object_names.h — names, UIDs and placements that several objects must agree on
// (a pod's claimName, the PVC's name, the PV's claimRef and name; the node a pod and its
// local PV share), all pure functions of the model.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "cluster_model.h"

namespace volpol::bench {

/// Labels or annotations, sorted by key as kubectl prints them.
using string_pairs = std::vector<std::pair<std::string, std::string>>;

/// One object of a workload: replica `ordinal` (and claim template `claim` for claims).
struct object_context {
  const generator_options& options;
  const namespace_plan& ns;
  const workload& w;
  int ordinal = 0;
  int claim = 0;
};

[[nodiscard]] std::string pod_name(const object_context& c);
[[nodiscard]] std::string pod_uid(const object_context& c);
/// The PVC of claim template `c.claim` and replica `c.ordinal` (shared deployments: the one claim).
[[nodiscard]] std::string claim_name(const object_context& c);
[[nodiscard]] std::string claim_uid(const object_context& c);
/// The PV bound to that claim.
[[nodiscard]] std::string volume_name(const object_context& c);
[[nodiscard]] std::string volume_uid(const object_context& c);
/// The node replica `c.ordinal` runs on (and its local PV lives on).
[[nodiscard]] std::uint32_t node_index(const object_context& c);
/// True when the replica is Pending: its StatefulSet claims are not bound yet.
[[nodiscard]] bool is_pending(const object_context& c);
/// The owner's name and UID (StatefulSet, ReplicaSet, DaemonSet); "" for bare pods.
[[nodiscard]] std::string owner_name(const object_context& c);
[[nodiscard]] std::string owner_kind(const object_context& c);
[[nodiscard]] std::string owner_uid(const object_context& c);
/// Storage class and provisioner of the workload's claims.
[[nodiscard]] const char* storage_class(pv_kind k);
[[nodiscard]] const char* provisioner(pv_kind k);
/// A per-object seed: mixes the options' seed, namespace, workload, ordinal, claim and `tag`.
[[nodiscard]] std::uint64_t object_seed(const object_context& c, std::uint64_t tag);

}  // namespace volpol::bench
