// volpol/policy/document.h — a resource-policy document as decoded from YAML, before building.
//
// Mirrors Velero's `ResourcePolicies` and its sections (internal/resourcepolicies/
// resource_policies.go) and `unmarshalResourcePolicies`: decoded strictly, as `decodeStruct`
// does with yaml.v3 and `KnownFields(true)`:
//   - a key that is not a field is an error (`volumePolicy`, `name`, `params` ...);
//   - a key written twice in one mapping is an error;
//   - a field of the wrong YAML kind is an error (`volumePolicies:` given a mapping);
//   - a string field takes any non-null scalar as written (`version: 1` is "1");
//   - a null value leaves the field unset (`clusterScopedFilterPolicy:` is absent);
//   - a null item of a list of structs is skipped (Velero too; volpol warns);
//   - only the first YAML document of the text is read; no document at all is an error;
//   - tabs in indentation, unclosed brackets etc. are YAML errors.
// Volume policy `conditions` and action `parameters` stay typed maps (`value`): conditions are
// decoded strictly when building (policies::build), parameters are read by the helpers.
// Every diagnostic carries file, line, column and the path inside the document.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "volpol/core/result.h"
#include "volpol/core/value.h"
#include "volpol/detail/policy/text_origin.h"
#include "volpol/k8s/label_selector.h"
#include "volpol/policy/action.h"

