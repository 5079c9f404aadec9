// volpol/policy/backup_policies.h — the policies of one backup, loaded once, the one way.
//
// Every command that plans (`plan`, `explain`, `lint`, `test`, `diff`) and the helper factory
// load the backup's resource policy and the server's global volume policy here; `validate`
// checks each file with the same check_policy_file(). So a policy is rejected with the same
// messages everywhere — every problem, `file:line:column`, warnings included.
//
// Mirrors how Velero's backup controller gets them: the Backup's policy ConfigMap
// (`GetResourcePoliciesFromBackup`: BuildPolicy + Validate), the server's global volume
// policies (`GetGlobalResourcePolicies`: Validate, then only volumePolicies kept), appended
// after the backup's (`GetResourcePoliciesFromBackupWithGlobal`).
//
//     auto loaded = load_backup_policies({.policy_file = "p.yaml", .global_policy_file = "g.yaml"});
//     for (const diagnostic& d : loaded.problems) print(d.to_string());   // errors and warnings
//     if (!loaded.ok()) return 2;
//     plan_with(loaded.backup ? &*loaded.backup : nullptr, loaded.global ? &*loaded.global : nullptr);
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "volpol/core/diagnostic.h"
#include "volpol/policy/policies.h"

namespace volpol::policy {

/// A ConfigMap holding a policy (read from a live cluster), or the policy document itself, as
/// text, and its name in messages.
struct config_map_text {
  std::string text;
  std::string source;  ///< `kubectl get configmap volume-policy -n velero`
};

struct backup_policy_files {
  /// The backup's resource policy: a policy document or a ConfigMap holding one (YAML or
  /// JSON); "-" = standard input; "" = none.
  std::string policy_file;
  /// The server's global volume policy (same formats); "" = none.
  std::string global_policy_file;
  /// Instead of the files, when set: the ConfigMaps (check_config_map_text) or the documents
  /// (check_policy_text) as text.
  std::optional<config_map_text> policy_config_map, global_config_map;
  /// Run Velero's Validate() (what the backup controller does). False keeps build-only
  /// semantics (Velero's tests); decoding and building problems are still errors.
  bool validate = true;
  /// Depth, YAML nodes and volume policies past which a file is refused (k8s/limits.h).
  k8s::input_limits limits;
  /// The Velero release whose rules read and check both documents (core/velero_version.h).
  velero_version version = default_velero_version;
};

struct loaded_policies {
  std::optional<policies> backup;  ///< built (and validated) backup policy, when given and valid
  std::optional<policies> global;  ///< the global one as as_global() keeps it, when given and valid
  /// Every problem of both files (the backup's first), each file's sorted by position, exactly
  /// as `volpol validate` (or `validate --global`) reports them: errors and warnings.
  diagnostics problems;
  [[nodiscard]] bool ok() const { return !problems.has_errors(); }
};

/// Loads, builds, validates both files (check_policy_file with policy_use::backup and
/// policy_use::global). A file with errors is not kept (its policies stay unset).
[[nodiscard]] loaded_policies load_backup_policies(const backup_policy_files& files);

/// The backup's volume policies followed by the global ones (merge_global), or whichever is
/// set, or null when neither is.
[[nodiscard]] std::shared_ptr<const policies> merged_policies(const loaded_policies& p);

}  // namespace volpol::policy
