// volpol/detail/k8s/persistent_volume_claim.h — core/v1 PersistentVolumeClaim, the fields volpol reads.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "volpol/detail/compact_string.h"
#include "volpol/detail/k8s/object_meta.h"
#include "volpol/k8s/quantity.h"

namespace volpol::k8s {

struct persistent_volume_claim {
  object_meta metadata;
  object_origin origin;
  /// spec.storageClassName: nullopt when absent (nil in Go), "" when set to "".
  std::optional<compact_string> storage_class_name;
  compact_string volume_name;                 ///< spec.volumeName: the bound PV ("" = none)
  std::optional<compact_string> volume_mode;  ///< spec.volumeMode: nullopt when absent
  std::vector<compact_string> access_modes;   ///< spec.accessModes, in order
  std::optional<quantity> requested;          ///< spec.resources.requests.storage
  std::optional<quantity> status_capacity;    ///< status.capacity.storage
  compact_string phase;                       ///< status.phase ("" when absent): Pending, Bound, Lost
};

}  // namespace volpol::k8s
