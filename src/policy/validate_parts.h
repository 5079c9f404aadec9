// src/policy/validate_parts.h — internal: the checks policies::validate() is made of, one per
// section of the document (velero internal/resourcepolicies/resource_policies.go `Validate`).
#pragma once

#include <string>

#include "volpol/core/diagnostic.h"
#include "volpol/detail/policy/volume_policy.h"
#include "volpol/policy/document.h"

namespace volpol::policy::detail {

/// `version` must be `v1` (`currentSupportDataVersion`).
void validate_version(const resource_policies& doc, diagnostics& out);
/// `Action.validate`: known type, `dataMover` / `snapshotClass` rules.
void validate_action(const volume_policy& vp, diagnostics& out);
/// Each condition's `validate()`: capacity order, csi attributes need a driver.
void validate_conditions(const volume_policy& vp, diagnostics& out);
/// `IncludeExcludePolicy.Validate`.
void validate_include_exclude(const include_exclude_policy& p, const text_origin& origin, diagnostics& out);
/// `validateClusterScopedFilterPolicy`.
void validate_cluster_scoped_filter(const resource_policies& doc, diagnostics& out);
/// `validateNamespacedFilterPolicies`.
void validate_namespaced_filters(const resource_policies& doc, diagnostics& out);
/// The checks one resource filter gets in both filter sections: label selectors, globs.
void validate_filter_patterns(const resource_filter& rf, const std::string& path, const text_origin& origin,
                              diagnostics& out);

}  // namespace volpol::policy::detail
