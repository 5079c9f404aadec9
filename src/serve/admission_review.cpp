// AdmissionReview (admission.k8s.io/v1) in and out: k8s.io/api/admission/v1 types.go.
#include "volpol/detail/serve/admission_review.h"

#include <fmt/format.h>
#include <simdjson.h>

#include "volpol/detail/json_text.h"

namespace volpol::serve {

namespace {

using simdjson::dom::element;
using simdjson::dom::element_type;
using simdjson::dom::object;

diagnostic bad(std::string path, std::string message) {
  diagnostic d = make_error(std::move(message), std::move(path));
  d.object = "AdmissionReview";
  return d;
}

const char* type_name(element_type t) {
  switch (t) {
    case element_type::ARRAY: return "an array";
    case element_type::OBJECT: return "an object";
    case element_type::INT64:
    case element_type::UINT64:
    case element_type::DOUBLE: return "a number";
    case element_type::STRING: return "a string";
    case element_type::BOOL: return "a boolean";
    case element_type::NULL_VALUE: return "null";
  }
  return "a value";
}

/// The member `key` of `o`; false when absent. JSON `null` counts as absent (Kubernetes' Go
/// encoding writes omitted optional fields as absent, some clients as null).
bool member(const object& o, std::string_view key, element& out) {
  if (o.at_key(key).get(out) != simdjson::SUCCESS) return false;
  return out.type() != element_type::NULL_VALUE;
}

/// An optional string member: absent is "", any other type an error.
result<std::string> optional_string(const object& o, std::string_view key, const std::string& path) {
  element e;
  if (!member(o, key, e)) return std::string();
  std::string_view s;
  if (e.get_string().get(s) != simdjson::SUCCESS)
    return bad(path, fmt::format("expected `{}` to be a string, got {}", key, type_name(e.type())));
  return std::string(s);
}

/// An optional object member: absent gives false, any other type an error.
result<bool> optional_object(const object& o, std::string_view key, const std::string& path, object& out) {
  element e;
  if (!member(o, key, e)) return false;
  if (e.get_object().get(out) != simdjson::SUCCESS)
    return bad(path, fmt::format("expected `{}` to be an object, got {}", key, type_name(e.type())));
  return true;
}

/// A map of strings (labels, data): every value must be a string.
result<void> string_map(const object& o, const std::string& path,
                        std::vector<std::pair<std::string, std::string>>& out) {
  for (const auto field : o) {
    std::string_view v;
    if (field.value.get_string().get(v) != simdjson::SUCCESS)
      return bad(path + "." + std::string(field.key),
                 fmt::format("expected a string value, got {}", type_name(field.value.type())));
    out.emplace_back(std::string(field.key), std::string(v));
  }
  return {};
}

// Declares `var`, the value of `expr` (a result<T>), or returns its error. `var` is a name being
// declared, so it cannot be parenthesized; direct-initialization `var(...)` says so to
// clang-tidy's bugprone-macro-parentheses.
#define VOLPOL_TRY(var, expr)                           \
  auto var##_r = (expr);                                \
  if (const diagnostic* e = var##_r.error()) return *e; \
  auto var(std::move(var##_r).value())

#define VOLPOL_TRY_VOID(expr)                        \
  do {                                               \
    auto r_ = (expr);                                \
    if (const diagnostic* e = r_.error()) return *e; \
  } while (false)

result<admitted_config_map> config_map_of(const object& obj, const std::string& request_namespace) {
  admitted_config_map cm;
  object meta;
  VOLPOL_TRY(has_meta, optional_object(obj, "metadata", "request.object.metadata", meta));
  if (has_meta) {
    VOLPOL_TRY(name, optional_string(meta, "name", "request.object.metadata.name"));
    VOLPOL_TRY(ns, optional_string(meta, "namespace", "request.object.metadata.namespace"));
    cm.name = std::move(name);
    cm.namespace_ = std::move(ns);
    object labels;
    VOLPOL_TRY(has_labels, optional_object(meta, "labels", "request.object.metadata.labels", labels));
    if (has_labels) VOLPOL_TRY_VOID(string_map(labels, "request.object.metadata.labels", cm.labels));
  }
  if (cm.namespace_.empty()) cm.namespace_ = request_namespace;
  object data;
  VOLPOL_TRY(has_data, optional_object(obj, "data", "request.object.data", data));
  cm.has_data = has_data;
  if (has_data) VOLPOL_TRY_VOID(string_map(data, "request.object.data", cm.data));
  object binary;
  VOLPOL_TRY(has_binary, optional_object(obj, "binaryData", "request.object.binaryData", binary));
  if (has_binary)
    for (const auto field : binary) cm.binary_data_keys.emplace_back(field.key);
  return cm;
}

admission_operation operation_of(std::string_view s) {
  if (s == "CREATE") return admission_operation::create;
  if (s == "UPDATE") return admission_operation::update;
  if (s == "DELETE") return admission_operation::delete_;
  if (s == "CONNECT") return admission_operation::connect;
  return admission_operation::unknown;
}

}  // namespace

const std::string* admitted_config_map::label(std::string_view key) const {
  for (const auto& [k, v] : labels)
    if (k == key) return &v;
  return nullptr;
}

result<admission_request> parse_admission_review(std::string_view body) {
  if (body.size() > max_admission_review_bytes)
    return bad("", fmt::format("the body has {} bytes, more than the limit of {} bytes", body.size(),
                               max_admission_review_bytes));
  simdjson::dom::parser parser(max_admission_review_bytes);
  const simdjson::padded_string padded(body);
  element root;
  if (const simdjson::error_code ec = parser.parse(padded).get(root); ec != simdjson::SUCCESS)
    return bad("", fmt::format("the body is not JSON: {}", simdjson::error_message(ec)));
  object review;
  if (root.get_object().get(review) != simdjson::SUCCESS)
    return bad("", fmt::format("expected an AdmissionReview object, got {}", type_name(root.type())));
  VOLPOL_TRY(api_version, optional_string(review, "apiVersion", "apiVersion"));
  VOLPOL_TRY(kind, optional_string(review, "kind", "kind"));
  if (kind != "AdmissionReview") return bad("kind", fmt::format("expected kind `AdmissionReview`, got `{}`", kind));
  if (api_version != "admission.k8s.io/v1")
    return bad("apiVersion", fmt::format("expected apiVersion `admission.k8s.io/v1`, got `{}` (set "
                                         "admissionReviewVersions: [v1] in the webhook configuration)",
                                         api_version));
  object req;
  VOLPOL_TRY(has_request, optional_object(review, "request", "request", req));
  if (!has_request) return bad("request", "the AdmissionReview has no `request`");

  admission_request r;
  VOLPOL_TRY(uid, optional_string(req, "uid", "request.uid"));
  if (uid.empty()) return bad("request.uid", "the request has no `uid`");
  r.uid = std::move(uid);
  object k;
  VOLPOL_TRY(has_kind, optional_object(req, "kind", "request.kind", k));
  if (has_kind) {
    VOLPOL_TRY(group, optional_string(k, "group", "request.kind.group"));
    VOLPOL_TRY(version, optional_string(k, "version", "request.kind.version"));
    VOLPOL_TRY(kind_name, optional_string(k, "kind", "request.kind.kind"));
    r.group = std::move(group);
    r.version = std::move(version);
    r.kind = std::move(kind_name);
  }
  VOLPOL_TRY(op, optional_string(req, "operation", "request.operation"));
  r.operation = operation_of(op);
  r.operation_text = std::move(op);
  VOLPOL_TRY(name, optional_string(req, "name", "request.name"));
  VOLPOL_TRY(ns, optional_string(req, "namespace", "request.namespace"));
  r.name = std::move(name);
  r.namespace_ = std::move(ns);
  element dry;
  if (member(req, "dryRun", dry)) {
    bool b = false;
    if (dry.get_bool().get(b) != simdjson::SUCCESS)
      return bad("request.dryRun", fmt::format("expected `dryRun` to be a boolean, got {}", type_name(dry.type())));
    r.dry_run = b;
  }
  object obj;
  VOLPOL_TRY(has_object, optional_object(req, "object", "request.object", obj));
  r.has_object = has_object;
  if (has_object && r.is_config_map()) {
    VOLPOL_TRY(cm, config_map_of(obj, r.namespace_));
    r.config_map = std::move(cm);
    element obj_element;
    if (member(req, "object", obj_element)) r.config_map.json = simdjson::minify(obj_element);
  }
  return r;
}

namespace {
/// A string as the API server's Go code writes it (no HTML escaping: Encoder.SetEscapeHTML(false)).
std::string json_quote(std::string_view s) { return go_json_string(s, go_escape_html::no); }
}  // namespace

std::string admission_review_json(const admission_response& response) {
  std::string out = R"({"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","response":{"uid":)";
  out += json_quote(response.uid);
  out += response.allowed ? R"(,"allowed":true)" : R"(,"allowed":false)";
  if (!response.allowed || !response.message.empty()) {
    out += R"(,"status":{)";
    bool first = true;
    const auto sep = [&] {
      if (!first) out += ',';
      first = false;
    };
    if (response.status_code != 0) {
      sep();
      out += fmt::format(R"("code":{})", response.status_code);
    }
    if (!response.status_reason.empty()) {
      sep();
      out += R"("reason":)" + json_quote(response.status_reason);
    }
    if (!response.message.empty()) {
      sep();
      out += R"("message":)" + json_quote(response.message);
    }
    out += '}';
  }
  if (!response.warnings.empty()) {
    out += R"(,"warnings":[)";
    for (std::size_t i = 0; i < response.warnings.size(); ++i) {
      if (i) out += ',';
      out += json_quote(response.warnings[i]);
    }
    out += ']';
  }
  out += "}}";
  return out;
}

}  // namespace volpol::serve
