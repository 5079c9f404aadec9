// JSON string literals (see json_text.h).
#include "volpol/detail/json_text.h"

#include <fmt/format.h>

#include <array>

#include "volpol/core/diagnostic.h"

namespace volpol {

namespace {

/// Bytes that end a run of plain characters: control characters, `"`, `\` and every byte of
/// a multi-byte UTF-8 sequence (checked once, the first time one is met).
constexpr std::array<bool, 256> special_bytes = [] {
  std::array<bool, 256> t{};
  for (std::size_t c = 0; c < 256; ++c) t[c] = c < 0x20 || c == '"' || c == '\\' || c >= 0x80;
  return t;
}();

}  // namespace

void append_json_string(std::string& out, std::string_view s) {
  const std::size_t start = out.size();
  out.reserve(start + s.size() + 2);
  out += '"';
  bool utf8_checked = false;  // the rest of `s` is known to be valid UTF-8
  std::size_t run = 0;        // start of the current run of characters that need no escaping
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (!special_bytes[c]) continue;
    if (c >= 0x80) {
      // JSON text is UTF-8: bytes that are not (a file name from the command line) are
      // escaped first (escape_text), and the whole string is written from that.
      if (!utf8_checked && !is_valid_utf8(s.substr(i))) {
        out.resize(start);
        return append_json_string(out, escape_text(s, true));
      }
      utf8_checked = true;
      continue;
    }
    out.append(s.data() + run, i - run);
    run = i + 1;
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default: out += fmt::format("\\u{:04x}", c);
    }
  }
  out.append(s.data() + run, s.size() - run);
  out += '"';
}

std::string json_string(std::string_view s) {
  std::string out;
  append_json_string(out, s);
  return out;
}

void append_go_json_string(std::string& out, std::string_view s, go_escape_html html) {
  static constexpr char hex[] = "0123456789abcdef";
  out += '"';
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      switch (c) {
        case '"': out += "\\\""; continue;
        case '\\': out += "\\\\"; continue;
        case '\n': out += "\\n"; continue;
        case '\r': out += "\\r"; continue;
        case '\t': out += "\\t"; continue;
        case '\b': out += "\\b"; continue;
        case '\f': out += "\\f"; continue;
        default: break;
      }
      if (c < 0x20 || (html == go_escape_html::yes && (c == '<' || c == '>' || c == '&'))) {
        out += "\\u00";
        out += hex[c >> 4];
        out += hex[c & 0xf];
      } else {
        out += static_cast<char>(c);
      }
      continue;
    }
    const std::size_t n = utf8_sequence_length(s, i);
    if (n == 0) {
      out += "\\ufffd";
      ++i;
    } else if (n == 3 && c == 0xe2 && static_cast<unsigned char>(s[i + 1]) == 0x80 &&
               (static_cast<unsigned char>(s[i + 2]) & 0xfe) == 0xa8) {
      out += static_cast<unsigned char>(s[i + 2]) == 0xa8 ? "\\u2028" : "\\u2029";
      i += 3;
    } else {
      out.append(s.substr(i, n));
      i += n;
    }
  }
  out += '"';
}

std::string go_json_string(std::string_view s, go_escape_html html) {
  std::string out;
  append_go_json_string(out, s, html);
  return out;
}

}  // namespace volpol
