// yaml_tree_adapter.h (private) — the loader_reader.h adapter over a yaml_tree (yaml_tree.h):
// the one YAML adapter. The object loader's YAML path builds the tree from libyaml's events;
// object_yaml.h (typed objects from yaml-cpp nodes) builds it from the nodes (yaml_tree_of).
//
// Scalars are read the way sigs.k8s.io/yaml decodes into typed structs: any scalar fills a
// string field (`name: 123` is "123", unquoted timestamps stay text), plain true/false (and
// YAML 1.1's yes/no/on/off) fill a boolean, `~`/`null`/empty are null. A mapping's key that is
// not a scalar is no Kubernetes field and is passed over.
#pragma once

#include <algorithm>
#include <array>
#include <string>
#include <string_view>

#include "loader_reader.h"
#include "volpol/detail/shared_string.h"
#include "yaml_tree.h"

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

struct yaml_tree_adapter {
  /// A node of the tree: its index.
  struct node {
    std::uint32_t index = 0;
  };
  static constexpr bool scalars_are_strings = true;

  const yaml_tree& tree;
  shared_string file;           ///< for origins and locations
  std::uint32_t line_base = 0;  ///< lines before the parsed text in its file

  /// A node's `line` when its place is unknown (a yaml-cpp node built in memory).
  static constexpr std::uint32_t unknown_line = 0xffffffff;

  /// YAML 1.1's words for true and false, as sigs.k8s.io/yaml reads a plain scalar into a bool.
  static constexpr std::array<std::string_view, 11> true_words = {"true", "True", "TRUE", "yes", "Yes", "YES",
                                                                  "on",   "On",   "ON",   "y",   "Y"};
  static constexpr std::array<std::string_view, 11> false_words = {"false", "False", "FALSE", "no", "No", "NO",
                                                                   "off",   "Off",   "OFF",   "n",  "N"};
  static bool one_of(std::string_view s, const std::array<std::string_view, 11>& words) {
    return std::find(words.begin(), words.end(), s) != words.end();
  }
  static bool true_word(std::string_view s) { return one_of(s, true_words); }
  static bool false_word(std::string_view s) { return one_of(s, false_words); }

  [[nodiscard]] const yaml_tree::node& at(node n) const { return tree.nodes[n.index]; }

  node_type type(node& n) const {
    const yaml_tree::node& x = at(n);
    switch (x.type) {
      case yaml_tree::kind::null: return node_type::null;
      case yaml_tree::kind::mapping: return node_type::object;
      case yaml_tree::kind::sequence: return node_type::array;
      case yaml_tree::kind::quoted: return node_type::string;
      case yaml_tree::kind::plain: {
        const std::string_view s = tree.text_of(x);
        return true_word(s) || false_word(s) ? node_type::boolean : node_type::string;
      }
    }
    return node_type::invalid;
  }

  template <class F>
  bool fields(node& n, F&& f) {
    const yaml_tree::node& m = at(n);
    if (m.type != yaml_tree::kind::mapping) return true;
    std::uint32_t i = n.index + 1;
    while (i < m.end) {
      const std::uint32_t key = i;
      node value{tree.nodes[key].end};
      i = tree.nodes[value.index].end;
      const yaml_tree::node& k = tree.nodes[key];
      if (k.type != yaml_tree::kind::plain && k.type != yaml_tree::kind::quoted) continue;
      if (!f(tree.text_of(k), value)) return false;
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
    const yaml_tree::node& s = at(n);
    if (s.type != yaml_tree::kind::sequence) return true;
    for (std::uint32_t i = n.index + 1; i < s.end; i = tree.nodes[i].end) {
      node e{i};
      if (!f(e)) return false;
    }
    return true;
  }

  bool text(node& n, std::string_view& out) const {
    const yaml_tree::node& x = at(n);
    out = x.type == yaml_tree::kind::plain || x.type == yaml_tree::kind::quoted ? tree.text_of(x) : std::string_view();
    return true;
  }
  bool number_text(node& n, std::string_view& out) const { return text(n, out); }
  bool boolean(node& n, bool& out) const {
    std::string_view s;
    (void)text(n, s);
    out = true_word(s);
    return true;
  }

  void locate(node& n, source_location& where) const {
    where.file = std::string(file);
    if (at(n).line == unknown_line) return;
    where.line = line_base + at(n).line + 1;
    where.column = at(n).column + 1;
  }

  object_origin origin(node& n) const {
    object_origin o;
    o.file = file;  // shared, not copied
    if (at(n).line != unknown_line) o.line = line_base + at(n).line + 1;
    return o;
  }

  static bool alive() { return true; }
  static std::string parse_error() { return "invalid YAML value"; }
};

}  // namespace volpol::k8s::detail
