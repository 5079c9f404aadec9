// volpol/detail/k8s/pod.h — core/v1 Pod and its volumes, the fields volpol reads.
#pragma once

#include <string>
#include <vector>

#include "volpol/detail/k8s/object_meta.h"
#include "volpol/detail/k8s/volume_source.h"

namespace volpol::k8s {

/// One entry of pod.spec.volumes, and whether the pod's containers use it.
struct pod_volume {
  compact_string name;
  /// (Its tail padding holds `mounted` and `device`: a pod volume is 40 bytes, not 48; a
  /// 300k-object dump has some 660k of them.)
  [[no_unique_address]] volume_sources sources;
  /// A spec.containers[].volumeMounts[] entry names this volume (initContainers and
  /// ephemeralContainers do not count). Velero's pod volume backupper skips a volume no
  /// container mounts.
  bool mounted = false;
  /// A spec.containers[].volumeDevices[] entry (a raw block device) names this volume.
  bool device = false;
};
static_assert(sizeof(pod_volume) == 40);

struct pod {
  object_meta metadata;
  object_origin origin;
  std::vector<pod_volume> volumes;      ///< spec.volumes, in order
  compact_string node_name;             ///< spec.nodeName
  compact_string phase;                 ///< status.phase: Pending, Running, Succeeded, Failed, Unknown
  bool has_deletion_timestamp = false;  ///< metadata.deletionTimestamp set: Velero skips the item

  /// The volume named `name`, or nullptr.
  [[nodiscard]] const pod_volume* find_volume(std::string_view name) const {
    for (const auto& v : volumes)
      if (v.name == name) return &v;
    return nullptr;
  }
};

}  // namespace volpol::k8s
