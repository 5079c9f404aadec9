// bench/gen/emitter.h — writes one tree of maps, lists and scalars as kubectl prints it:
// JSON indented by 4 spaces (`kubectl get -o json`) or block YAML with list items at the
// key's indentation (`kubectl get -o yaml`). The caller writes keys in kubectl's order
// (sorted, as Go's encoding/json sorts map keys).
//
//     std::string buf;
//     emitter e(format::yaml, buf);
//     e.begin_object(); e.field("kind", "Pod"); e.key("spec"); e.empty_object(); e.end_object();
//     // buf == "kind: Pod\nspec: {}\n"
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace volpol::bench {

enum class format : std::uint8_t { json, yaml };

/// Appends `s` as a JSON string literal, escaped as Go's encoding/json does (also <, >, &).
void append_json_string(std::string& out, std::string_view s);

class emitter {
 public:
  /// Appends to `out`; the caller flushes `out` between objects when it grows.
  emitter(format f, std::string& out) : format_(f), out_(out) {}

  [[nodiscard]] format output_format() const { return format_; }

  void begin_object();
  void end_object();
  void begin_array();
  void end_array();
  /// `{}` / `[]` (YAML block style cannot open a collection that stays empty).
  void empty_object();
  void empty_array();
  void key(std::string_view k);
  void string(std::string_view s);
  void integer(std::int64_t i);
  void boolean(bool b);
  void null();

  void field(std::string_view k, std::string_view v) {
    key(k);
    string(v);
  }
  void field(std::string_view k, const char* v) {
    key(k);
    string(v);
  }
  void field(std::string_view k, const std::string& v) {
    key(k);
    string(v);
  }
  void field_int(std::string_view k, std::int64_t v) {
    key(k);
    integer(v);
  }
  void field_bool(std::string_view k, bool v) {
    key(k);
    boolean(v);
  }
  void object_field(std::string_view k) {
    key(k);
    begin_object();
  }
  void array_field(std::string_view k) {
    key(k);
    begin_array();
  }

  /// YAML: `---` between documents; JSON: nothing. Call only between top-level values.
  void document_start();
  /// Ends the current line of a top-level value (JSON: a final newline).
  void finish_document();

 private:
  struct level {
    bool is_map;
    int indent;               // JSON: nesting depth; YAML: column of the keys / dashes
    bool first = true;        // no child written yet
    bool inline_key = false;  // YAML: a map opened by "- ": its first key follows the dash
  };
  void json_value_prefix();
  void end_level(char close);  // pops a map or list; JSON writes `close` on its own line
  void yaml_scalar(std::string_view text);
  void json_string(std::string_view s);
  void yaml_string(std::string_view s);
  void yaml_key_text(std::string_view k);
  void indent(int columns);

  format format_;
  std::string& out_;
  std::vector<level> stack_;
  bool pending_key_ = false;  // YAML: "key:" written, value not yet
};

}  // namespace volpol::bench