namespace volpol::policy {

/// `PolicyLabelSelectorRequirement`: one `matchExpressions` item (key, operator, values).
using label_selector_requirement = k8s::label_selector_requirement;

/// `PolicyLabelSelector` (metav1.LabelSelector with yaml tags): `matchLabels` in document
/// order and `matchExpressions`; checked with k8s::check_label_selector when validating.
struct policy_label_selector : k8s::label_selector_spec {
  value_mark mark;
  bool decode_failed = false;  ///< a field could not be decoded (already reported)
  /// Velero `IsPresentLabelSelector`: any constraint at all (`{}` is absent).
  [[nodiscard]] bool present() const { return !match_labels.empty() || !match_expressions.empty(); }
};

/// `ResourceFilter`: which kinds, by labels and by name globs. Each list keeps the position of
/// each item (`*_marks`, parallel to the list).
struct resource_filter {
  std::vector<std::string> kinds;
  std::optional<policy_label_selector> label_selector;
  std::vector<policy_label_selector> or_label_selectors;  ///< a null item is an empty selector
  std::vector<std::string> names;                         ///< gobwas/glob patterns
  std::vector<std::string> excluded_names;                ///< gobwas/glob patterns
  std::vector<value_mark> kinds_marks, names_marks, excluded_names_marks;
  value_mark mark;
  bool decode_failed = false;
  /// Velero `IsCatchAll`: no kinds, or exactly ["*"].
  [[nodiscard]] bool is_catch_all() const { return kinds.empty() || (kinds.size() == 1 && kinds[0] == "*"); }
};

/// `ClusterScopedFilterPolicy`.
struct cluster_scoped_filter_policy {
  std::vector<resource_filter> resource_filters;
  value_mark mark;
  bool decode_failed = false;
};

/// `NamespacedFilterPolicy`: namespace glob patterns (wildcard.ValidateNamespaceName syntax)
/// and the filters that apply in them.
struct namespaced_filter_policy {
  std::vector<std::string> namespaces;
  std::vector<resource_filter> resource_filters;
  std::vector<value_mark> namespaces_marks;
  value_mark mark;
  bool decode_failed = false;
};

/// `IncludeExcludePolicy`: resource names included / excluded, per scope.
struct include_exclude_policy {
  std::vector<std::string> included_cluster_scoped_resources;
  std::vector<std::string> excluded_cluster_scoped_resources;
  std::vector<std::string> included_namespace_scoped_resources;
  std::vector<std::string> excluded_namespace_scoped_resources;
  /// Positions, parallel to the four lists above (same order).
  std::vector<value_mark> marks[4];
  value_mark mark;
  bool decode_failed = false;
};

/// One `volumePolicies[]` item before building: raw conditions (a mapping value) + action.
struct raw_volume_policy {
  value conditions;                ///< mapping, or null when absent / `conditions:` alone
  action act;                      ///< `type` as written; `parameters` typed (null when absent)
  value_mark mark;                 ///< where the list item starts
  value_mark type_mark;            ///< where `type` is (or the action, or the item, when absent)
  std::size_t index = 0;           ///< position in `volumePolicies` (null items are not counted out)
  bool decode_failed = false;      ///< a problem was reported while decoding this item
  bool action_failed = false;      ///< ... while decoding its `action` (so its type is unknown)
  bool conditions_failed = false;  ///< ... while decoding its `conditions` (already reported)
};

struct resource_policies {
  std::string version;
  value_mark version_mark;      ///< {0,0} when `version` is absent
  bool version_failed = false;  ///< `version` was not a scalar (already reported)
  std::vector<raw_volume_policy> volume_policies;
  std::optional<include_exclude_policy> include_exclude;
  std::optional<cluster_scoped_filter_policy> cluster_scoped_filter;
  std::vector<namespaced_filter_policy> namespaced_filters;
  value_mark mark;             ///< where the document's mapping starts
  bool not_a_mapping = false;  ///< the document is a scalar or a list (already reported)
  text_origin origin;          ///< file / ConfigMap, for diagnostics
};

/// Decodes a policy document (YAML or JSON text), collecting every decoding problem in `out`.
/// Mirrors `unmarshalResourcePolicies`: the strict decode described above, then its checks of
/// three conditions' YAML types (the conditions themselves are decoded by policies::build):
/// `pvcLabels` must be a mapping, `pvcVolumeMode` a string, `pvcAccessModes` a list of strings.
/// @return the document, as complete as decoding allowed: parts that failed are left out or
///         flagged `decode_failed`, and `out` says why (file:line:column, path, expectation).
[[nodiscard]] resource_policies decode_resource_policies(std::string_view text, const text_origin& origin,
                                                         diagnostics& out);

/// Same, for text given in memory or from a file named `source`.
/// @return the document, or the first decoding problem (see the collecting overload).
[[nodiscard]] result<resource_policies> decode_resource_policies(std::string_view text, std::string_view source = {});

/// Reads a ConfigMap (YAML or JSON text) holding a policy document and decodes that document,
/// collecting every problem in `out`. Mirrors `getResourcePoliciesFromConfig`: `data` must have
/// exactly one key, whatever its name; its value is the document (`binaryData` is not read).
/// Diagnostics about the document point into the ConfigMap file (see text_origin) and name the
/// ConfigMap (`ConfigMap namespace/name`).
/// @return the document; nullopt when there is none to decode (not a ConfigMap mapping, `data`
///         missing or with 0 or 2+ keys, a value that is not a string).
/// `version`: the Velero release whose rules read the document (text_origin::version).
[[nodiscard]] std::optional<resource_policies> decode_config_map(std::string_view text, std::string_view source,
                                                                 diagnostics& out,
                                                                 velero_version version = default_velero_version);

/// Same. @return the document, or the first problem.
[[nodiscard]] result<resource_policies> decode_config_map(std::string_view text, std::string_view source = {});

/// True when `text`'s first YAML document is a mapping with `kind: ConfigMap` (text that is not
/// YAML gives false).
[[nodiscard]] bool looks_like_config_map(std::string_view text);

/// Reads the file at `path` ("-" = standard input): a ConfigMap holding a policy (told apart by
/// `kind: ConfigMap`) or a policy document. Collects every problem in `out`.
/// @return the document; nullopt when the file cannot be read or holds no document to decode.
/// The file is opened once and read whole (a FIFO, `<(...)` and "-" work); a folder, an
/// unreadable file or a closed standard input is reported as such, an empty file as empty.
/// `limits`: depth, YAML nodes and volume policies past which the document is refused.
/// `version`: the Velero release whose rules read the document (text_origin::version).
[[nodiscard]] std::optional<resource_policies> load_policy_file(const std::string& path, diagnostics& out,
                                                                const k8s::input_limits& limits = {},
                                                                velero_version version = default_velero_version);

/// Same. @return the document, or the first problem (an unreadable file names the path).
[[nodiscard]] result<resource_policies> load_policy_file(const std::string& path, const k8s::input_limits& limits = {},
                                                         velero_version version = default_velero_version);

}  // namespace volpol::policy
