// volpol/policy/policies.h — a built resource-policy document: volume policies (in order),
// include/exclude policy and the filter policies; matching a volume to its action.
//
// Mirrors Velero's `Policies` (internal/resourcepolicies/resource_policies.go):
// `BuildPolicy`, `Validate`, `ValidateForRestore`, `GetMatchAction`, and the global merge of
// `GetResourcePoliciesFromBackupWithGlobal`.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "volpol/k8s/diagnostic.h"
#include "volpol/policy/action.h"
#include "volpol/policy/document.h"
#include "volpol/policy/structured_volume.h"
#include "volpol/policy/volume_policy.h"

namespace volpol::policy {

class policies {
 public:
  policies() = default;

  /// Builds from a decoded document (Velero `BuildPolicy`): decodes each policy's conditions
  /// strictly, parses capacities. Does NOT validate (see validate()).
  /// @return the policies, or the first error with the policy's path
  ///         (`volumePolicies[2].conditions.capacity: ...`) and its line/column.
  [[nodiscard]] static result<policies> build(const resource_policies& doc,
                                              policy_origin origin = policy_origin::backup);

  /// Velero `Validate()` (backup side): version "v1", every action type known, every
  /// condition's own check, includeExcludePolicy and filter policies. Collects every problem.
  [[nodiscard]] diagnostics validate() const;
  /// Velero `ValidateForRestore()`: version, no volumePolicies, no includeExcludePolicy,
  /// filter policies.
  [[nodiscard]] diagnostics validate_for_restore() const;

  /// Appends `global`'s volume policies after this one's (backup first, then global).
  /// Only volume policies apply globally. Mirrors `GetResourcePoliciesFromBackupWithGlobal`.
  void merge_global(const policies& global);

  /// The first volume policy whose every condition holds, or nullptr.
  /// Mirrors `Policies.GetMatchAction` / `match`.
  /// @return error when `data` has neither PV, pod volume nor PVC ("failed to convert object").
  [[nodiscard]] result<const volume_policy*> match(const volume_filter_data& data) const;

  [[nodiscard]] const std::vector<volume_policy>& volume_policies() const { return volume_policies_; }
  [[nodiscard]] const resource_policies& document() const { return doc_; }
  [[nodiscard]] const std::string& version() const { return doc_.version; }

 private:
  resource_policies doc_;  // include/exclude and filter policies live here, as decoded
  std::vector<volume_policy> volume_policies_;
};

/// True when every condition of `p` holds for `v`. Mirrors the loop in `Policies.match`.
[[nodiscard]] bool matches(const volume_policy& p, const structured_volume& v);

}  // namespace volpol::policy
