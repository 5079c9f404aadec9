// yaml_tree_adapter.h (private) — the loader_reader.h adapter over a yaml_tree (yaml_tree.h),
// the object loader's YAML path.
//
// Typing is yaml_adapter.h's (yaml-cpp nodes), so both read a document the same way: as
// sigs.k8s.io/yaml decodes into typed structs, any scalar fills a string field (`name: 123` is
// "123"), plain true/false (and YAML 1.1's yes/no/on/off) fill a boolean, `~`/`null`/empty are
// null. A mapping's key that is not a scalar is no Kubernetes field and is passed over.
#pragma once

#include <string>
#include <string_view>

#include "loader_reader.h"
#include "volpol/k8s/shared_string.h"
#include "yaml_adapter.h"
#include "yaml_tree.h"

namespace volpol::k8s::detail {

struct yaml_tree_adapter {
  /// A node of the tree: its index.
  struct node {
    std::uint32_t index = 0;
  };
  static constexpr bool scalars_are_strings = true;

  const yaml_tree& tree;
  shared_string file;           ///< for origins and locations
  std::uint32_t line_base = 0;  ///< lines before the parsed text in its file

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
        return yaml_adapter::true_word(s) || yaml_adapter::false_word(s) ? node_type::boolean : node_type::string;
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
    out = yaml_adapter::true_word(s);
    return true;
  }

  void locate(node& n, source_location& where) const {
    where.file = std::string(file);
    where.line = line_base + at(n).line + 1;
    where.column = at(n).column + 1;
  }

  object_origin origin(node& n) const {
    object_origin o;
    o.file = file;  // shared, not copied
    o.line = line_base + at(n).line + 1;
    return o;
  }

  static bool alive() { return true; }
  static std::string parse_error() { return "invalid YAML value"; }
};

}  // namespace volpol::k8s::detail
