// Decoding a policy document: `ResourcePolicies`, `VolumePolicy`, `Action` (velero
// internal/resourcepolicies/resource_policies.go `unmarshalResourcePolicies`).
#include <fmt/format.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "decode_document.h"
#include "decode_node.h"
#include "policies_build.h"
#include "volpol/detail/value_yaml.h"
#include "volpol/detail/yaml_check.h"
#include "volpol/policy/document.h"

namespace volpol::policy {

namespace detail {

namespace {

constexpr std::string_view tab_indentation_help = "YAML indentation must use spaces, not tabs";

/// Whether the character at `at` (1-based line and column of `text`) is a tab in the line's
/// indentation: only spaces and tabs before it on its line. libyaml reports a tab where an
/// indentation space belongs at the tab itself ("found a tab character that violates
/// indentation", "... where an indentation space is expected", "found character that cannot
/// start any token"), so the text, not the message's wording, says whether to suggest spaces.
/// Lines end at "\n", "\r\n" or "\r", as libyaml counts them.
bool tab_in_indentation_at(std::string_view text, value_mark at) {
  if (at.line == 0 || at.column == 0) return false;
  std::size_t i = 0;
  for (std::uint32_t line = 1; line < at.line; ++line) {
    i = text.find_first_of("\r\n", i);
    if (i == std::string_view::npos) return false;
    i += text.compare(i, 2, "\r\n") == 0 ? 2 : 1;
  }
  const std::string_view indentation = text.substr(i, at.column - 1);
  const std::size_t tab = i + at.column - 1;
  return indentation.size() == at.column - 1 && indentation.find_first_not_of(" \t") == std::string_view::npos &&
         tab < text.size() && text[tab] == '\t';
}

}  // namespace

std::optional<YAML::Node> parse_first_document(std::string_view text, node_decoder& d) {
  // As yaml.v3 reads it first (yaml_check.h): its character and syntax rules, then depth and
  // an alias expansion budget, so yaml-cpp never walks an alias bomb.
  k8s::yaml_limits lim;
  lim.max_depth = d.origin().limits.max_depth;
  lim.max_nodes = d.origin().limits.max_yaml_nodes;
  lim.first_document_only = true;
  if (const auto p = k8s::check_yaml(text, lim); p && p->what == k8s::yaml_problem::kind::after_first_document) {
    d.warn({p->line, p->column}, "", p->message, "keep one policy document per file");
  } else if (p) {
    std::string help;
    switch (p->what) {
      case k8s::yaml_problem::kind::depth: help = "raise the limit with --max-depth"; break;
      case k8s::yaml_problem::kind::nodes: help = "raise the limit with --max-yaml-nodes"; break;
      case k8s::yaml_problem::kind::characters: help = "YAML text must be UTF-8 without control characters"; break;
      default:
        if (tab_in_indentation_at(text, {p->line, p->column})) help = tab_indentation_help;
        break;
    }
    d.error({p->line, p->column}, "", fmt::format("not valid YAML: {}", p->message), help);
    return std::nullopt;
  }
  try {
    YAML::Node root = YAML::Load(std::string(text));  // the first document only, as yaml.v3 Decode
    repair_yaml_escapes(root, text);                  // `\N`, `\_` as yaml.v3 decodes them
    if (root.Mark().is_null()) {
      d.error({}, "", "the policy is empty: no YAML document found", "a policy document starts with `version: v1`");
      return std::nullopt;
    }
    return root;
  } catch (const YAML::Exception& e) {
    const value_mark m = e.mark.is_null() ? value_mark{}
                                          : value_mark{static_cast<std::uint32_t>(e.mark.line + 1),
                                                       static_cast<std::uint32_t>(e.mark.column + 1)};
    const std::string help(tab_in_indentation_at(text, m) ? tab_indentation_help : "");
    d.error(m, "", fmt::format("not valid YAML: {}", e.msg), help);
    return std::nullopt;
  }
}

namespace {

const std::vector<std::string_view> document_fields = {"version", "volumePolicies", "includeExcludePolicy",
                                                       "clusterScopedFilterPolicy", "namespacedFilterPolicies"};
const std::vector<std::string_view> volume_policy_fields = {"conditions", "action"};
const std::vector<std::string_view> action_fields = {"type", "parameters"};

void decode_action(const YAML::Node& n, const std::string& path, value_mark m, raw_volume_policy& out,
                   node_decoder& d) {
  out.act.mark = m;
  out.type_mark = m;
  d.fields(n, path, m, "an action", action_fields,
           [&](std::string_view key, const YAML::Node& v, value_mark km, const std::string& p) {
             const value_mark vm = value_position(v, km);
             if (key == "type") {
               out.act.type_string = d.string_field(v, p, vm).value_or("");
               out.type_mark = vm;
             } else {
               out.act.parameters = d.any_map(v, p, vm);
             }
           });
  out.act.type = action_type_from_string(out.act.type_string);
}

/// `unmarshalResourcePolicies`' checks of three conditions' YAML types, made before the
/// conditions are decoded (so they fail even where the document is only built).
void check_condition_types(const raw_volume_policy& vp, const std::string& path, node_decoder& d) {
  const value& c = vp.conditions;
  if (!c.is_mapping()) return;
  for (std::size_t i = 0; i < c.entries().size(); ++i) {
    const auto& [key, v] = c.entries()[i];
    const std::string p = child_path(child_path(path, "conditions"), key);
    const value_mark m = v.mark().line ? v.mark() : c.key_mark(i);
    // A condition the release does not have is refused when it is built (policies_build_conditions.cpp).
    if (const auto f = condition_feature(key); f && !has(d.origin().version, *f)) continue;
    if (key == "pvcLabels" && !v.is_mapping()) {
      d.error(m, p, fmt::format("`pvcLabels` must be a map of label names to values, got {}", describe(v)),
              "write labels as `key: value` lines under `pvcLabels:`");
    } else if (key == "pvcVolumeMode" && !v.is_string()) {
      d.error(m, p, fmt::format("`pvcVolumeMode` must be a string, got {}", describe(v)),
              "use one mode: `Filesystem` or `Block`");
    } else if (key == "pvcAccessModes" || key == "volumeName") {
      // Velero's validateStringSliceCondition (resource_policies.go).
      if (!v.is_sequence()) {
        d.error(m, p, fmt::format("`{}` must be a list of strings, got {}", key, describe(v)),
                key == "pvcAccessModes" ? "for example `[ReadWriteOnce]`" : "for example `[data, pv-1]`");
        continue;
      }
      for (std::size_t j = 0; j < v.items().size(); ++j)
        if (!v.items()[j].is_string())
          d.error(v.items()[j].mark().line ? v.items()[j].mark() : m, item_path(p, j),
                  fmt::format("`{}` must be a list of strings, got {}", key, describe(v.items()[j])),
                  "quote values that YAML would read as another type");
    }
  }
}

void decode_volume_policy(const YAML::Node& n, std::size_t index, const std::string& path,
                          std::vector<raw_volume_policy>& out, node_decoder& d) {
  raw_volume_policy vp;
  vp.index = index;
  vp.mark = mark_of(n);
  vp.type_mark = vp.mark;
  const std::size_t before = d.errors();
  const bool is_mapping = d.fields(n, path, vp.mark, "a volume policy", volume_policy_fields,
                                   [&](std::string_view key, const YAML::Node& v, value_mark km, const std::string& p) {
                                     const value_mark vm = value_position(v, km);
                                     if (key == "conditions") {
                                       const std::size_t conditions_before = d.errors();
                                       vp.conditions = d.any_map(v, p, vm);
                                       vp.conditions_failed = d.errors() != conditions_before;
                                       return;
                                     }
                                     const std::size_t action_before = d.errors();
                                     decode_action(v, p, vm, vp, d);
                                     vp.action_failed = d.errors() != action_before;
                                   });
  if (!is_mapping) vp.action_failed = true;  // reported: no action to check
  const std::size_t types_before = d.errors();
  check_condition_types(vp, path, d);
  vp.conditions_failed = vp.conditions_failed || d.errors() != types_before;
  vp.decode_failed = d.errors() != before;
  out.push_back(std::move(vp));
}

void decode_version(const YAML::Node& v, value_mark km, const std::string& p, resource_policies& doc, node_decoder& d) {
  doc.version_mark = value_position(v, km);
  const std::size_t before = d.errors();
  doc.version = d.string_field(v, p, doc.version_mark).value_or("");
  doc.version_failed = d.errors() != before;
}

}  // namespace

resource_policies decode_document_node(const YAML::Node& root, const text_origin& origin, node_decoder& d) {
  resource_policies doc;
  doc.origin = origin;
  doc.mark = mark_of(root);
  if (node_decoder::is_null(root)) return doc;  // `~` or `---` alone: an empty document, as in Go
  doc.not_a_mapping = !root.IsMap();
  // A Kubernetes object that is not a ConfigMap (a cluster dump in a folder of policies): one
  // error that says what it is, not one "unknown field" per key. Velero's decode (yaml.v3 with
  // KnownFields) refuses it too.
  if (root.IsMap() && !root["version"] && !root["volumePolicies"] && root["kind"] && root["kind"].IsScalar() &&
      root["apiVersion"] && root["apiVersion"].IsScalar()) {
    d.error(doc.mark, "",
            fmt::format("not a resource policy: a Kubernetes {} object (apiVersion {})",
                        escape_text(root["kind"].Scalar()), escape_text(root["apiVersion"].Scalar())),
            "a resource policy starts with `version: v1` (or is a ConfigMap holding one); cluster objects go to "
            "`volpol plan -f`");
    doc.version_failed = true;  // reported: no "missing `version`" beside it
    return doc;
  }
  d.fields(root, "", doc.mark, "the policy document", document_fields,
           [&](std::string_view key, const YAML::Node& v, value_mark km, const std::string& p) {
             const value_mark vm = value_position(v, km);
             if (key == "version") {
               decode_version(v, km, p, doc, d);
             } else if (key == "volumePolicies") {
               const std::size_t max = origin.limits.max_volume_policies;
               if (v.IsSequence() && v.size() > max) {
                 d.error(vm, p, fmt::format("more than {} volume policies ({}): not read", max, v.size()),
                         "raise the limit with --max-volume-policies");
                 return;
               }
               d.struct_list(v, p, vm, "volume policies",
                             [&](const YAML::Node& item, std::size_t i, const std::string& ip) {
                               decode_volume_policy(item, i, ip, doc.volume_policies, d);
                             });
             } else if (key == "includeExcludePolicy") {
               doc.include_exclude = decode_include_exclude(v, p, vm, d);
             } else if (!has(origin.version, velero_feature::filter_policies)) {
               // ResourcePolicies has no such field before main: KnownFields refuses it.
               d.error(km, p, not_in_version_text(origin.version, velero_feature::filter_policies, key),
                       version_help(velero_feature::filter_policies));
             } else if (key == "clusterScopedFilterPolicy") {
               doc.cluster_scoped_filter = decode_cluster_scoped_filter(v, p, vm, d);
             } else {
               doc.namespaced_filters = decode_namespaced_filters(v, p, vm, d);
             }
           });
  return doc;
}

}  // namespace detail

resource_policies decode_resource_policies(std::string_view text, const text_origin& origin, diagnostics& out) {
  detail::node_decoder d(origin, out);
  const std::optional<YAML::Node> root = detail::parse_first_document(text, d);
  if (!root) {
    resource_policies doc;
    doc.origin = origin;
    return doc;
  }
  return detail::decode_document_node(*root, origin, d);
}

result<resource_policies> decode_resource_policies(std::string_view text, std::string_view source) {
  diagnostics out;
  text_origin origin;
  origin.file = std::string(source);
  resource_policies doc = decode_resource_policies(text, origin, out);
  for (const diagnostic& e : out)
    if (e.level == severity::error) return e;
  return doc;
}

}  // namespace volpol::policy
