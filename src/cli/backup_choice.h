// backup_choice.h (private to the cli layer) — what `--backup` names (a file with a Backup or a Schedule, or a
// Backup / Schedule among the loaded objects), the policy ConfigMap a Backup references, and the
// note about the kinds the plan ignored.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "volpol/core/result.h"
#include "volpol/k8s/cluster.h"
#include "volpol/k8s/loader.h"
#include "volpol/plan/backup_options.h"
#include "volpol/policy/policies.h"

namespace volpol::cli {

/// The Backup the plan is for.
struct backup_choice {
  plan::backup_options options;       ///< from the Backup (defaults when --backup was not given)
  std::optional<k8s::backup> backup;  ///< the Backup object, when --backup gave one
  bool from_schedule = false;
  diagnostics warnings;  ///< a --backup FILE's warnings (unknown spec fields ...)
};

/// `--backup ARG`: a readable file holds a Backup or a Schedule (k8s::backup_from_file); any
/// other ARG names a Backup (or Schedule) among `loaded` ("name" or "namespace/name").
/// An empty ARG gives the defaults.
/// @return the choice, or the error (naming the file, or listing what was loaded).
[[nodiscard]] result<backup_choice> choose_backup(const std::string& arg, const k8s::cluster& loaded);

/// The Backup's `spec.resourcePolicy` ConfigMap, when the input has it: its policy checked for
/// a backup (problems in `problems`). nullopt when the Backup references none, or the
/// ConfigMap is not in the input (then `missing` names it: "velero/shop-policy").
[[nodiscard]] std::optional<policy::checked_policies> policy_from_backup(const k8s::backup& b,
                                                                         const k8s::cluster& loaded,
                                                                         std::string& missing);

/// "ignored: 12 Deployment, 3 Service" for the kinds the loader counted and did not read
/// (an unknown kind is "unknown"); "" when none.
[[nodiscard]] std::string ignored_kinds_note(const k8s::load_counts& counts);

}  // namespace volpol::cli
