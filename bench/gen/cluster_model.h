// bench/gen/cluster_model.h — what a generated cluster holds: namespaces of workloads
// (StatefulSets with volumeClaimTemplates, Deployments sharing an RWX claim, stateless
// Deployments, DaemonSets with hostPath volumes, bare pods), decided by a seeded PRNG.
//
// The plan of a namespace is a pure function of (options, namespace index), so the dump
// writer can walk the namespaces once per kind (pods, then PVCs, then PVs, as
// `kubectl get pods,pvc,pv -A -o json` lists them) and every pass sees the same cluster.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace volpol::bench {

struct generator_options {
  std::uint64_t pods = 1000;  ///< total pods across all namespaces
  std::uint32_t namespaces = 10;
  std::uint64_t seed = 1;
};

enum class workload_kind : std::uint8_t {
  stateful_set,       ///< pods <name>-<i>, one PVC per claim template and ordinal, RWO
  shared_deployment,  ///< replicas mount one ReadWriteMany PVC on an NFS PV
  deployment,         ///< no claims: configMap, secret, emptyDir, projected volumes
  daemon_set,         ///< hostPath volumes (/proc, /sys, /var/log)
  bare_pod,           ///< created by `kubectl apply`: last-applied-configuration annotation
};

enum class pv_kind : std::uint8_t {
  csi_ebs,  ///< spec.csi, driver ebs.csi.aws.com, storage class gp3
  aws_ebs,  ///< in-tree spec.awsElasticBlockStore, storage class gp2
  nfs,      ///< static spec.nfs, ReadWriteMany, storage class nfs
  local,    ///< spec.local with node affinity, storage class local-storage
};

struct workload {
  workload_kind kind = workload_kind::deployment;
  std::string name;  ///< unique in its namespace: "postgres", "orders-api-2"
  std::string app;   ///< the application it runs: "postgres", "orders-api"
  int replicas = 1;
  int claim_templates = 0;  ///< StatefulSet: claims per pod ("data", then "wal")
  pv_kind storage = pv_kind::csi_ebs;
  int size_gi = 10;
  int pending_from = 1 << 30;   ///< StatefulSet ordinals >= this are Pending, their PVCs unbound
  int sidecars = 0;             ///< containers besides the main one (0-2)
  bool block_mode = false;      ///< StatefulSet claims with volumeMode Block (volumeDevices)
  bool opt_in = false;          ///< backup.velero.io/backup-volumes on its pods
  bool opt_out = false;         ///< backup.velero.io/backup-volumes-excludes on its pods
  bool no_volume_mode = false;  ///< claims without spec.volumeMode (older clusters)
  std::uint64_t seed = 0;       ///< details (images, env, timestamps) derive from this
  std::string template_hash;    ///< pod-template-hash / controller-revision-hash
};

struct namespace_plan {
  std::uint32_t index = 0;
  std::string name;
  std::vector<workload> workloads;
};

/// The pods namespace `index` gets: the total split by seeded weights (1-4 each), so
/// namespaces differ in size and the sum over all namespaces is exactly `o.pods`.
[[nodiscard]] std::uint64_t pods_in_namespace(const generator_options& o, std::uint32_t index);

/// The workloads of namespace `index`, with replicas summing to pods_in_namespace().
[[nodiscard]] namespace_plan plan_namespace(const generator_options& o, std::uint32_t index);

/// Claims and volumes a workload owns.
[[nodiscard]] int claims_of(const workload& w);
[[nodiscard]] int bound_claims_of(const workload& w);

/// The claim template names of StatefulSets, in order.
[[nodiscard]] const char* claim_template_name(int i);

}  // namespace volpol::bench
