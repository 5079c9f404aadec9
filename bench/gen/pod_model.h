// bench/gen/pod_model.h — the parts of one generated pod (labels, annotations, containers,
// volumes), decided once and then written as spec, status and managedFields.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "object_names.h"

namespace volpol::bench {

struct pod_volume_spec {
  enum class source : std::uint8_t { claim, config_map, secret, empty_dir, memory_dir, host_path, projected };
  source kind;
  std::string name;
  std::string ref;  ///< claimName, configMap / secret name, hostPath path
};

struct mount_spec {
  std::string name;
  std::string path;
  bool read_only = false;
  bool device = false;  ///< volumeDevices (block) instead of volumeMounts
};

struct env_spec {
  enum class source : std::uint8_t { literal, field, secret_key, config_key };
  std::string name;
  std::string value;  ///< literal value, fieldPath, or the key
  source kind = source::literal;
  std::string ref;  ///< secret / configMap name
};

struct container_spec {
  std::string name;
  std::string image;
  std::string image_digest;
  std::vector<std::string> args;
  std::vector<env_spec> env;
  std::vector<mount_spec> mounts;
  int port = 8080;
  std::string port_name = "http";
  std::string cpu_request, cpu_limit, memory_request, memory_limit;
  bool http_probe = true;
  bool readiness_probe = true;
  bool hardened = true;  ///< a securityContext (no privilege escalation, read-only root)
  int restarts = 0;
};

struct pod_model {
  std::string name, uid, creation, started;
  string_pairs labels;       ///< sorted by key
  string_pairs annotations;  ///< sorted by key; empty: no `annotations` field
  std::vector<container_spec> containers;
  std::vector<pod_volume_spec> volumes;
  std::string service_account;
  std::uint32_t node = 0;
  std::string ip;
  bool pending = false;
};

[[nodiscard]] pod_model make_pod_model(const object_context& c);

}  // namespace volpol::bench
