// volpol/core/value.h — a typed YAML/JSON value, as Go's yaml.v3 decoder gives it
// when it decodes into `any` (`map[string]any`, `[]any`, bool, int, float64, string, nil).
//
// Policy action parameters and raw conditions are kept as `value`s because Velero's
// decisions depend on the types: `true` (bool) is not `"true"` (string), `1` (int) is
// not `1.0` (float) nor `"1"` (string).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace volpol {

/// Position of a value in its source text (1-based; 0 = unknown).
struct value_mark {
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};

class value {
 public:
  enum class kind : std::uint8_t { null, boolean, integer, floating, string, sequence, mapping };
  using entry = std::pair<std::string, value>;

  value() = default;  // null
  static value make_bool(bool b);
  static value make_int(std::int64_t i);
  static value make_float(double d);
  static value make_string(std::string s);
  static value make_sequence(std::vector<value> items);
  /// Entries keep document order; keys are unique (the decoder rejects duplicates).
  static value make_mapping(std::vector<entry> entries);

  [[nodiscard]] kind type() const { return kind_; }
  [[nodiscard]] bool is_null() const { return kind_ == kind::null; }
  [[nodiscard]] bool is_bool() const { return kind_ == kind::boolean; }
  [[nodiscard]] bool is_int() const { return kind_ == kind::integer; }
  [[nodiscard]] bool is_float() const { return kind_ == kind::floating; }
  [[nodiscard]] bool is_string() const { return kind_ == kind::string; }
  [[nodiscard]] bool is_sequence() const { return kind_ == kind::sequence; }
  [[nodiscard]] bool is_mapping() const { return kind_ == kind::mapping; }

  [[nodiscard]] bool as_bool() const { return b_; }
  [[nodiscard]] std::int64_t as_int() const { return i_; }
  [[nodiscard]] double as_float() const { return d_; }
  [[nodiscard]] const std::string& as_string() const { return s_; }
  [[nodiscard]] const std::vector<value>& items() const { return seq_; }
  [[nodiscard]] const std::vector<entry>& entries() const { return map_; }
  /// The mapping's value for `key`, or nullptr (also when this is not a mapping).
  [[nodiscard]] const value* find(std::string_view key) const;

  [[nodiscard]] value_mark mark() const { return mark_; }
  void set_mark(value_mark m) { mark_ = m; }
  /// Mapping only: where the key of entries()[i] is written; {0, 0} when unknown (a mapping
  /// built in code, or i out of range). value_from_yaml() (value_yaml.h) sets them.
  [[nodiscard]] value_mark key_mark(std::size_t i) const {
    return i < key_marks_.size() ? key_marks_[i] : value_mark{};
  }
  /// Sets the key positions of a mapping, parallel to entries().
  void set_key_marks(std::vector<value_mark> marks) { key_marks_ = std::move(marks); }

  /// The text Go's yaml.v3 encoder writes for this scalar, which is what a Go `string` field
  /// receives when Velero re-encodes a decoded `map[string]any` and decodes it into a struct
  /// (`unmarshalVolConditions`): strings as they are, `true`/`false`, integers in decimal,
  /// floats as `strconv.FormatFloat(f, 'g', -1, 64)` (`1.5`, `1e+06`, `.inf`, `.nan`).
  /// "" for null, sequences and mappings (callers check the kind first).
  ///     value::make_float(1.0).scalar_text()   // "1"
  ///     value::make_int(0x1F).scalar_text()    // "31"
  [[nodiscard]] std::string scalar_text() const;

  /// Go's type name for messages: "bool", "int", "float64", "string", "[]interface {}",
  /// "map[string]interface {}", "<nil>" — what `%T` prints in Velero's errors.
  [[nodiscard]] std::string_view go_type_name() const;
  /// Short YAML-ish rendering for messages and output: `true`, `"abc"`, `[a, b]`, `{k: v}`.
  [[nodiscard]] std::string to_string() const;

  /// Structural equality: same kind and same contents (marks ignored). Maps compare
  /// as sets of entries. Mirrors Go's `==` on scalars (int 1 != float 1.0 != "1");
  /// Go panics on maps/slices, volpol compares them structurally instead.
  friend bool operator==(const value& a, const value& b);

 private:
  kind kind_ = kind::null;
  bool b_ = false;
  std::int64_t i_ = 0;
  double d_ = 0;
  std::string s_;
  std::vector<value> seq_;
  std::vector<entry> map_;
  std::vector<value_mark> key_marks_;
  value_mark mark_;
};

}  // namespace volpol
