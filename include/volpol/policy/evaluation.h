// volpol/policy/evaluation.h — every condition of every volume policy, judged against one
// volume: the data behind "why did this policy (not) match".
//
// Velero's `Policies.match` (internal/resourcepolicies/resource_policies.go) stops at the
// first policy whose conditions all hold and tells nobody why the others did not. An
// evaluation keeps each verdict: for each volume policy in order, each condition it has, and
// whether that condition holds for the volume. Conditions are pure, so judging all of them
// gives the same first match as Velero's loop (policies::match); only explaining needs it.
//
//     const auto v = make_structured_volume({.pv = &pv, .pvc = &pvc});
//     for (const policy_evaluation& e : evaluate_policies(pols.volume_policies(), *v))
//       for (const condition_verdict& c : e.verdicts())
//         fmt::print("{} {}: {}\n", policy_label(*e.policy), to_string(c.kind), c.holds);
//
// Text for people (the condition as written, the volume's value) is made only on request:
// condition_text() and volume_value_text() are meant for output, not for hot loops.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "volpol/core/velero_version.h"
#include "volpol/detail/policy/structured_volume.h"
#include "volpol/detail/policy/volume_conditions.h"
#include "volpol/detail/policy/volume_policy.h"

namespace volpol::policy {

/// One condition of a volume policy, in the order Velero's `volumeConditions` declares them
/// (volume_resources_validator.go). The spelled names are the YAML keys.
enum class condition_kind : std::uint8_t {
  capacity,          ///< "capacity"
  storage_class,     ///< "storageClass"
  nfs,               ///< "nfs"
  csi,               ///< "csi"
  volume_types,      ///< "volumeTypes"
  pvc_labels,        ///< "pvcLabels"
  pvc_phase,         ///< "pvcPhase"
  pvc_volume_mode,   ///< "pvcVolumeMode"
  pvc_access_modes,  ///< "pvcAccessModes"
  volume_name,       ///< "volumeName"
};
inline constexpr std::size_t condition_kind_count = 10;

/// The condition's YAML key: "capacity", "storageClass", ... "volumeName".
[[nodiscard]] std::string_view to_string(condition_kind k);

/// Whether condition `kind` is written in `c` (absent conditions always hold and are not
/// reported). A `capacity` that parses to "0,0" counts as written when its text is not empty.
[[nodiscard]] bool has_condition(const volume_conditions& c, condition_kind kind);

/// Whether condition `kind` of `c` holds for `v` (an absent condition holds). Mirrors the
/// condition's Velero `match` method (see volume_conditions.h).
[[nodiscard]] bool condition_holds(const volume_conditions& c, condition_kind kind, const structured_volume& v);

/// The release feature condition `k` needs (condition_pvc_phase for `pvcPhase`), or nullopt
/// when every release volpol knows has it.
[[nodiscard]] std::optional<velero_feature> condition_release_feature(condition_kind k);
/// The condition's member of the JSON Schema's `conditions` object (`"pvcPhase": {...}`), as
/// `volpol schema` and schema/resource-policies.schema.json write it; no indentation of its own.
[[nodiscard]] std::string_view condition_schema(condition_kind k);

/// Whether every condition of `c` holds for every volume (none given, or only `capacity: "0,"`
/// and the like): a policy with these conditions matches every volume (a catch-all).
[[nodiscard]] bool matches_every_volume(const volume_conditions& c);

/// One condition's verdict.
struct condition_verdict {
  condition_kind kind = condition_kind::capacity;
  bool holds = false;
};

/// One volume policy judged against one volume: a verdict for each condition it has, in
/// condition_kind order. No allocation (at most condition_kind_count verdicts).
struct policy_evaluation {
  const volume_policy* policy = nullptr;
  std::array<condition_verdict, condition_kind_count> items{};
  std::uint8_t count = 0;  ///< verdicts in use

  [[nodiscard]] std::span<const condition_verdict> verdicts() const { return {items.data(), count}; }
  /// Every condition holds (a policy without conditions matches every volume).
  [[nodiscard]] bool matched() const { return failed() == 0; }
  /// How many conditions do not hold.
  [[nodiscard]] std::size_t failed() const;
  /// The only condition that does not hold, when exactly one does not (a near miss); else null.
  [[nodiscard]] const condition_verdict* only_failure() const;
};

/// Judges every written condition of `p` against `v`.
[[nodiscard]] policy_evaluation evaluate_policy(const volume_policy& p, const structured_volume& v);

/// Judges every policy of `list`, in order. The first evaluation that matched() is the policy
/// policies::match / first_match returns.
[[nodiscard]] std::vector<policy_evaluation> evaluate_policies(std::span<const volume_policy> list,
                                                               const structured_volume& v);

/// Whether the volume has the attribute condition `kind` reads (a storage class, an NFS source,
/// PVC labels, a PVC phase ...): without it, no value of the condition can hold.
[[nodiscard]] bool volume_has_value(condition_kind kind, const structured_volume& v);

/// The condition as written, for people: `[gp2-csi, gp3-csi]`, `10Gi,100Gi`,
/// `{server: 10.0.0.1, path: /export}`, `{tier: database}`, `Block`.
[[nodiscard]] std::string condition_text(const volume_conditions& c, condition_kind kind);

/// What the volume has for that condition, for people: `gp3-csi`, `5Gi`, `no storage class`,
/// `not an NFS volume`, `no PVC`, `{app: web}`, `[ReadWriteOnce]`, `csi`, `PV pvc-1, PVC data`.
[[nodiscard]] std::string volume_value_text(condition_kind kind, const structured_volume& v);

}  // namespace volpol::policy
