// volpol/policy/policies.h — a built resource-policy document: volume policies (in order),
// include/exclude policy and the filter policies; matching a volume to its action.
//
// Mirrors Velero's `Policies` (internal/resourcepolicies/resource_policies.go): `BuildPolicy`,
// `Validate`, `ValidateForRestore`, `GetMatchAction`, `GetGlobalResourcePolicies` and the merge
// of `GetResourcePoliciesFromBackupWithGlobal`.
//
// Building and validating are separate steps, as in Velero: matching and the volume helper use
// a built document without validating it (Velero's own tests do), `volpol validate` and Velero's
// backup controller validate it. Unlike Velero, which stops at the first problem, both steps
// here collect every problem.
//
//     diagnostics out;
//     resource_policies doc = decode_resource_policies(text, {.file = "policy.yaml"}, out);
//     policies pols = policies::build(doc, policy_scope::backup, out);
//     out.append(pols.validate());
//     if (out.has_errors()) report(out);   // policy.yaml:7:9: volumePolicies[1].action.type: ...
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "volpol/core/result.h"
#include "volpol/detail/policy/structured_volume.h"
#include "volpol/detail/policy/volume_policy.h"
#include "volpol/policy/action.h"
#include "volpol/policy/document.h"

namespace volpol::policy {

class policies {
 public:
  policies() = default;

  /// Builds from a decoded document (Velero `BuildPolicy`), collecting problems in `out`: each
  /// volume policy's `conditions` map is decoded strictly into volume_conditions
  /// (`unmarshalVolConditions`: unknown condition, wrong YAML kind — `storageClass: gp2` —,
  /// unknown key inside `nfs` / `csi`), then its `capacity` is parsed (parse_capacity).
  /// A volume policy that fails is left out (its problems are in `out`). Does NOT validate.
  /// Volume policies keep their document index and get `scope`.
  [[nodiscard]] static policies build(const resource_policies& doc, policy_scope scope, diagnostics& out);

  /// Same. @return the policies, or the first problem, with the policy's path
  ///         (`volumePolicies[2].conditions.capacity: ...`) and its line/column.
  [[nodiscard]] static result<policies> build(const resource_policies& doc, policy_scope scope = policy_scope::backup);

  /// Velero `Validate()` (backup side), every problem collected:
  ///   - `version` must be `v1`;
  ///   - each volume policy: action type is skip / snapshot / fs-backup / custom (exact case);
  ///     `dataMover` only on snapshot, a string among "", velero, velero-fs, velero-block;
  ///     `snapshotClass` only on snapshot, a non-empty string (`Action.validate`); capacity
  ///     lower ≤ upper unless upper is 0 (`capacityCondition.validate`); csi volumeAttributes
  ///     need a driver (`csiCondition.validate`);
  ///   - includeExcludePolicy: no `*`, no name both included and excluded in one scope;
  ///   - clusterScopedFilterPolicy and namespacedFilterPolicies (see filter_policy.h).
  [[nodiscard]] diagnostics validate() const;

  /// Velero `ValidateForRestore()`: version `v1`, no volume policies, no includeExcludePolicy
  /// (even empty), and the filter-policy checks of validate().
  [[nodiscard]] diagnostics validate_for_restore() const;

  /// Velero `GetGlobalResourcePolicies` after validation: a copy keeping only the version and
  /// the volume policies (every one marked policy_scope::global). When the document has an
  /// includeExcludePolicy or filter policies, a warning saying they are ignored is added to
  /// `warnings` (when given).
  [[nodiscard]] policies as_global(diagnostics* warnings = nullptr) const;

  /// Appends `global`'s volume policies after this one's (backup first, then global, so the
  /// first match prefers the backup's). Only volume policies apply globally.
  /// Mirrors `GetResourcePoliciesFromBackupWithGlobal`.
  void merge_global(const policies& global);

  /// The first volume policy whose every condition holds, or nullptr.
  /// Mirrors `Policies.GetMatchAction` / `match`.
  /// @return error when `data` has neither PV, pod volume nor PVC ("failed to convert object").
  [[nodiscard]] result<const volume_policy*> match(const volume_filter_data& data) const;

