// A policy document held by a ConfigMap (velero internal/resourcepolicies/resource_policies.go
// `getResourcePoliciesFromConfig`): `data` has exactly one key, whose value is the document.
#include <fmt/format.h>

#include "config_map.h"
#include "decode_document.h"
#include "volpol/detail/yaml_check.h"

namespace volpol::policy {

namespace detail {

namespace {

/// `n[key]`, or an undefined node (yaml-cpp's missing keys are invalid nodes that throw on use).
YAML::Node child(const YAML::Node& n, const char* key) {
  if (!n.IsDefined() || !n.IsMap()) return YAML::Node(YAML::NodeType::Undefined);
  const YAML::Node x = n[key];
  return x.IsDefined() ? x : YAML::Node(YAML::NodeType::Undefined);
}

std::string scalar_of(const YAML::Node& x) { return x.IsDefined() && x.IsScalar() ? x.Scalar() : std::string(); }

// Never assign to a YAML::Node handle: yaml-cpp's operator= overwrites the node it refers to.
std::string scalar_at(const YAML::Node& n, const char* a, const char* b = nullptr) {
  return b ? scalar_of(child(child(n, a), b)) : scalar_of(child(n, a));
}

std::string object_name(const YAML::Node& root) {
  const std::string name = scalar_at(root, "metadata", "name");
  const std::string ns = scalar_at(root, "metadata", "namespace");
  return fmt::format("ConfigMap {}{}", ns.empty() ? "" : ns + "/", name.empty() ? "<unnamed>" : name);
}

/// Where the document inside a data value starts, so inner positions map to the file.
text_origin inner_origin(const text_origin& outer, std::string_view file_text, const YAML::Node& value,
                         const std::string& key) {
  text_origin o = outer;
  o.data_key = key;
  const YAML::Mark m = value.Mark();
  o.fallback = mark_of(value);
  o.exact = false;
  if (m.is_null() || m.pos < 0 || static_cast<std::size_t>(m.pos) >= file_text.size()) return o;
  const char first = file_text[static_cast<std::size_t>(m.pos)];
  if (first == '|') {  // literal block: content lines follow one to one, indented
    std::size_t eol = file_text.find('\n', static_cast<std::size_t>(m.pos));
    if (eol == std::string_view::npos) return o;
    std::size_t indent = 0;
    const std::size_t line_start = file_text.rfind('\n', static_cast<std::size_t>(m.pos));
    std::size_t parent = 0;  // an indentation indicator (`|2`) counts from the parent's indentation
    for (std::size_t p = line_start == std::string_view::npos ? 0 : line_start + 1; file_text[p] == ' '; ++p) ++parent;
    for (char c : file_text.substr(static_cast<std::size_t>(m.pos) + 1, eol - static_cast<std::size_t>(m.pos) - 1))
      if (c >= '1' && c <= '9') indent = parent + static_cast<std::size_t>(c - '0');
    for (std::size_t p = eol + 1; indent == 0 && p < file_text.size();) {
      std::size_t spaces = 0;
      while (p + spaces < file_text.size() && file_text[p + spaces] == ' ') ++spaces;
      if (p + spaces < file_text.size() && file_text[p + spaces] != '\n') indent = spaces;
      const std::size_t next = file_text.find('\n', p);
      if (next == std::string_view::npos) break;
      p = next + 1;
    }
    o.exact = true;
    o.line_offset = static_cast<std::uint32_t>(m.line + 1);
    o.column_offset = static_cast<std::uint32_t>(indent);
  } else if (first != '"' && first != '\'' && first != '>' && value.Scalar().find('\n') == std::string::npos) {
    o.exact = true;  // a plain scalar on one line
    o.line_offset = static_cast<std::uint32_t>(m.line);
    o.column_offset = static_cast<std::uint32_t>(m.column);
  }
  return o;
}

std::string key_list(const YAML::Node& data) {
  std::vector<std::string> keys;
  for (auto it = data.begin(); it != data.end(); ++it)
    keys.push_back(fmt::format("`{}`", it->first.IsScalar() ? it->first.Scalar() : "?"));
  std::string out;
  for (std::size_t i = 0; i < keys.size(); ++i) out += (i ? ", " : "") + keys[i];
  return out;
}

}  // namespace

std::optional<resource_policies> decode_config_map_node(const YAML::Node& root, std::string_view file_text,
                                                        const text_origin& file, diagnostics& out) {
  text_origin outer;
  outer.file = file.file;
  outer.limits = file.limits;
  outer.version = file.version;
  node_decoder wrapper(outer, out);
  if (!root.IsMap()) {
    wrapper.error(mark_of(root), "", fmt::format("expected a ConfigMap (a mapping), got {}", describe(root)));
    return std::nullopt;
  }
  outer.object = object_name(root);
  node_decoder d(outer, out);
  const std::string kind = scalar_at(root, "kind");
  if (!kind.empty() && kind != "ConfigMap")
    d.error(mark_of(child(root, "kind")), "kind", fmt::format("expected kind `ConfigMap`, got `{}`", kind));
  const YAML::Node data = child(root, "data");
  if (data.IsDefined() && !node_decoder::is_null(data) && !data.IsMap()) {
    d.error(mark_of(data), "data", fmt::format("expected `data` to be a mapping, got {}", describe(data)));
    return std::nullopt;
  }
  const std::size_t count = data.IsMap() ? data.size() : 0;
  if (count != 1) {
    std::string help = count == 0 ? "put the policy document under one `data` key, e.g. `policy.yaml: |`"
                                  : fmt::format("found {}; keep one policy document per ConfigMap", key_list(data));
    if (count == 0 && child(root, "binaryData").IsDefined())
      help = "`binaryData` is not read: put the policy under `data`";
    d.error(data.IsDefined() ? mark_of(data) : mark_of(root), "data",
            fmt::format("illegal resource policies {}: `data` must hold exactly one key (the policy document), "
                        "found {}",
                        outer.object, count),
            help);
    return std::nullopt;
  }
  const auto entry = data.begin();
  const std::string key = entry->first.IsScalar() ? entry->first.Scalar() : std::string();
  const YAML::Node value = entry->second;
  if (!node_decoder::is_null(value) && !value.IsScalar()) {
    d.error(mark_of(value), "data." + key,
            fmt::format("expected the policy document as a string, got {}", describe(value)),
            "write the document as a literal block: `" + key + ": |`");
    return std::nullopt;
  }
  const text_origin inner = inner_origin(outer, file_text, value, key);
  node_decoder id(inner, out);
  const std::optional<YAML::Node> doc = parse_first_document(node_decoder::is_null(value) ? "" : value.Scalar(), id);
  if (!doc) return std::nullopt;
  return decode_document_node(*doc, inner, id);
}

}  // namespace detail

std::optional<resource_policies> decode_config_map(std::string_view text, std::string_view source, diagnostics& out,
                                                   velero_version version) {
  text_origin origin;
  origin.file = std::string(source);
  origin.version = version;
  detail::node_decoder d(origin, out);
  const std::optional<YAML::Node> root = detail::parse_first_document(text, d);
  if (!root) return std::nullopt;
  return detail::decode_config_map_node(*root, text, origin, out);
}

result<resource_policies> decode_config_map(std::string_view text, std::string_view source) {
  diagnostics out;
  std::optional<resource_policies> doc = decode_config_map(text, source, out);
  for (const diagnostic& e : out)
    if (e.level == severity::error) return e;
  if (!doc) return make_error("no policy document in the ConfigMap");
  return std::move(*doc);
}

bool looks_like_config_map(std::string_view text) {
  k8s::yaml_limits lim;
  lim.first_document_only = true;
  if (k8s::check_yaml(text, lim)) return false;
  try {
    const YAML::Node root = YAML::Load(std::string(text));
    return detail::is_config_map(root);
  } catch (const YAML::Exception&) {
    return false;
  }
}

namespace detail {

bool is_config_map(const YAML::Node& root) {
  if (!root.IsMap()) return false;
  const YAML::Node kind = root["kind"];
  return kind && kind.IsScalar() && kind.Scalar() == "ConfigMap";
}

}  // namespace detail

}  // namespace volpol::policy
