#include "text_escape.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

namespace volpol::verify::detail {

std::string xml_escape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char ch = s[i];
    if (static_cast<unsigned char>(ch) >= 0x80) {  // UTF-8 as it is; a byte that starts none: U+FFFD
      const std::size_t n = utf8_sequence_length(s, i);
      if (n == 0) {
        out += "\xEF\xBF\xBD";
      } else {
        out.append(s.substr(i, n));
        i += n - 1;
      }
      continue;
    }
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        if (static_cast<unsigned char>(ch) < 0x20 && ch != '\n' && ch != '\t' && ch != '\r') continue;
        out += ch;
    }
  }
  return out;
}

std::string yaml_text(const YAML::Node& n) {
  YAML::Emitter e;
  e << n;
  std::string text = e.c_str();
  if (text.find('\x7f') == std::string::npos) return text;
  YAML::Emitter escaped;
  escaped.SetOutputCharset(YAML::EscapeNonAscii);
  escaped << n;
  return escaped.c_str();
}

}  // namespace volpol::verify::detail
