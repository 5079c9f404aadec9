// src/policy/condition_table.h — internal: the conditions of a volume policy, one table.
//
// A row per condition of Velero's `volumeConditions` (internal/resourcepolicies/
// volume_resources_validator.go) holds all volpol knows of it: the key the user writes, the
// release that brought it, how `unmarshalVolConditions` decodes its value, whether a policy
// gives it, its `match` (volume_resources.go, one file per condition: condition_<key>.cpp),
// what a volume has for it, and how explanations write both sides. Evaluation (evaluation.h),
// decoding (policies_build_conditions.cpp), lint's catch-all test and `volpol schema` read the
// rows; only the hot path, all_conditions_match (below the rows in condition_table.cpp),
// checks them by hand, cheapest first (a test holds it to the table:
// tests/policy/condition_table_test.cpp).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "volpol/core/value.h"
#include "volpol/core/velero_version.h"
#include "volpol/detail/policy/volume_conditions.h"
#include "volpol/policy/evaluation.h"

namespace volpol::policy::detail {

class conditions_decoder;

struct condition_descriptor {
  condition_kind kind;
  std::string_view key;                   ///< as the user writes it (`pvcPhase`)
  std::optional<velero_feature> feature;  ///< the release feature it needs; none: every release has it
  /// Its member of the JSON Schema's `conditions` (`"key": {...}`): `volpol schema` writes it.
  std::string_view schema;
  /// Decodes the condition's value into its field of `c`, each problem through `cd`.
  void (*decode)(conditions_decoder& cd, const value& v, const std::string& path, value_mark m, volume_conditions& c);
  bool (*given)(const volume_conditions& c);  ///< the policy has the condition
  /// The condition, given or not, holds for every volume (`capacity: "0,"` does); null: when
  /// it is not given (`!given(c)`), as for every condition but `capacity`.
  bool (*matches_every_volume)(const volume_conditions& c);
  bool (*holds)(const volume_conditions& c, const structured_volume& v);  ///< its `match`
  bool (*volume_has_value)(const structured_volume& v);                   ///< the volume has what it compares
  std::string (*text)(const volume_conditions& c);                        ///< as given: `[Bound, Lost]`
  std::string (*volume_text)(const structured_volume& v);                 ///< the volume's side: `Bound`, `no PVC`
};

/// Every condition, in condition_kind order (`conditions[i].kind == i`).
extern const std::array<condition_descriptor, condition_kind_count> conditions;

/// The row of `kind`.
[[nodiscard]] inline const condition_descriptor& descriptor(condition_kind kind) {
  return conditions[static_cast<std::size_t>(kind)];
}

/// The row whose key is `key`, or nullptr.
[[nodiscard]] const condition_descriptor* descriptor_of_key(std::string_view key);

}  // namespace volpol::policy::detail
