// The live-cluster flags (see cluster_flags.h).
#include "cluster_flags.h"

#include <CLI/CLI.hpp>

#include <cstdint>

namespace volpol::cli {

void add_cluster_flags(CLI::App* cmd, cluster_flags& flags) {
  const std::string group = "Live cluster (read through kubectl)";
  cmd->add_flag("--cluster", flags.cluster,
                "Read the cluster with kubectl (PVs, PVCs, pods, Velero's settings) instead of -f")
      ->group(group);
  cmd->add_option("--context", flags.context, "The kubeconfig context to use (default: the current one)")->group(group);
  cmd->add_option("--kubeconfig", flags.kubeconfig, "The kubeconfig file (default: $KUBECONFIG, ~/.kube/config)")
      ->group(group);
  cmd->add_option("--kubectl", flags.kubectl, "The kubectl program (default: kubectl on PATH)")->group(group);
  cmd->add_option("--velero-namespace", flags.velero_namespace, "The namespace Velero runs in")
      ->default_str("velero")
      ->group(group);
  cmd->add_option("--resource-policies-configmap", flags.resource_policies_configmap,
                  "The backup's resource-policy ConfigMap, in the Velero namespace (as `velero backup create`)")
      ->group(group);
  cmd->add_option("--global-backup-volume-policies-configmap", flags.global_policies_configmap,
                  "The server's global volume-policy ConfigMap, in the Velero namespace (as `velero server`)")
      ->group(group);
  CLI::Option* backup = cmd->add_option("--from-backup", flags.from_backup,
                                        "Take the backup options (and resource policy) from this Backup")
                            ->group(group);
  cmd->add_option("--from-schedule", flags.from_schedule,
                  "Take the backup options (and resource policy) from this Schedule's template")
      ->group(group)
      ->excludes(backup);
  // The API server reads `limit` as an int64: a larger value (or -1, which would wrap) is refused.
  cmd->add_option("--chunk-size", flags.chunk_size,
                  "Objects per page when listing PVs, PVCs and pods (as kubectl's --chunk-size; 0: no paging)")
      ->check(CLI::Range(std::size_t{0}, std::size_t{INT64_MAX}))
      ->default_str("500")
      ->group(group);
}

}  // namespace volpol::cli
