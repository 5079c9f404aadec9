// volpol/k8s/cluster.h — the cluster's PersistentVolumes, PersistentVolumeClaims and Pods,
// indexed once: PV by name, PVC by namespace/name, pods by the PVCs they mount.
//
// Building the indexes is O(N + M) (objects + pod volumes): the name indexes grow with each
// add(), the PVC→pods index is built on the first pods_using_pvc() after the last add().
// Lookups are O(1); nothing scans all pods per PVC (the cost Velero fixed in #9169/#9179).
//
//     cluster c;
//     if (auto r = c.add(std::move(pvc)); !r) report(*r.error());   // duplicate namespace/name
//     for (const pod* p : c.pods_using_pvc("ns", "data")) ...
//
// Spans and pointers returned stay valid until the next add(). Const member functions may be
// called from several threads at once; add() may not run concurrently with anything.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "volpol/core/diagnostic.h"
#include "volpol/core/result.h"
#include "volpol/detail/k8s/object_value.h"
#include "volpol/detail/k8s/persistent_volume.h"
#include "volpol/detail/k8s/persistent_volume_claim.h"
#include "volpol/detail/k8s/pod.h"

namespace volpol::k8s {

/// A pod volume naming a claim, and its pod (cluster::volumes_using_pvc).
struct pod_claim_volume {
  const pod* p = nullptr;
  const pod_volume* volume = nullptr;
};

class cluster {
 public:
  cluster();
  ~cluster();
  cluster(cluster&&) noexcept;
  cluster& operator=(cluster&&) noexcept;

  /// Adds an object. A second object with the same kind and namespace/name is rejected:
  /// returns a diagnostic at the second one's origin that names the first one's origin
  /// (`duplicate PersistentVolumeClaim `ns/data`: the first one, read at a.yaml:3, is kept`),
  /// and the first one stays. An object whose names hold a NUL character (metadata.name or
  /// namespace; a pod's volume names and claimNames; a PVC's volumeName or storageClassName;
  /// a PV's storageClassName or claimRef) is rejected too, with a diagnostic at its origin
  /// naming the field (`metadata.name holds a NUL character (\u0000): not planned`): a plan's
  /// records view names up to their first NUL, and Kubernetes allows none in a name.
  result<void> add(persistent_volume pv);
  result<void> add(persistent_volume_claim pvc);
  result<void> add(pod p);

  /// The other kinds volpol reads (object_value.h), with the same duplicate rule: one
  /// object per kind and namespace/name (name alone for the cluster-scoped StorageClass,
  /// VolumeSnapshotClass, Namespace and Node).
  result<void> add(extra_object o);

  /// Moves every object of `other` into this one (after those here, kind by kind, in
  /// `other`'s order), with add()'s rules: a duplicate or a name with a NUL is rejected, its
  /// diagnostic returned. `other` is left empty. For clusters loaded apart (the live cluster's
  /// lists, each read on its own thread).
  [[nodiscard]] diagnostics merge(cluster&& other);

  /// Objects in insertion order.
  [[nodiscard]] std::span<const persistent_volume> persistent_volumes() const;
  [[nodiscard]] std::span<const persistent_volume_claim> persistent_volume_claims() const;
  [[nodiscard]] std::span<const pod> pods() const;
  [[nodiscard]] std::span<const storage_class> storage_classes() const;
  [[nodiscard]] std::span<const volume_snapshot_class> volume_snapshot_classes() const;
  [[nodiscard]] std::span<const volume_snapshot_location_object> volume_snapshot_locations() const;
  [[nodiscard]] std::span<const backup> backups() const;
  [[nodiscard]] std::span<const schedule> schedules() const;
  [[nodiscard]] std::span<const namespace_object> namespaces() const;
  [[nodiscard]] std::span<const node> nodes() const;
  [[nodiscard]] std::span<const daemon_set> daemon_sets() const;
  [[nodiscard]] std::span<const deployment> deployments() const;
  [[nodiscard]] std::span<const config_map> config_maps() const;
  /// Number of PersistentVolumes, PersistentVolumeClaims and Pods.
  [[nodiscard]] std::size_t size() const;
  [[nodiscard]] bool empty() const { return size() == 0; }

  /// The PV named `name`, or nullptr.
  [[nodiscard]] const persistent_volume* find_pv(std::string_view name) const;
  /// The PVC `namespace_/name`, or nullptr.
  [[nodiscard]] const persistent_volume_claim* find_pvc(std::string_view namespace_, std::string_view name) const;
  /// The pod `namespace_/name`, or nullptr.
  [[nodiscard]] const pod* find_pod(std::string_view namespace_, std::string_view name) const;

  [[nodiscard]] const storage_class* find_storage_class(std::string_view name) const;
  [[nodiscard]] const volume_snapshot_class* find_volume_snapshot_class(std::string_view name) const;
  [[nodiscard]] const volume_snapshot_location_object* find_volume_snapshot_location(std::string_view namespace_,
                                                                                     std::string_view name) const;
  [[nodiscard]] const namespace_object* find_namespace(std::string_view name) const;
  [[nodiscard]] const config_map* find_config_map(std::string_view namespace_, std::string_view name) const;
  [[nodiscard]] const daemon_set* find_daemon_set(std::string_view namespace_, std::string_view name) const;
  [[nodiscard]] const deployment* find_deployment(std::string_view namespace_, std::string_view name) const;

  /// Pods in `namespace_` that mount PVC `claim_name` through a `persistentVolumeClaim`
  /// volume, in insertion order, each pod once (Velero lists a pod once per such volume;
  /// no decision depends on the repeat). Mirrors Velero's PVC→pod cache
  /// (pkg/util/podvolume/pod_volume.go, `PVCPodCache.BuildCacheForNamespaces` /
  /// `GetPodsUsingPVC`, #9179).
  ///
  /// Generic `ephemeral` volumes do not count: Velero's cache, `getPodsUsingPVCDirect` and
  /// `getPodVolumeNameForPVC` only look at `v.PersistentVolumeClaim != nil`, so the PVC
  /// `<pod>-<volume>` that Kubernetes creates for an ephemeral volume is not "used" by its pod
  /// in Velero's eyes (the pod volume itself is an ordinary fs-backup candidate).
  [[nodiscard]] std::span<const pod* const> pods_using_pvc(std::string_view namespace_,
                                                           std::string_view claim_name) const;
  /// Every pod volume that names the claim (`persistentVolumeClaim.claimName`), with its pod:
  /// pods in the order pods_using_pvc gives them, each pod's volumes in spec order (a pod may
  /// name one claim twice). From the same index: the volume helper finds a claim's volumes
  /// without scanning every volume of each pod (linear in the volumes of a pod).
  [[nodiscard]] std::span<const pod_claim_volume> volumes_using_pvc(std::string_view namespace_,
                                                                    std::string_view claim_name) const;
  /// Builds the PVC→pods index now, if no pods_using_pvc() has since the last add(): a caller
  /// with a thread to spare builds it there, before the first lookup needs it (the backup
  /// walk does, beside its sort of the pods). Safe to call from several threads at once.
  void index_pods_by_pvc() const;

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

}  // namespace volpol::k8s
