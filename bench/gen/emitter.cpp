#include "emitter.h"

#include <array>
#include <cctype>

#include <fmt/format.h>

namespace volpol::bench {
namespace {

constexpr int json_indent = 4;
constexpr int yaml_indent = 2;

bool is_alnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }

// Go's encoding/json escapes these, and also <, > and & (HTML safety), as kubectl prints them.
bool needs_json_escape(char c) {
  return static_cast<unsigned char>(c) < 0x20 || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&';
}

// Words YAML 1.1 resolvers read as bool or null: a plain scalar must not be one of them.
bool is_yaml_keyword(std::string_view s) {
  static constexpr std::array<std::string_view, 22> words = {"true", "True", "TRUE", "false", "False", "FALSE",
                                                             "yes",  "Yes",  "YES",  "no",    "No",    "NO",
                                                             "on",   "On",   "ON",   "off",   "Off",   "OFF",
                                                             "y",    "n",    "null", "Null"};
  for (auto w : words)
    if (s == w) return true;
  return s == "~" || s == "NULL" || s == "Y" || s == "N";
}

// Starts with a digit and uses only characters of numbers, dates and times: "420", "1e3",
// "2024-01-02T03:04:05Z", "1.5" — a resolver would not read these as strings.
bool looks_numeric(std::string_view s) {
  if (s.empty() || !(std::isdigit(static_cast<unsigned char>(s[0])) || s[0] == '+' || s[0] == '-')) return false;
  for (char c : s)
    if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-' ||
          c == ':' || c == 'T' || c == 'Z' || c == '_'))
      return false;
  return true;
}

// A plain (unquoted) YAML scalar that reads back as the same string.
bool yaml_plain_ok(std::string_view s, bool is_key) {
  if (s.empty() || is_yaml_keyword(s) || looks_numeric(s)) return false;
  const char first = s[0];
  if (!(is_alnum(first) || first == '/')) return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (is_alnum(c) || c == '_' || c == '.' || c == '/' || c == '-') continue;
    if (c == ',' && !is_key) continue;
    if (c == ':' && i + 1 < s.size() && s[i + 1] != ' ') continue;  // "image:tag", "f:spec"
    return false;
  }
  return true;
}

}  // namespace

void append_json_string(std::string& out, std::string_view s) {
  out.push_back('"');
  std::size_t start = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (!needs_json_escape(c)) continue;
    out.append(s.substr(start, i - start));
    start = i + 1;
    switch (c) {
      case '"': out.append("\\\""); break;
      case '\\': out.append("\\\\"); break;
      case '\n': out.append("\\n"); break;
      case '\t': out.append("\\t"); break;
      default: fmt::format_to(std::back_inserter(out), "\\u{:04x}", static_cast<unsigned char>(c));
    }
  }
  out.append(s.substr(start));
  out.push_back('"');
}

void emitter::indent(int columns) { out_.append(static_cast<std::size_t>(columns), ' '); }

void emitter::json_string(std::string_view s) { append_json_string(out_, s); }

void emitter::yaml_string(std::string_view s) {
  if (yaml_plain_ok(s, false)) {
    yaml_scalar(s);
    return;
  }
  std::string quoted;  // YAML double-quoted scalars accept JSON's escapes
  append_json_string(quoted, s);
  yaml_scalar(quoted);
}

void emitter::yaml_key_text(std::string_view k) {
  if (yaml_plain_ok(k, true)) {
    out_.append(k);
    return;
  }
  json_string(k);
}

void emitter::json_value_prefix() {
  if (stack_.empty() || stack_.back().is_map) return;  // root, or after "key":
  level& top = stack_.back();
  if (!top.first) out_.push_back(',');
  top.first = false;
  out_.push_back('\n');
  indent(top.indent * json_indent);
}

