// bench/gen/object_parts.h — small realistic values: UIDs, timestamps, generated-name
// suffixes, hashes, nodes and IPs, each a pure function of a seed.
#pragma once

#include <cstdint>
#include <string>

#include "cluster_model.h"

namespace volpol::bench {

/// An RFC 4122 version-4 style UID: "8e2bf3fd-dc62-4904-8023-30ff9809caf9".
[[nodiscard]] std::string uid(std::uint64_t seed);
/// `n` lowercase hex digits (container IDs, image digests, volume IDs).
[[nodiscard]] std::string hex(std::uint64_t seed, int n);
/// `n` characters from Kubernetes' generated-name alphabet ("bcdfghjklmnpqrstvwxz2456789").
[[nodiscard]] std::string safe_chars(std::uint64_t seed, int n);
/// An RFC 3339 UTC time in 2024, `offset_s` seconds after the seed's base time.
[[nodiscard]] std::string timestamp(std::uint64_t seed, int offset_s = 0);
/// A decimal resourceVersion string ("48213377").
[[nodiscard]] std::string resource_version(std::uint64_t seed);

/// A worker node: name like "ip-10-0-12-34.ec2.internal", its zone and internal IP.
struct node_info {
  std::string name;
  std::string zone;  ///< us-east-1a/b/c
  std::string ip;
};
/// The node count of a cluster with `o.pods` pods (about 25 pods per node, at least 3).
[[nodiscard]] std::uint32_t node_count(const generator_options& o);
/// Node `i` of the cluster (0 <= i < node_count).
[[nodiscard]] node_info node(const generator_options& o, std::uint32_t i);
/// A pod IP in 10.244.0.0/16-ish space.
[[nodiscard]] std::string pod_ip(std::uint64_t seed);

}  // namespace volpol::bench
