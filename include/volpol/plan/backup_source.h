// volpol/plan/backup_source.h — the Backup a plan is for: from a file holding a Backup or a
// Schedule, or picked by name from the loaded objects; and its resource-policy ConfigMap.
//
// A Schedule stands for the Backup the schedule controller would create from it
// (k8s::backup_from_schedule: pkg/controller/schedule_controller.go `getBackup`,
// pkg/builder/backup_builder.go `FromSchedule`).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "volpol/core/result.h"
#include "volpol/k8s/backup.h"
#include "volpol/k8s/cluster.h"
#include "volpol/policy/policies.h"

namespace volpol::plan {

struct chosen_backup {
  enum class from : std::uint8_t { backup, schedule };
  k8s::backup backup;  ///< the Backup (for a Schedule: the one it would create)
  from source = from::backup;
  std::string schedule_name;  ///< for from::schedule
  diagnostics warnings;       ///< backup_from_file: the file's warnings (unknown spec fields ...)
};

/// Reads `path` ("-" = standard input): YAML or JSON holding exactly one Velero Backup or
/// Schedule (annotations all kept: they choose snapshot classes).
/// @return the Backup, or an error naming the file ("expected one Backup or Schedule, found
///         2 Backup"), or the loader's first error.
[[nodiscard]] result<chosen_backup> backup_from_file(const std::string& path);

/// The same for in-memory JSON or YAML text (a Backup or Schedule read from the cluster, a test
/// file's backup), read as if it were the file `source`: the one decoder of a Backup's spec
/// (k8s::backup_from_value) whatever the Backup comes from.
[[nodiscard]] result<chosen_backup> backup_from_text(std::string_view text, std::string_view source);

/// The Backup named `name` ("name" or "namespace/name") among the loaded Backups, else a
/// Schedule of that name (then the Backup it would create).
/// @return it, or an error listing the Backups and Schedules that were loaded.
[[nodiscard]] result<chosen_backup> backup_by_name(const k8s::cluster& cluster, std::string_view name);

/// The ConfigMap a Backup's `spec.resourcePolicy` names (kind `configmap`, any case, as
/// `GetResourcePoliciesFromBackup` compares), looked up in the Backup's namespace among the
/// loaded objects (in any namespace when the Backup has none); nullptr when not found.
[[nodiscard]] const k8s::config_map* resource_policy_config_map(const k8s::cluster& cluster, const k8s::backup& b);

/// The policy document text held by a policy ConfigMap (`getResourcePoliciesFromConfig`:
/// exactly one data key). @return the text, or an error ("ConfigMap ns/name: data must have
/// exactly one key, has 2").
[[nodiscard]] result<std::string> policy_text_of(const k8s::config_map& cm);

/// The policy a Backup's resource-policy ConfigMap holds, checked for a backup as Velero's
/// backup controller checks it before the backup runs (pkg/controller/backup_controller.go
/// `prepareBackupRequest`, internal/resourcepolicies `GetResourcePoliciesFromBackup` →
/// `getResourcePoliciesFromConfig`; policy::check_policy_text): positions are within its data value, the origin names
/// the ConfigMap (its first line; where the value stands in the dump is not kept). A ConfigMap without exactly one data
/// key gives that problem and nothing built.
[[nodiscard]] policy::checked_policies check_resource_policy(const k8s::config_map& cm);

}  // namespace volpol::plan
