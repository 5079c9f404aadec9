// volpol/policy/document.h — a resource-policy document as decoded from YAML, before building.
//
// Mirrors Velero's `ResourcePolicies` and its sections (internal/resourcepolicies/
// resource_policies.go): decoded strictly (unknown keys rejected, duplicate keys rejected,
// YAML types checked) as `decodeStruct` with yaml.v3 `KnownFields(true)` does.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "volpol/k8s/diagnostic.h"
#include "volpol/k8s/value.h"
#include "volpol/policy/action.h"

namespace volpol::policy {

/// metav1.LabelSelector as a policy writes it (`matchLabels`, `matchExpressions`).
struct label_selector_requirement {
  std::string key;
  std::string op;  ///< In, NotIn, Exists, DoesNotExist (validated later)
  std::vector<std::string> values;
};
struct policy_label_selector {
  std::vector<std::pair<std::string, std::string>> match_labels;
  std::vector<label_selector_requirement> match_expressions;
  value_mark mark;
  /// Velero `IsPresentLabelSelector`: any constraint at all.
  [[nodiscard]] bool present() const { return !match_labels.empty() || !match_expressions.empty(); }
};

struct resource_filter {
  std::vector<std::string> kinds;
  std::optional<policy_label_selector> label_selector;
  std::vector<policy_label_selector> or_label_selectors;
  std::vector<std::string> names;
  std::vector<std::string> excluded_names;
  value_mark mark;
  /// Velero `IsCatchAll`: no kinds, or exactly ["*"].
  [[nodiscard]] bool is_catch_all() const { return kinds.empty() || (kinds.size() == 1 && kinds[0] == "*"); }
};

struct cluster_scoped_filter_policy {
  std::vector<resource_filter> resource_filters;
  value_mark mark;
};

struct namespaced_filter_policy {
  std::vector<std::string> namespaces;
  std::vector<resource_filter> resource_filters;
  value_mark mark;
};

struct include_exclude_policy {
  std::vector<std::string> included_cluster_scoped_resources;
  std::vector<std::string> excluded_cluster_scoped_resources;
  std::vector<std::string> included_namespace_scoped_resources;
  std::vector<std::string> excluded_namespace_scoped_resources;
  value_mark mark;
};

/// One `volumePolicies[]` item before building: raw conditions (a mapping value) + action.
struct raw_volume_policy {
  value conditions;  ///< mapping (or null when absent)
  action act;
  value_mark mark;
};

struct resource_policies {
  std::string version;
  std::vector<raw_volume_policy> volume_policies;
  std::optional<include_exclude_policy> include_exclude;
  std::optional<cluster_scoped_filter_policy> cluster_scoped_filter;
  std::vector<namespaced_filter_policy> namespaced_filters;
  std::string source;  ///< file name (or "" for in-memory text), for diagnostics
};

/// Decodes a policy document (YAML or JSON text; only the first YAML document is read,
/// as Velero's decoder does). Mirrors `unmarshalResourcePolicies`.
/// `source` names the input in diagnostics (a file path, or "" for text).
/// @return the document, or every decoding error (unknown key, duplicate key, wrong type,
///         not YAML) with line/column and path.
[[nodiscard]] result<resource_policies> decode_resource_policies(std::string_view text,
                                                                 std::string_view source = {});

/// Reads a ConfigMap (YAML or JSON text) holding a policy document: exactly one `data`
/// key, whose value is the document. Mirrors `getResourcePoliciesFromConfig`.
/// @return the document, or an error naming the ConfigMap (`namespace/name`).
[[nodiscard]] result<resource_policies> decode_config_map(std::string_view text, std::string_view source = {});

/// Reads a file that is either a policy document or a ConfigMap holding one (told apart by
/// `kind: ConfigMap`). @return the document, or an error naming the file.
[[nodiscard]] result<resource_policies> load_policy_file(const std::string& path);

}  // namespace volpol::policy
