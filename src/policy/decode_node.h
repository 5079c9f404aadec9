// src/policy/decode_node.h — internal: yaml.v3-style strict decoding of yaml-cpp nodes into
// the fields of a policy document, reporting every problem with its position and path.
//
// The rules are those of go-yaml v3 `decoder` (decode.go) with `KnownFields(true)`; see
// document.h for the list. Not a public header.
#pragma once

#include <yaml-cpp/yaml.h>

#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "volpol/core/diagnostic.h"
#include "volpol/detail/policy/text_origin.h"
#include "volpol/detail/value_yaml.h"
#include "volpol/k8s/spelling.h"

namespace volpol::policy::detail {

/// 1-based position of a node; {0,0} when yaml-cpp has none.
[[nodiscard]] value_mark mark_of(const YAML::Node& n);

/// "a.b" / "a[0]" paths.
[[nodiscard]] std::string child_path(const std::string& path, std::string_view key);
[[nodiscard]] std::string item_path(const std::string& path, std::size_t i);

// The candidate closest to a word: volpol::closest (volpol/k8s/spelling.h).
using volpol::closest;

/// "`a`, `b` or `c`".
[[nodiscard]] std::string list_names(const std::vector<std::string_view>& names);

/// How a value reads in a message: "string `abc`", "integer `1`", "boolean `true`", "null",
/// "a list", "a mapping".
[[nodiscard]] std::string describe(const value& v);
[[nodiscard]] std::string describe(const YAML::Node& n);

class node_decoder {
 public:
  node_decoder(const text_origin& origin, diagnostics& out) : origin_(origin), out_(out) {}

  void error(value_mark at, std::string path, std::string message, std::string help = {});
  void warn(value_mark at, std::string path, std::string message, std::string help = {});
  /// Errors reported so far (to tell whether a part decoded cleanly).
  [[nodiscard]] std::size_t errors() const { return errors_; }
  [[nodiscard]] const text_origin& origin() const { return origin_; }

  /// Null, `~`, or a `!!null` scalar: an unset field.
  [[nodiscard]] static bool is_null(const YAML::Node& n);

  /// A Go `string` field: any non-null scalar, as written. nullopt when null (unset) or not a
  /// scalar (reported: "`<path>` must be a string, got a list").
  std::optional<std::string> string_field(const YAML::Node& n, const std::string& path, value_mark m);

  /// A Go `[]string` field: null → empty; a list whose null items are skipped and other
  /// scalars kept as written. Anything else is reported. Item positions go to `marks`.
  std::vector<std::string> string_list(const YAML::Node& n, const std::string& path, value_mark m,
                                       std::vector<value_mark>* marks = nullptr);

  /// A Go `map[string]string` field: null → empty; scalar values as written, null values "".
  std::vector<std::pair<std::string, std::string>> string_map(const YAML::Node& n, const std::string& path,
                                                              value_mark m, std::vector<value_mark>* key_marks);

  /// A Go `map[string]any` field, typed as yaml.v3 types it (value_from_yaml). Null when null
  /// or on error (reported).
  value any_map(const YAML::Node& n, const std::string& path, value_mark m);

  /// A field handler: key as written, its value node, the key's position, the field's path.
  using field_fn =
      std::function<void(std::string_view key, const YAML::Node& v, value_mark key_mark, const std::string& path)>;

  /// A Go struct: `n` must be a mapping (null → false, unset; another kind → reported, false).
  /// Calls `f` for each key in `known` found; reports unknown keys (with a "did you mean"),
  /// duplicate keys and non-scalar keys. `what` names the struct in messages ("action").
  /// Calls `f(key, value, key_mark, path)` for each entry of mapping `n` whose key is a scalar
  /// seen for the first time; reports non-scalar keys and duplicate keys (yaml.v3 rejects both).
  using key_fn = std::function<void(const std::string&, const YAML::Node&, value_mark, const std::string&)>;
  void each_unique_key(const YAML::Node& n, const std::string& path, const key_fn& f);
  bool fields(const YAML::Node& n, const std::string& path, value_mark m, std::string_view what,
              const std::vector<std::string_view>& known, const field_fn& f);

  /// A Go slice of structs: null → nothing; a list whose null items are skipped with a warning
  /// (Go skips them silently); `f(item, index, path)` for each other item.
  void struct_list(const YAML::Node& n, const std::string& path, value_mark m, std::string_view what,
                   const std::function<void(const YAML::Node&, std::size_t, const std::string&)>& f);

 private:
  void wrong_kind(const YAML::Node& n, const std::string& path, value_mark m, std::string_view expected);

  const text_origin& origin_;
  diagnostics& out_;
  std::size_t errors_ = 0;
};

/// Position to report for a field's value: the value's own, or the key's when the value is
/// null (yaml-cpp puts an empty value at the next token).
[[nodiscard]] value_mark value_position(const YAML::Node& v, value_mark key_mark);

}  // namespace volpol::policy::detail