  [[nodiscard]] const std::vector<volume_policy>& volume_policies() const { return volume_policies_; }
  [[nodiscard]] const resource_policies& document() const { return doc_; }
  [[nodiscard]] const std::string& version() const { return doc_.version; }
  /// The Velero release whose rules built these policies (the document's text_origin).
  [[nodiscard]] velero_version velero() const { return doc_.origin.version; }

 private:
  resource_policies doc_;  // include/exclude and filter policies live here, as decoded
  std::vector<volume_policy> volume_policies_;
  // Volume policies whose conditions could not be built (already reported): validate() still
  // checks their actions, so one run reports every problem. Never matched, never merged.
  std::vector<volume_policy> unbuilt_;
};

/// True when every condition of `p` holds for `v`. Mirrors the loop in `Policies.match`.
[[nodiscard]] bool matches(const volume_policy& p, const structured_volume& v);

/// What a policy document is checked for (`volpol validate` flags).
enum class policy_use : std::uint8_t {
  backup,   ///< a backup's policy: Validate()
  global,   ///< the cluster-wide global policy: Validate(), then only volume policies are kept
  restore,  ///< a restore's policy: ValidateForRestore()
};

/// Decode + build + validate, every problem collected (errors and warnings).
struct checked_policies {
  policies built;  ///< what was built (for `global`, as_global() of it)
  diagnostics problems;
  [[nodiscard]] bool ok() const { return !problems.has_errors(); }
};

/// Checks a policy document given as text (YAML or JSON) for `use`: decode_resource_policies,
/// policies::build, then validate() — or validate_for_restore() for `restore`; for `global`,
/// validate() then as_global() (its warning included). Mirrors what Velero does with a backup's
/// policy (`GetResourcePoliciesFromBackup`), the global one (`GetGlobalResourcePolicies`) or a
/// restore's (`GetResourcePoliciesFromRestore`), except that every problem is collected.
///     auto r = check_policy_text("version: v2\n", {.file = "p.yaml"});
///     r.ok();                              // false
///     r.problems.items()[0].to_string();   // "p.yaml:1:10: version: unsupported version `v2`: ..."
/// @return what was built and every problem (errors and warnings), sorted by position. When the
///         text is not YAML or holds no document, `built` is empty and the problem says why.
/// `validate` false skips Velero's Validate() (build-only semantics; decoding and building
/// problems are still reported); the same holds for the two functions below.
[[nodiscard]] checked_policies check_policy_text(std::string_view text, const text_origin& origin,
                                                 policy_use use = policy_use::backup, bool validate = true);
/// Same, for a ConfigMap holding a policy document, given as text (decode_config_map; `source`
/// names it in diagnostics). A ConfigMap with no document to decode (0 or 2+ data keys) gives
/// an empty `built` and that problem.
[[nodiscard]] checked_policies check_config_map_text(std::string_view text, std::string_view source,
                                                     policy_use use = policy_use::backup, bool validate = true,
                                                     velero_version version = default_velero_version);
/// Same, for text holding a policy document or a ConfigMap with one, told apart once the text
/// is parsed (`kind: ConfigMap`), as a policy file is: a policy given inline (`volpol test`'s
/// `policy:`) or read from the cluster. `origin` names it and carries the Velero release.
/// Mirrors GetResourcePoliciesFromConfig (internal/resourcepolicies/resource_policies.go) for a
/// ConfigMap, check_policy_text for a document.
[[nodiscard]] checked_policies check_policy_or_config_map_text(std::string_view text, const text_origin& origin,
                                                               policy_use use = policy_use::backup,
                                                               bool validate = true);
/// Same, for a file ("-" = standard input) holding a policy document or a ConfigMap
/// (load_policy_file). An unreadable file gives an empty `built` and a problem naming it.
/// `version` (here and above): the Velero release whose rules read and check the document.
[[nodiscard]] checked_policies check_policy_file(const std::string& path, policy_use use = policy_use::backup,
                                                 bool validate = true, const k8s::input_limits& limits = {},
                                                 velero_version version = default_velero_version);

}  // namespace volpol::policy
