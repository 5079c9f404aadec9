// volpol/k8s/cluster.h — the cluster's PersistentVolumes, PersistentVolumeClaims and Pods,
// indexed once: PV by name, PVC by namespace/name, pods by the PVCs they mount.
//
// Building the indexes is O(N + M) (objects + pod volumes). Lookups are O(log n) or O(1);
// nothing scans all pods per PVC (the cost Velero fixed in issues #9169/#9179).
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "volpol/k8s/diagnostic.h"
#include "volpol/k8s/persistent_volume.h"
#include "volpol/k8s/persistent_volume_claim.h"
#include "volpol/k8s/pod.h"

namespace volpol::k8s {

class cluster {
 public:
  cluster();
  ~cluster();
  cluster(cluster&&) noexcept;
  cluster& operator=(cluster&&) noexcept;

  /// Adds an object. A second object with the same kind and namespace/name is rejected:
  /// returns a diagnostic naming both origins, and the first one stays.
  result<void> add(persistent_volume pv);
  result<void> add(persistent_volume_claim pvc);
  result<void> add(pod p);

  /// Objects in insertion order.
  [[nodiscard]] std::span<const persistent_volume> persistent_volumes() const;
  [[nodiscard]] std::span<const persistent_volume_claim> persistent_volume_claims() const;
  [[nodiscard]] std::span<const pod> pods() const;

  /// The PV named `name`, or nullptr.
  [[nodiscard]] const persistent_volume* find_pv(std::string_view name) const;
  /// The PVC `namespace_/name`, or nullptr.
  [[nodiscard]] const persistent_volume_claim* find_pvc(std::string_view namespace_,
                                                        std::string_view name) const;
  /// The pod `namespace_/name`, or nullptr.
  [[nodiscard]] const pod* find_pod(std::string_view namespace_, std::string_view name) const;
  /// Pods in `namespace_` that mount PVC `claim_name` through a persistentVolumeClaim
  /// volume, in insertion order. Mirrors Velero's PVC→pod cache
  /// (pkg/util/podvolume/pod_volume.go, `GetPodsUsingPVC` with the cache of #9179).
  [[nodiscard]] std::span<const pod* const> pods_using_pvc(std::string_view namespace_,
                                                           std::string_view claim_name) const;

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

}  // namespace volpol::k8s
