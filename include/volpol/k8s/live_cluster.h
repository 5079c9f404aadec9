// volpol/k8s/live_cluster.h — what volpol reads from a live cluster, through the real kubectl
// (volpol/k8s/kubectl.h: every kubeconfig auth method), for `plan --cluster` and the commands
// that plan like it.
//
//     k8s::live_cluster_source source;  // the current context, Velero in `velero`
//     source.from_schedule = "nightly";
//     auto live = k8s::read_live_cluster(source);              // everything but the volumes
//     if (const diagnostic* e = live.error()) report(*e);      // kubectl missing, 403, ...
//     bool failed = false;
//     k8s::load_result objects = k8s::load_live_objects(*live, {}, failed);  // paged, streamed
//
// volpol runs the real kubectl (so every kubeconfig auth method works) for:
//   - PersistentVolumes, PersistentVolumeClaims and Pods of all namespaces: pages of
//     --chunk-size objects read raw through one `kubectl proxy` child, the three lists at once,
//     streamed into the loader (volpol/detail/api_list.h); failing = no plan (exit 3);
// and GETs through the same proxy for the small lists and objects (failures said as the
// `kubectl get` they stand for):
//   - Namespaces, Nodes, StorageClasses, VolumeSnapshotClasses: facts for the notes (the node
//     agent pods — `name=node-agent` in the Velero namespace — against the nodes; CSI drivers
//     without a VolumeSnapshotClass) and for the namespace filter's warning; failing = a warning
//     and the old assumption;
//   - in the Velero namespace: VolumeSnapshotLocations (their providers, used when
//     --volume-snapshot-locations is not given, or to resolve the bare names it gives), the
//     Backup (--from-backup) or Schedule (--from-schedule, its spec.template) whose options the
//     plan takes, and the policy ConfigMaps: --resource-policies-configmap (as `velero backup
//     create` names it; else the Backup's or Schedule's spec.resourcePolicy) and the server's
//     --global-backup-volume-policies-configmap (as `velero server` names it).
// Errors name the kubectl call and say what went wrong: kubectl missing, the context unknown
// (with the contexts there are), access denied (user, verb, resource, scope), not logged in,
// server unreachable, a named object not found.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "volpol/core/result.h"
#include "volpol/detail/k8s/backup.h"
#include "volpol/detail/k8s/volume_snapshot_location.h"
#include "volpol/k8s/kubectl.h"
#include "volpol/k8s/loader.h"

namespace volpol::k8s {

class cluster;
class kubectl_proxy;

/// Where and what to read: kubectl's flags and Velero's names, as `velero` and its server name
/// them (the command line's --context ... --chunk-size).
struct live_cluster_source {
  std::string context;                      ///< --context ("": the kubeconfig's current one)
  std::string kubeconfig;                   ///< --kubeconfig ("": kubectl's default)
  std::string kubectl = "kubectl";          ///< the kubectl program (name on PATH or path)
  std::string velero_namespace = "velero";  ///< where Velero runs (`velero install --namespace`)
  std::string resource_policies_configmap;  ///< `velero backup create --resource-policies-configmap`
  std::string global_policies_configmap;    ///< `velero server --global-backup-volume-policies-configmap`
  std::string from_backup;                  ///< a Backup whose options the plan takes
  std::string from_schedule;                ///< a Schedule whose next Backup the plan is for
  std::string velero_version;               ///< the release planned for ("": read it from the cluster)
  std::size_t chunk_size = 500;             ///< objects per page of the PV, PVC and pod lists
  /// Read every Schedule, Backup and ConfigMap of the Velero namespace as objects (`volpol
  /// coverage`, which plans each Schedule with its policy ConfigMap).
  bool velero_objects = false;
};

/// A named text read from the cluster (a Backup, a ConfigMap) and what to call it in messages.
struct fetched_text {
  std::string text;    ///< JSON as kubectl printed it
  std::string source;  ///< `kubectl get configmap volume-policy -n velero`
};

/// What was read from the cluster besides PVs, PVCs and pods.
struct live_cluster {
  kubectl_config kubectl;
  std::string context;  ///< the context used (the current one when not given)
  std::string velero_namespace;
  std::vector<std::string> namespaces;  ///< Namespace names, sorted (empty if not readable)
  bool namespaces_read = false;
  std::vector<std::string> nodes;  ///< Node names, sorted
  bool nodes_read = false;
  /// CSI drivers of StorageClasses that no VolumeSnapshotClass serves: "driver (class, ...)".
  std::vector<std::string> drivers_without_snapshot_class;
  bool snapshot_classes_read = false;
  /// The StorageClass and VolumeSnapshotClass lists as kubectl printed them (JSON), loaded as
  /// objects beside the PVs, PVCs and pods: the plan picks the VolumeSnapshotClass Velero's CSI
  /// action picks, as from a dump of the same cluster.
  std::vector<fetched_text> class_lists;
  std::vector<volume_snapshot_location_object> volume_snapshot_locations;  ///< from the cluster: name, spec.provider
  bool volume_snapshot_locations_read = false;
  /// --from-backup / --from-schedule: the Backup (a Schedule's as its controller creates it),
  /// decoded by k8s::backup_from_text.
  std::optional<k8s::chosen_backup> backup;
  std::optional<fetched_text> policy;         ///< the backup's resource-policy ConfigMap
  std::optional<fetched_text> global_policy;  ///< the server's global volume-policy ConfigMap
  /// Deployments and DaemonSets of the Velero namespace (the release's image tag), when readable.
  std::vector<fetched_text> workload_lists;
  /// With cluster_flags::velero_objects: the Schedule, Backup and ConfigMap lists of the Velero
  /// namespace, loaded as objects beside the volumes.
  std::vector<fetched_text> velero_lists;
  /// The `kubectl proxy` child every read goes through (volpol/detail/api_list.h); stopped with the last
  /// copy, which load_live_objects lets go of once it has read the lists.
  mutable std::shared_ptr<kubectl_proxy> proxy;
  diagnostics warnings;          ///< what could not be read and was assumed instead
  std::size_t chunk_size = 500;  ///< objects per page of the PV, PVC and pod lists (0: one request each)
  /// Lists restarted while load_live_objects read them (a continue token expired: 410); set by
  /// it, said in a note.
  mutable std::size_t list_restarts = 0;
};

/// Reads everything but PVs, PVCs and pods. Policy ConfigMap named by the Backup or Schedule
/// is read only when `source.resource_policies_configmap` is empty.
/// @return the facts, or the error that stops the plan (kubectl missing, unknown context, a
///         named Backup, Schedule or ConfigMap that cannot be read).
[[nodiscard]] result<live_cluster> read_live_cluster(const live_cluster_source& source);

/// Streams the PersistentVolume, PersistentVolumeClaim and Pod lists of all namespaces into the
/// loader, page by page, raw, through one `kubectl proxy` child (volpol/detail/api_list.h).
/// Problems name `kubectl get persistentvolumes,persistentvolumeclaims,pods --all-namespaces`.
/// A failed list adds its explanation (an error, as for `kubectl get RESOURCE`) to `problems`;
/// `failed` is set then and no object is kept.
[[nodiscard]] load_result load_live_objects(const live_cluster& live, load_options options, bool& failed);

/// Notes for the plan from the facts read (node agents against nodes, snapshot classes).
[[nodiscard]] std::vector<std::string> live_cluster_notes(const live_cluster& live, const cluster& objects);

}  // namespace volpol::k8s
