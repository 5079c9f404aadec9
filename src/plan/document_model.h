// Private to the plan layer: a small document model (JSON-like tree) and its JSON and YAML
// writers, shared by the plan report and the explanation report. Large lists are written
// element by element by the callers (streaming), never built whole.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "volpol/core/value.h"
#include "volpol/detail/json_text.h"

namespace volpol::plan::detail {

using volpol::append_json_string;  // JSON string literals (k8s/json_text.h)
using volpol::json_string;

struct field;
struct node {
  enum class kind { null, boolean, number, string, list, object } k = kind::null;
  bool b = false;
  std::string text;  // number (already formatted) or string
  std::vector<node> items;
  std::vector<field> members;  // a vector of a still-incomplete type is fine (a pair of one is not)
};
struct field {
  field(std::string k, node v) : first(std::move(k)), second(std::move(v)) {}
  std::string first;
  node second;
};
using fields = std::vector<field>;

[[nodiscard]] node str(std::string_view s);
[[nodiscard]] node num(std::size_t v);
[[nodiscard]] node boolean(bool v);
[[nodiscard]] node object(fields f);
[[nodiscard]] node list(std::vector<node> items);
/// A policy value (parameters, conditions) as a node, types kept.
[[nodiscard]] node from_value(const value& v);

/// Pretty JSON, two spaces per level, starting at `indent` levels.
void write_json(const node& n, std::string& out, int indent);
/// The same document through yaml-cpp (strings double-quoted).
void write_yaml(const node& n, YAML::Emitter& e);
/// `n` as one item of a block sequence (`- ...`), and a newline, appended to `out`.
inline void append_yaml_item(const node& n, std::string& out) {
  YAML::Emitter e;
  e << YAML::BeginSeq;
  write_yaml(n, e);
  e << YAML::EndSeq;
  out += e.c_str();
  out += '\n';
}

/// Buffers output and hands it to the FILE in large writes.
class buffered {
 public:
  explicit buffered(std::FILE* out) : out_(out) { buf_.reserve(1 << 20); }
  ~buffered() { flush(); }
  buffered(const buffered&) = delete;
  buffered& operator=(const buffered&) = delete;
  std::string& text() { return buf_; }
  /// Appends `chunk`, writing out when a large write is ready.
  void append(const std::string& chunk) {
    buf_ += chunk;
    maybe_flush();
  }
  void maybe_flush() {
    if (buf_.size() >= (1u << 20)) flush();
  }
  void flush() {
    std::fwrite(buf_.data(), 1, buf_.size(), out_);
    buf_.clear();
  }

 private:
  std::FILE* out_;
  std::string buf_;
};

}  // namespace volpol::plan::detail