void emitter::yaml_scalar(std::string_view text) {
  if (pending_key_) {
    out_.push_back(' ');
    pending_key_ = false;
  } else if (!stack_.empty()) {  // a list item
    indent(stack_.back().indent);
    out_.append("- ");
    stack_.back().first = false;
  }
  out_.append(text);
  out_.push_back('\n');
}

void emitter::key(std::string_view k) {
  level& top = stack_.back();
  if (format_ == format::json) {
    if (!top.first) out_.push_back(',');
    out_.push_back('\n');
    indent(top.indent * json_indent);
    json_string(k);
    out_.append(": ");
  } else {
    if (top.inline_key) top.inline_key = false;
    else indent(top.indent);
    yaml_key_text(k);
    out_.push_back(':');
    pending_key_ = true;
  }
  top.first = false;
}

void emitter::begin_object() {
  if (format_ == format::json) {
    json_value_prefix();
    out_.push_back('{');
    stack_.push_back({true, static_cast<int>(stack_.size()) + 1});
    return;
  }
  if (pending_key_) {
    out_.push_back('\n');
    pending_key_ = false;
    stack_.push_back({true, stack_.back().indent + yaml_indent});
  } else if (stack_.empty()) {
    stack_.push_back({true, 0});
  } else {
    level& parent = stack_.back();
    parent.first = false;
    indent(parent.indent);
    out_.append("- ");
    stack_.push_back({true, parent.indent + yaml_indent, true, true});
  }
}

void emitter::begin_array() {
  if (format_ == format::json) {
    json_value_prefix();
    out_.push_back('[');
    stack_.push_back({false, static_cast<int>(stack_.size()) + 1});
    return;
  }
  if (pending_key_) {
    out_.push_back('\n');
    pending_key_ = false;
    stack_.push_back({false, stack_.back().indent});  // kubectl: dashes under the key
  } else if (stack_.empty()) {
    stack_.push_back({false, 0});
  } else {
    level& parent = stack_.back();
    parent.first = false;
    indent(parent.indent);
    out_.append("-\n");
    stack_.push_back({false, parent.indent + yaml_indent});
  }
}

void emitter::end_level(char close) {
  const level done = stack_.back();
  stack_.pop_back();
  if (format_ != format::json) return;  // YAML closes by indentation
  if (!done.first) {
    out_.push_back('\n');
    indent(static_cast<int>(stack_.size()) * json_indent);
  }
  out_.push_back(close);
}

void emitter::end_object() { end_level('}'); }

void emitter::end_array() { end_level(']'); }

void emitter::empty_object() {
  if (format_ == format::json) {
    json_value_prefix();
    out_.append("{}");
  } else {
    yaml_scalar("{}");
  }
}

void emitter::empty_array() {
  if (format_ == format::json) {
    json_value_prefix();
    out_.append("[]");
  } else {
    yaml_scalar("[]");
  }
}

void emitter::string(std::string_view s) {
  if (format_ == format::json) {
    json_value_prefix();
    json_string(s);
  } else {
    yaml_string(s);
  }
}

void emitter::integer(std::int64_t i) {
  fmt::memory_buffer digits;
  fmt::format_to(std::back_inserter(digits), "{}", i);
  const std::string_view text(digits.data(), digits.size());
  if (format_ == format::json) {
    json_value_prefix();
    out_.append(text);
  } else {
    yaml_scalar(text);
  }
}

void emitter::boolean(bool b) {
  if (format_ == format::json) {
    json_value_prefix();
    out_.append(b ? "true" : "false");
  } else {
    yaml_scalar(b ? "true" : "false");
  }
}

void emitter::null() {
  if (format_ == format::json) {
    json_value_prefix();
    out_.append("null");
  } else {
    yaml_scalar("null");
  }
}

void emitter::document_start() {
  if (format_ == format::yaml) out_.append("---\n");
}

void emitter::finish_document() {
  if (format_ == format::json) out_.push_back('\n');
}

}  // namespace volpol::bench
