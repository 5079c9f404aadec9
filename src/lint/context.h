// Internal: what every rule gets — the input, the policies in first-match order, the findings
// so far — and the helpers that place a finding inside a policy document.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "volpol/detail/policy/volume_policy.h"
#include "volpol/k8s/spelling.h"
#include "volpol/lint/finding.h"
#include "volpol/lint/linter.h"

namespace volpol::lint::detail {

class context {
 public:
  context(const lint_input& in, std::vector<finding>& out);

  [[nodiscard]] const lint_input& input() const { return in_; }
  /// Backup policies, then global ones: Velero's first-match order.
  [[nodiscard]] const std::vector<const policy::volume_policy*>& policies() const { return policies_; }
  [[nodiscard]] bool has_cluster() const { return in_.cluster != nullptr && in_.plan != nullptr; }

  /// A finding at `at` (document coordinates) in `p`'s document, with `path` inside it.
  /// @return the finding, to set `never_matches` on.
  finding& add(rule_id rule, const policy::volume_policy& p, value_mark at, std::string path, std::string message,
               std::string help = {});
  /// A finding about a Kubernetes object (`Pod ns/name`); `p`, when given, places it in the policy too.
  void add_object(rule_id rule, std::string object, std::string message, std::string help = {},
                  const policy::volume_policy* p = nullptr);
  /// A finding from a diagnostic (validation warnings).
  void add_diagnostic(rule_id rule, const diagnostic& d);

  /// True when a rule already said `p` never matches (finding::never_matches).
  [[nodiscard]] bool said_never_matches(const policy::volume_policy& p) const;

 private:
  const lint_input& in_;
  std::vector<finding>& out_;
  std::vector<const policy::volume_policy*> policies_;
  mutable std::size_t scanned_ = 0;                                // findings already indexed
  mutable std::unordered_set<const policy::volume_policy*> dead_;  // policies said to never match
};

// ---- places inside a policy -------------------------------------------------------------
/// "volumePolicies[2]" (the policy's own document), "volumePolicies[2].conditions.KEY".
[[nodiscard]] std::string policy_path(const policy::volume_policy& p);
[[nodiscard]] std::string condition_path(const policy::volume_policy& p, std::string_view key);
/// The condition `key` as written, or nullptr.
[[nodiscard]] const value* condition_value(const policy::volume_policy& p, std::string_view key);
/// Where condition `key` is written (its key), else where the policy starts.
[[nodiscard]] value_mark condition_mark(const policy::volume_policy& p, std::string_view key);
/// Where item `i` of list condition `key` is written, else condition_mark.
[[nodiscard]] value_mark condition_item_mark(const policy::volume_policy& p, std::string_view key, std::size_t i);
/// "volumePolicies[2]" or "global volumePolicies[0]", with the action: "volumePolicies[2] (skip)".
[[nodiscard]] std::string label(const policy::volume_policy& p);
/// "volumePolicies[2]" or "global volumePolicies[0]".
[[nodiscard]] std::string short_label(const policy::volume_policy& p);
/// True when the policy has no condition at all (`conditions: {}` or none): it matches every volume.
[[nodiscard]] bool is_catch_all(const policy::volume_conditions& c);

// ---- spelling ---------------------------------------------------------------------------
// The nearest name: volpol::closest (volpol/k8s/spelling.h), the one home of suggestions.
using volpol::closest;
/// "did you mean `X`?" or "" when `x` is empty.
[[nodiscard]] std::string did_you_mean(std::string_view x);

// ---- the rules (one file each, or one per family) -------------------------------------------
void check_velero_warnings(context& c);
void check_unknown_volume_types(context& c);
void check_unknown_pvc_phases(context& c);
void check_unknown_access_modes(context& c);
void check_unknown_volume_modes(context& c);
void check_unreachable_policies(context& c);
void check_contradictory_conditions(context& c);
void check_unsupported_fs_backup(context& c);
void check_custom_without_parameters(context& c);
void check_unread_parameters(context& c);
void check_global_snapshot_overridden(context& c);
void check_version_dependent(context& c);
void check_policy_coverage(context& c);
void check_unknown_storage_classes(context& c);
void check_unknown_nfs_servers(context& c);
void check_unknown_csi_drivers(context& c);
void check_volumes_not_backed_up(context& c);
void check_fs_backup_refused(context& c);
void check_block_data_movement(context& c);
void check_annotation_unknown_volumes(context& c);
void check_conflicting_pod_annotations(context& c);
void check_volumes_backup_fails(context& c);

}  // namespace volpol::lint::detail
