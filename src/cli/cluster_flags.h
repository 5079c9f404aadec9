// cluster_flags.h (private to the cli layer) — reading a live cluster: the flags any subcommand can add, and
// where it reads.
//
//     volpol plan --cluster [--context NAME] [--kubeconfig FILE] [--velero-namespace velero]
//                 [--resource-policies-configmap NAME] [--global-backup-volume-policies-configmap NAME]
//                 [--from-backup NAME | --from-schedule NAME] [--chunk-size N]
//
// With --cluster, volpol reads the cluster through kubectl: k8s::read_live_cluster and
// k8s::load_live_objects (volpol/k8s/live_cluster.h) say what and how.
#pragma once

#include "volpol/k8s/live_cluster.h"

namespace CLI {
class App;
}

namespace volpol::cli {

/// The live-cluster flags as given: --cluster, and where and what to read
/// (k8s::live_cluster_source: --context ... --chunk-size).
struct cluster_flags : k8s::live_cluster_source {
  bool cluster = false;  ///< --cluster
};

/// Adds the live-cluster flags to `cmd` (option group "Live cluster").
void add_cluster_flags(CLI::App* cmd, cluster_flags& flags);

using k8s::fetched_text;
using k8s::live_cluster;

}  // namespace volpol::cli
