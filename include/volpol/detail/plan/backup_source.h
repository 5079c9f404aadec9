// volpol/detail/plan/backup_source.h — the resource-policy ConfigMap of the Backup a plan is for (the
// Backup itself, from a file, a text or the loaded objects, is k8s::chosen_backup in
// volpol/detail/k8s/backup.h), and the policy it holds, checked as Velero's backup controller checks it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "volpol/core/result.h"
#include "volpol/detail/k8s/backup.h"
#include "volpol/k8s/cluster.h"
#include "volpol/policy/policies.h"

namespace volpol::plan {

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
