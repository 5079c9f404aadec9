// volpol/detail/policy/volume_conditions.h — the conditions of one volume policy, decoded, and the
// check of each condition against a structured volume.
//
// Mirrors Velero's `volumeConditions` (internal/resourcepolicies/volume_resources_validator.go),
// which `unmarshalVolConditions` decodes strictly from the policy's `conditions` map, and each
// condition's `match` (volume_resources.go, volume_types_conditions.go).
// Absent conditions are empty / nullopt and always match.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "volpol/core/result.h"
#include "volpol/detail/k8s/object_meta.h"
#include "volpol/detail/policy/structured_volume.h"
#include "volpol/k8s/quantity.h"

namespace volpol::policy {

/// The `capacity` condition "lower,upper", parsed. Both sides are byte quantities;
/// an empty side is 0, and 0 means "no bound" on that side (see capacity_range::contains).
/// The default value (0, 0) holds every size: it is what an absent `capacity` builds.
struct capacity_range {
  k8s::quantity lower;
  k8s::quantity upper;

  /// Mirrors `capacity.isInRange`, three branches in this order:
  ///   lower == 0 and y ≤ upper → true      ([0, a])
  ///   upper == 0 and y ≥ lower → true      ([b, 0]; so "0,0" and "" hold every y ≥ 0)
  ///   both non-zero            → lower ≤ y ≤ upper
  /// Bounds are inclusive; quantities compare exactly by value (1Gi > 1G, 1024Mi == 1Gi).
  ///     parse_capacity("10Gi,").value().contains(quantity::parse("1Pi").value())  // true
  [[nodiscard]] bool contains(const k8s::quantity& y) const;
  /// True when both bounds are zero ("" / "," / "0,0"): contains() holds for every y ≥ 0.
  [[nodiscard]] bool is_unbounded() const { return lower.is_zero() && upper.is_zero(); }
};

/// Parses a capacity condition string. Mirrors `parseCapacity` (volume_resources.go):
/// "" reads as ","; the text must split on ',' into exactly two sides; each side, trimmed of
/// spaces, is empty (0) or a Kubernetes quantity. Bounds are not ordered here (validation does).
///     parse_capacity("10Gi,")      // {lower 10Gi = 10737418240 bytes, upper 0}: 10Gi and above
///     parse_capacity(" 1G , 1Gi")  // {1G = 10^9, 1Gi = 2^30}
///     parse_capacity("5Gi")        // error: one side only
/// @return the range, or an error naming the text: "wrong format of capacity `5Gi`, expected
///         `lower,upper`" or "wrong format of capacity `10 Gi`: <quantity error>".
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
  std::string capacity_text;                  ///< `capacity` as written ("" when absent)
  capacity_range capacity;                    ///< parsed at build time (parse_capacity)
  std::vector<std::string> storage_class;     ///< `storageClass`
  std::optional<nfs_condition> nfs;           ///< `nfs`
  std::optional<csi_condition> csi;           ///< `csi`
  std::vector<std::string> volume_types;      ///< `volumeTypes` (names as written, unchecked)
  k8s::string_map pvc_labels;                 ///< `pvcLabels`
  std::vector<std::string> pvc_phase;         ///< `pvcPhase`
  std::string pvc_volume_mode;                ///< `pvcVolumeMode` ("" = any)
  std::vector<std::string> pvc_access_modes;  ///< `pvcAccessModes`
  std::vector<std::string> volume_name;       ///< `volumeName`: PV, pod volume or PVC names
};

// ---- one check per condition --------------------------------------------------------------
// Each returns whether the condition holds for `v`, an empty/absent condition included (true),
// exactly as the Velero `match` method named. All strings compare exactly (case-sensitive).

/// `capacity`: v's capacity (zero when unknown) is in the range. Mirrors `capacityCondition.match`.
[[nodiscard]] bool capacity_condition_matches(const capacity_range& c, const structured_volume& v);
/// `storageClass`: empty list → true; a volume without storage class → false (even for [""]);
/// else v's class is in the list. Mirrors `storageClassCondition.match`.
[[nodiscard]] bool storage_class_condition_matches(const std::vector<std::string>& c, const structured_volume& v);
/// `nfs`: absent → true; v not NFS → false; `nfs: {}` → true; else each of server / path that
/// is non-empty in the condition equals v's. Mirrors `nfsCondition.match`.
[[nodiscard]] bool nfs_condition_matches(const std::optional<nfs_condition>& c, const structured_volume& v);
/// `csi`: absent → true; empty driver (`csi: {}`) → v is CSI; else v is CSI with that driver,
/// and, when the condition has attributes, v has attributes (else false) and every condition
/// attribute equals v's value for its key (a missing key reads as ""). Mirrors `csiCondition.match`.
[[nodiscard]] bool csi_condition_matches(const std::optional<csi_condition>& c, const structured_volume& v);
/// `volumeTypes`: empty list → true; else v's type name ("" when none) is in the list.
/// Mirrors `volumeTypeCondition.match`.
[[nodiscard]] bool volume_types_condition_matches(const std::vector<std::string>& c, const structured_volume& v);
/// `pvcLabels`: empty map → true; no PVC labels → false; else every condition label is on the
/// PVC with the same value (a label selector from the set). Mirrors `pvcLabelsCondition.match`.
[[nodiscard]] bool pvc_labels_condition_matches(const k8s::string_map& c, const structured_volume& v);
/// `pvcPhase`: empty list → true; no PVC phase → false; else the phase is in the list.
/// Mirrors `pvcPhaseCondition.match`.
[[nodiscard]] bool pvc_phase_condition_matches(const std::vector<std::string>& c, const structured_volume& v);
/// `pvcVolumeMode`: "" → true; else equal to the PVC's spec.volumeMode ("" when absent: a PVC
/// without volumeMode matches no mode, not even Filesystem). Mirrors `pvcVolumeModeCondition.match`.
[[nodiscard]] bool pvc_volume_mode_condition_matches(std::string_view c, const structured_volume& v);
/// `pvcAccessModes`: empty list → true; else same number of entries as the PVC's accessModes and
/// the same set of values (order ignored). Mirrors `pvcAccessModesCondition.match`.
[[nodiscard]] bool pvc_access_modes_condition_matches(const std::vector<std::string>& c, const structured_volume& v);

/// True when every condition holds for `v` (Velero's loop in `Policies.match`). Conditions are
/// pure, so they are tried cheapest first; absent ones cost one test each.
[[nodiscard]] bool all_conditions_match(const volume_conditions& c, const structured_volume& v);

/// `volumeName`: empty list → true; else true when a listed name equals the PV's name, the pod
/// volume's name or the PVC's name (any that the volume has). Documented by Velero
/// (site/content/docs/main/resource-filtering.md, "volume Name"); built by `BuildPolicy` as
/// `volumeNameCondition` (resource_policies.go).
[[nodiscard]] bool volume_name_condition_matches(const std::vector<std::string>& c, const structured_volume& v);

}  // namespace volpol::policy
