// tests/conformance/case_policies.h — a case's `policy` / `globalPolicy` loaded as the revised
// corpus README ("Notes") says, shared by the match and helper ops.
#pragma once

#include <yaml-cpp/yaml.h>

#include <optional>

#include "volpol/core/result.h"
#include "volpol/policy/policies.h"

namespace volpol::conformance {

/// The policies an op evaluates with:
///   - neither `policy` nor `globalPolicy`: nullopt (Velero's nil policies);
///   - `policy` only: decoded and built, NOT validated (as Velero's own tests build policies);
///   - with `globalPolicy` (with or without `policy`): loaded as a backup loads them,
///     `GetResourcePoliciesFromBackupWithGlobal` (internal/resourcepolicies/resource_policies.go):
///     the backup's document is validated (`GetResourcePoliciesFromBackup`), the global one too
///     (`GetGlobalResourcePolicies`, which keeps only its volume policies); the backup's volume
///     policies come first, then the global ones; with no backup policy, the global one alone.
/// @return the policies, or the first problem: a document that does not decode or build
///         (unknown key, unparsable capacity ...) or, with a global policy, does not validate.
result<std::optional<policy::policies>> load_case_policies(const YAML::Node& c);

}  // namespace volpol::conformance
