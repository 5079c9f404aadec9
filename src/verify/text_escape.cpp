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

namespace {

/// `n` into `e` as it was read: a scalar quoted in the text (yaml-cpp tags it "!") or tagged
/// !!str is written quoted, so that `"007"`, `"true"` and `"1e3"` stay strings (yaml-cpp's own
/// `e << n` writes them plain, and they come back as 7, true and 1000); flow collections stay
/// flow, except the outermost, which is written as a block (the loader takes a text that
/// starts with `{` for JSON).
void write_node(YAML::Emitter& e, const YAML::Node& n, bool outermost) {
  switch (n.Type()) {
    case YAML::NodeType::Scalar: {
      const std::string& tag = n.Tag();
      if (tag == "!" || tag == "tag:yaml.org,2002:str") e << YAML::DoubleQuoted << n.Scalar();
      else e << n.Scalar();
      return;
    }
    case YAML::NodeType::Sequence:
      e << (n.Style() == YAML::EmitterStyle::Flow && !outermost ? YAML::Flow : YAML::Block) << YAML::BeginSeq;
      for (const YAML::Node& item : n) write_node(e, item, false);
      e << YAML::EndSeq;
      return;
    case YAML::NodeType::Map:
      e << (n.Style() == YAML::EmitterStyle::Flow && !outermost ? YAML::Flow : YAML::Block) << YAML::BeginMap;
      for (const auto& kv : n) {
        e << YAML::Key;
        write_node(e, kv.first, false);
        e << YAML::Value;
        write_node(e, kv.second, false);
      }
      e << YAML::EndMap;
      return;
    case YAML::NodeType::Null:
    case YAML::NodeType::Undefined: e << YAML::Null; return;
  }
}

}  // namespace

std::string yaml_text(const YAML::Node& n) {
  YAML::Emitter e;
  write_node(e, n, true);
  std::string text = e.c_str();
  if (text.find('\x7f') == std::string::npos) return text;
  YAML::Emitter escaped;
  escaped.SetOutputCharset(YAML::EscapeNonAscii);
  write_node(escaped, n, true);
  return escaped.c_str();
}

}  // namespace volpol::verify::detail
