// volpol/detail/serve/admission_review.h — the Kubernetes `AdmissionReview` (admission.k8s.io/v1) a
// validating admission webhook receives and answers: what volpol reads of the request, and the
// response it writes back.
//
// Only what the webhook needs is read: the request's uid, kind, operation, name and namespace,
// and, when the object is a ConfigMap, its metadata, labels and `data`. Everything else is
// ignored (an AdmissionReview carries the whole object, userInfo, options, ...).
// Kubernetes types: k8s.io/api/admission/v1 types.go (`AdmissionReview`, `AdmissionRequest`,
// `AdmissionResponse`).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "volpol/core/result.h"

namespace volpol::serve {

/// The largest request body the webhook reads, in bytes: the API server's own limit on a request
/// (3 MiB, `maxRequestBodyBytes` in k8s.io/apiserver), so no valid AdmissionReview is larger.
inline constexpr std::size_t max_admission_review_bytes = std::size_t{3} * 1024 * 1024;

/// `request.operation`.
enum class admission_operation : std::uint8_t { create, update, delete_, connect, unknown };

/// A ConfigMap as found in `request.object` (or `request.oldObject`).
struct admitted_config_map {
  std::string name;        ///< metadata.name (may be empty on CREATE with generateName)
  std::string namespace_;  ///< metadata.namespace, or the request's namespace when absent
  std::vector<std::pair<std::string, std::string>> labels;  ///< metadata.labels, in document order
  std::vector<std::pair<std::string, std::string>> data;    ///< `data`, in document order
  std::vector<std::string> binary_data_keys;                ///< keys of `binaryData` (never read)
  bool has_data = false;                                    ///< `data` present (and a JSON object)
  std::string json;  ///< the object, minified JSON (for diagnostics that need the whole ConfigMap)

  /// The value of label `key`, or nullptr.
  [[nodiscard]] const std::string* label(std::string_view key) const;
};

/// What volpol reads of an `AdmissionReview` request.
struct admission_request {
  std::string uid;                   ///< request.uid: echoed in the response (required)
  std::string group, version, kind;  ///< request.kind (group "" = the core API)
  admission_operation operation = admission_operation::unknown;
  std::string operation_text;      ///< request.operation as sent (for logs)
  std::string name, namespace_;    ///< request.name, request.namespace
  bool dry_run = false;            ///< request.dryRun
  bool has_object = false;         ///< request.object is a JSON object
  admitted_config_map config_map;  ///< filled when kind is core/v1 ConfigMap and has_object

  /// True for the core/v1 ConfigMap kind.
  [[nodiscard]] bool is_config_map() const { return group.empty() && version == "v1" && kind == "ConfigMap"; }
};

/// Parses a request body as an `AdmissionReview` of apiVersion `admission.k8s.io/v1`.
///     auto r = parse_admission_review(R"({"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview",
///                                         "request":{"uid":"u1","kind":{"group":"","version":"v1",
///                                         "kind":"ConfigMap"},"operation":"CREATE","object":{...}}})");
///     r->uid;   // "u1"
/// @return the request, or an error (becomes HTTP 400) when the body is larger than
///         max_admission_review_bytes, is not JSON, is not an AdmissionReview of
///         admission.k8s.io/v1, has no `request` object or no `request.uid` string, or when a
///         field volpol reads has the wrong JSON type (e.g. `data` values that are not strings).
///         The error's `where.offset` is the byte offset for JSON syntax errors when known, and
///         its `where.path` names the field (`request.object.data.policy.yaml`).
[[nodiscard]] result<admission_request> parse_admission_review(std::string_view body);

/// The `response` of an AdmissionReview (what the webhook decided).
struct admission_response {
  std::string uid;  ///< copied from the request
  bool allowed = true;
  int status_code = 0;                ///< status.code when denied (HTTP-like; 0 = omit)
  std::string status_reason;          ///< status.reason when denied (a Kubernetes StatusReason, e.g. "Invalid")
  std::string message;                ///< status.message: kubectl prints it after "denied the request: "
  std::vector<std::string> warnings;  ///< response.warnings: kubectl prints each as "Warning: ..."
};

/// The AdmissionReview JSON answering a request (apiVersion admission.k8s.io/v1), one line:
///     {"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","response":{"uid":"u1","allowed":true}}
[[nodiscard]] std::string admission_review_json(const admission_response& response);

}  // namespace volpol::serve
