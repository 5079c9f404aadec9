// volpol/detail/k8s/persistent_volume.h — core/v1 PersistentVolume, the fields volpol reads.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "volpol/detail/compact_string.h"
#include "volpol/detail/k8s/object_meta.h"
#include "volpol/detail/k8s/volume_source.h"
#include "volpol/k8s/quantity.h"

namespace volpol::k8s {

struct object_reference {
  compact_string namespace_;
  compact_string name;
  // Not the uid: no decision reads it (at 36 characters, 80 bytes of every bound PV). Compact
  // strings: 16 bytes, not 64, in every PV (compact_string.h).
};

struct persistent_volume {
  object_meta metadata;
  object_origin origin;
  /// spec.capacity.storage; zero when absent (as `pv.Spec.Capacity.Storage()` gives it).
  quantity capacity;
  bool has_capacity = false;                  ///< spec.capacity.storage was present
  compact_string storage_class_name;          ///< spec.storageClassName ("" when absent)
  std::optional<object_reference> claim_ref;  ///< spec.claimRef
  compact_string volume_mode;                 ///< spec.volumeMode, as written ("" when absent)
  std::vector<compact_string> access_modes;   ///< spec.accessModes, in order
  compact_string reclaim_policy;              ///< spec.persistentVolumeReclaimPolicy
  compact_string phase;                       ///< status.phase
  volume_sources sources;                     ///< spec.<source>
};

}  // namespace volpol::k8s
