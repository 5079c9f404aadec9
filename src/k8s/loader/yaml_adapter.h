// yaml_adapter.h (private) — the loader_reader.h adapter over yaml-cpp nodes.
//
// Scalars are read the way sigs.k8s.io/yaml decodes into typed structs: any scalar fills a
// string field (`name: 123` is "123", unquoted timestamps stay text), plain true/false (and
// YAML 1.1's yes/no/on/off) fill a boolean, `~`/`null`/empty are null.
#pragma once

#include <yaml-cpp/yaml.h>

#include <array>
#include <string>
#include <string_view>

#include "loader_reader.h"
#include "volpol/k8s/shared_string.h"

namespace volpol::k8s::detail {

/// fields_kind_first for an adapter over a tree, whose mappings can be walked twice: a pass
/// for `kind` (the first one), then fields() as usual.
template <class A, class K, class F>
bool kind_then_fields(A& a, typename A::node& n, K&& on_kind, F&& f) {
  bool found = false;
  const bool ok = a.fields(n, [&](std::string_view key, typename A::node& v) {
    if (key != "kind" || found) return true;
    found = true;
    return on_kind(v);
  });
  return ok && a.fields(n, std::forward<F>(f));
}

struct yaml_adapter {
  using node = YAML::Node;
  static constexpr bool scalars_are_strings = true;

  shared_string file;           ///< for origins and locations; empty for in-memory nodes
  std::uint32_t line_base = 0;  ///< lines before the parsed text in its file

  static bool true_word(std::string_view s) {
    static constexpr std::array<std::string_view, 10> words = {"true", "True", "TRUE", "yes", "Yes",
                                                               "YES",  "on",   "On",   "ON",  "y"};
    for (auto w : words)
      if (s == w) return true;
    return s == "Y";
  }
  static bool false_word(std::string_view s) {
    static constexpr std::array<std::string_view, 10> words = {"false", "False", "FALSE", "no",  "No",
                                                               "NO",    "off",   "Off",   "OFF", "n"};
    for (auto w : words)
      if (s == w) return true;
    return s == "N";
  }

  node_type type(node& n) {
    if (!n.IsDefined() || n.IsNull()) return node_type::null;
    if (n.IsMap()) return node_type::object;
    if (n.IsSequence()) return node_type::array;
    if (!n.IsScalar()) return node_type::invalid;
    if (n.Tag() == "!") return node_type::string;  // quoted
    const std::string& s = n.Scalar();
    if (true_word(s) || false_word(s)) return node_type::boolean;
    return node_type::string;
  }

  template <class F>
  bool fields(node& n, F&& f) {
    if (!n.IsMap()) return true;
    for (auto it = n.begin(); it != n.end(); ++it) {
      const YAML::Node key = it->first;
      YAML::Node value = it->second;
      if (!key.IsScalar()) continue;  // a complex key is no Kubernetes field
      if (!f(std::string_view(key.Scalar()), value)) return false;
    }
    return true;
  }

  /// fields(), after `on_kind(value)` for the object's `kind` field wherever it stands (see
  /// json_adapter::fields_kind_first).
  template <class K, class F>
  bool fields_kind_first(node& n, K&& on_kind, F&& f) {
    return kind_then_fields(*this, n, std::forward<K>(on_kind), std::forward<F>(f));
  }

  template <class F>
  bool entries(node& n, F&& f) {
    return fields(n, std::forward<F>(f));
  }

  template <class F>
  bool elements(node& n, F&& f) {
    if (!n.IsSequence()) return true;
    for (auto it = n.begin(); it != n.end(); ++it) {
      YAML::Node e = *it;
      if (!f(e)) return false;
    }
    return true;
  }

  bool text(node& n, std::string_view& out) {
    out = n.Scalar();
    return true;
  }
  bool number_text(node& n, std::string_view& out) { return text(n, out); }
  bool boolean(node& n, bool& out) {
    out = true_word(n.Scalar());
    return true;
  }

  void locate(node& n, source_location& where) const {
    where.file = std::string(file);
    const YAML::Mark m = n.Mark();
    if (m.line >= 0) {
      where.line = line_base + static_cast<std::uint32_t>(m.line) + 1;
      where.column = static_cast<std::uint32_t>(m.column) + 1;
    }
  }

  object_origin origin(node& n) const {
    object_origin o;
    o.file = file;  // shared, not copied
    const YAML::Mark m = n.Mark();
    if (m.line >= 0) o.line = line_base + static_cast<std::uint32_t>(m.line) + 1;
    return o;
  }

  static bool alive() { return true; }
  static std::string parse_error() { return "invalid YAML value"; }
};

}  // namespace volpol::k8s::detail
