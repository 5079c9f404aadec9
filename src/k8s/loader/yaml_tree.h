// yaml_tree.h (private) — one YAML document as a flat array of nodes, built from libyaml's
// events in the same pass that checks the text as yaml.v3 reads it (yaml_check.cpp).
//
// The object loader reads kubectl dumps through it (yaml_tree_adapter.h): libyaml's event
// parser and a flat node array are several times faster than yaml-cpp's scanner and node
// graph, and the text is parsed once, not twice (check, then build).
//
// Nodes are in document order (pre-order); a collection's children follow it, and `end` is the
// index just past its subtree, so the next sibling of node i is node `end`. A mapping's
// children alternate key, value. Scalars keep their text (unescaped, as libyaml gives it) in
// `chars`. Only the first document of the text is kept (what yaml-cpp's `YAML::Load` returns);
// an empty text gives one null node.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "volpol/detail/yaml_check.h"

namespace volpol::k8s::detail {

struct yaml_tree {
  /// How yaml-cpp would type the node (object_yaml.cpp builds a tree from yaml-cpp nodes the same way):
  /// a plain scalar `~`, `null`, `Null`, `NULL` or nothing without a tag is null; a quoted or
  /// block scalar (yaml-cpp's non-specific tag `!`) is always a string; any other scalar is
  /// `plain` and may be read as a boolean.
  enum class kind : std::uint8_t { null, plain, quoted, mapping, sequence };

  struct node {
    kind type = kind::null;
    std::uint32_t line = 0;    ///< 0-based, in the parsed text
    std::uint32_t column = 0;  ///< 0-based (bytes)
    std::uint32_t end = 0;     ///< index just past this node's subtree
    std::uint32_t text = 0;    ///< scalars: offset of the text in `chars`
    std::uint32_t size = 0;    ///< scalars: the text's length in bytes
  };

  std::vector<node> nodes;
  std::string chars;

  void clear() {
    nodes.clear();
    chars.clear();
  }
  [[nodiscard]] std::string_view text_of(const node& n) const { return {chars.data() + n.text, n.size}; }
};

/// Checks `text` as check_yaml does (characters, syntax, depth, node count; aliases must be
/// refused: `limits.aliases` is taken as false) and builds its first document into `out`
/// (cleared first). nullopt on success; else the first problem, and `out` is unspecified.
/// Texts over 4 GiB are refused (offsets are 32-bit; the loader's object limit is far lower).
[[nodiscard]] std::optional<yaml_problem> parse_yaml_tree(std::string_view text, const yaml_limits& limits,
                                                          yaml_tree& out);

}  // namespace volpol::k8s::detail
