// volpol/policy/volume_conditions.h — the conditions of one volume policy, decoded.
//
// Mirrors Velero's `volumeConditions` (internal/resourcepolicies/volume_resources_validator.go),
// which `unmarshalVolConditions` decodes strictly from the policy's `conditions` map.
// Absent conditions are empty / nullopt and always match.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "volpol/k8s/object_meta.h"
#include "volpol/k8s/quantity.h"

namespace volpol::policy {

/// The `capacity` condition "lower,upper", parsed. Both sides are byte quantities;
/// an empty side is 0, and 0 means "no bound" on that side (see capacity_range::contains).
struct capacity_range {
  k8s::quantity lower;
  k8s::quantity upper;

  /// Mirrors `capacity.isInRange`: [0,a] → y ≤ a; [b,0] → y ≥ b; [a,b] → a ≤ y ≤ b; "0,0"
  /// matches only... exactly as Velero's three branches give it.
  [[nodiscard]] bool contains(const k8s::quantity& y) const;
};

/// Parses a capacity condition string. Mirrors `parseCapacity` (volume_resources.go):
/// "" is ",", the text must split on ',' into exactly two sides, each trimmed side is empty
/// (0) or a Kubernetes quantity.
///     parse_capacity("10Gi,")   // {lower 10Gi = 10737418240 bytes, upper 0}: 10Gi and above
/// @return the range, or an error naming the text (`wrong format of capacity ...`).
[[nodiscard]] result<capacity_range> parse_capacity(std::string_view text);

struct nfs_condition {
  std::string server;  ///< "" = any server
  std::string path;    ///< "" = any path
};

struct csi_condition {
  std::string driver;  ///< "" = any CSI volume (`csi: {}`)
  /// volumeAttributes; nullopt when the key is absent (Velero tells nil from empty in validation).
  std::optional<k8s::string_map> volume_attributes;
};

struct volume_conditions {
  std::string capacity_text;                ///< `capacity` as written ("" when absent)
  capacity_range capacity;                  ///< parsed at build time
  std::vector<std::string> storage_class;   ///< `storageClass`
  std::optional<nfs_condition> nfs;         ///< `nfs`
  std::optional<csi_condition> csi;         ///< `csi`
  std::vector<std::string> volume_types;    ///< `volumeTypes` (names as written)
  k8s::string_map pvc_labels;               ///< `pvcLabels`
  std::vector<std::string> pvc_phase;       ///< `pvcPhase`
  std::string pvc_volume_mode;              ///< `pvcVolumeMode` ("" = any)
  std::vector<std::string> pvc_access_modes;///< `pvcAccessModes`
  std::vector<std::string> volume_name;     ///< `volumeName` (if Velero's version has it)
};

}  // namespace volpol::policy
