// JSON string literals (see json_text.h).
#include "volpol/k8s/json_text.h"

#include <fmt/format.h>

#include "volpol/core/diagnostic.h"

namespace volpol {

void append_json_string(std::string& out, std::string_view s) {
  // JSON text is UTF-8: bytes that are not (a file name from the command line) are escaped.
  if (!is_valid_utf8(s)) return append_json_string(out, escape_text(s, true));
  out += '"';
  std::size_t run = 0;  // start of the current run of characters that need no escaping
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c != '"' && c != '\\') continue;
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

}  // namespace volpol
