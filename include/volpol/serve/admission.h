// volpol/serve/admission.h — what the webhook decides for one AdmissionReview request: a
// ConfigMap labelled `volpol.io/resource-policy: backup|global|restore` is checked as
// `volpol validate` checks that side (policy::check_policy_text); everything else is allowed.
//
// Velero checks a resource policy only when a backup or restore starts
// (pkg/controller/backup_controller.go `prepareBackupRequest` calls
// `resourcepolicies.GetResourcePoliciesFromBackupWithGlobal`, pkg/controller/restore_controller.go
// `GetResourcePoliciesFromRestore`); this catches the same errors at `kubectl apply`.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "volpol/core/diagnostic.h"
#include "volpol/detail/policy/text_origin.h"
#include "volpol/detail/serve/admission_review.h"
#include "volpol/k8s/limits.h"
#include "volpol/policy/policies.h"

namespace volpol::serve {

/// The label that marks a ConfigMap as holding a resource policy, and for which side.
inline constexpr std::string_view resource_policy_label = "volpol.io/resource-policy";

/// Lint findings for one policy document that passed validation. The seam for a linter
/// (`volpol lint`): it gets the document text, where it is (`origin.object` = `ConfigMap ns/name`,
/// `origin.data_key`; positions are inside the document), the side it is for and what was built;
/// it returns its findings (their level is ignored: they are warnings, or denials with
/// review_options::deny_warnings). Must be safe to call from several threads at once.
using lint_function = std::function<diagnostics(std::string_view document, const policy::text_origin& origin,
                                                policy::policy_use use, const policy::policies& built)>;

struct review_options {
  bool deny_warnings = false;     ///< validation warnings and lint findings deny instead of warning
  lint_function lint;             ///< empty: no lint findings
  std::size_t max_messages = 50;  ///< problems listed in one denial or in warnings (then "N more")
  /// Depth, YAML nodes and volume policies past which a policy document is denied
  /// (k8s/limits.h; `volpol serve --max-depth`, `--max-yaml-nodes`, `--max-volume-policies`).
  k8s::input_limits limits;
  /// The Velero release the policies are checked for (`volpol serve --velero-version`): the one
  /// the cluster runs, so a policy it would refuse is denied at `kubectl apply`.
  velero_version velero = default_velero_version;
};

/// Why the webhook answered as it did (for metrics and logs; never parsed).
enum class admission_reason : std::uint8_t {
  not_config_map,     ///< another kind: allowed
  delete_or_connect,  ///< DELETE / CONNECT: allowed
  no_object,          ///< no request.object: allowed
  not_labelled,       ///< a ConfigMap without the label: allowed
  unknown_side,       ///< label value not backup|global|restore: allowed, with a warning
  valid,              ///< a valid policy: allowed (maybe with warnings)
  invalid,            ///< validation errors (or warnings with deny_warnings): denied
};

/// One decision; `problems` are in policy-document coordinates (origin = the ConfigMap + key).
struct admission_decision {
  bool allowed = true;
  admission_reason reason = admission_reason::not_config_map;
  std::optional<policy::policy_use> side;  ///< the label's side, when it names one
  std::string object;                      ///< `ConfigMap namespace/name`
  std::string data_key;                    ///< the data key holding the document (when one)
  diagnostics problems;                    ///< errors (deny) and warnings (warn), validation then lint
  std::string label_value;                 ///< the label's value as given (for unknown_side)
};

/// Decides a parsed request. Never fails: anything that is not a labelled ConfigMap being
/// created or updated is allowed.
///     auto d = review(request, {});
///     d.allowed;  // false for a labelled ConfigMap whose policy has `version: v2`
[[nodiscard]] admission_decision review(const admission_request& request, const review_options& options);

/// The AdmissionReview response for `decision`: denied ones carry code 422, reason `Invalid`
/// and a message listing every error (then every warning, with deny_warnings), one a line:
///     ConfigMap velero/backup-policy, data key `policy.yaml`, line 3, column 10: version:
///     unsupported version `v2` (help: ...)
/// Warnings (allowed or not) become response.warnings, one per finding, in the same form.
[[nodiscard]] admission_response respond(const admission_request& request, const admission_decision& decision,
                                         const review_options& options);

/// `policy_use` as the label spells it ("backup", "global", "restore").
[[nodiscard]] std::string_view side_name(policy::policy_use use);

}  // namespace volpol::serve
