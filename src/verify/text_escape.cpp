#include "text_escape.h"

#include <fmt/format.h>

namespace volpol::verify::detail {

std::string xml_escape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (const char ch : s) {
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

}  // namespace volpol::verify::detail
