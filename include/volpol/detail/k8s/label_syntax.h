// volpol/detail/k8s/label_syntax.h — Kubernetes label key and value syntax.
//
// Mirrors k8s.io/apimachinery/pkg/util/validation (validation.go): `IsQualifiedName`,
// `IsValidLabelValue`, `IsDNS1123Subdomain`. Each returns every problem found (empty = valid),
// phrased as the tail of a sentence about the input, e.g. "name part must be no more than 63
// characters".
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace volpol::k8s {

/// A label key: `[prefix/]name`. The optional prefix is a DNS-1123 subdomain (lower case, at
/// most 253 characters); the name is 1–63 characters of `[A-Za-z0-9_.-]`, starting and ending
/// with an alphanumeric character.
///     qualified_name_problems("app.kubernetes.io/name")   // {}
///     qualified_name_problems("my app")                   // {"name part must consist of ..."}
[[nodiscard]] std::vector<std::string> qualified_name_problems(std::string_view key);

/// A label value: empty, or 1–63 characters of `[A-Za-z0-9_.-]` starting and ending with an
/// alphanumeric character.
///     label_value_problems("")         // {}
///     label_value_problems("prod/eu")  // {"a valid label value must ..."}
[[nodiscard]] std::vector<std::string> label_value_problems(std::string_view v);

/// A DNS-1123 subdomain: at most 253 characters of lower-case alphanumerics, '-' and '.',
/// each dot-separated part starting and ending with an alphanumeric character.
[[nodiscard]] std::vector<std::string> dns1123_subdomain_problems(std::string_view v);

}  // namespace volpol::k8s
