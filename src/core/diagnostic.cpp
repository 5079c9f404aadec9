#include "volpol/core/diagnostic.h"

#include <fmt/format.h>

#include <cctype>

namespace volpol {

namespace {

/// Length of the valid UTF-8 sequence at s[i] (1-4), or 0 when the byte there starts none.
std::size_t utf8_length(std::string_view s, std::size_t i, char32_t& cp) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
  const unsigned char c = b(0);
  if (c < 0x80) {
    cp = c;
    return 1;
  }
  std::size_t n;
  char32_t min;
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2;
    cp = c & 0x1F;
    min = 0x80;
  } else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    cp = c & 0x0F;
    min = 0x800;
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    cp = c & 0x07;
    min = 0x10000;
  } else {
    return 0;
  }
  if (i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    if ((b(k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (b(k) & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
}

bool needs_escape(char32_t cp, bool keep_newlines) {
  if (keep_newlines && (cp == '\n' || cp == '\t')) return false;
  return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F);
}

}  // namespace

std::size_t utf8_sequence_length(std::string_view text, std::size_t i) {
  char32_t cp = 0;
  return utf8_length(text, i, cp);
}

bool is_valid_utf8(std::string_view text) {
  char32_t cp = 0;
  for (std::size_t i = 0; i < text.size();) {
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      ++i;
      continue;
    }
    const std::size_t n = utf8_length(text, i, cp);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

std::string escape_text(std::string_view text, bool keep_newlines) {
  std::size_t i = 0;
  char32_t cp = 0;
  // Fast path: nothing to escape.
  for (; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80 || needs_escape(c, keep_newlines)) break;
  }
  if (i == text.size()) return std::string(text);
  std::string out(text.substr(0, i));
  while (i < text.size()) {
    const std::size_t n = utf8_length(text, i, cp);
    if (n == 0) {
      out += fmt::format("\\x{:02X}", static_cast<unsigned char>(text[i]));
      ++i;
      continue;
    }
    if (needs_escape(cp, keep_newlines)) {
      if (cp == '\n') out += "\\n";
      else if (cp == '\t') out += "\\t";
      else if (cp == '\r') out += "\\r";
      else if (cp < 0x80) out += fmt::format("\\x{:02X}", static_cast<unsigned>(cp));
      else out += fmt::format("\\u{:04X}", static_cast<unsigned>(cp));
    } else {
      out.append(text.substr(i, n));
    }
    i += n;
  }
  return out;
}

std::string diagnostic::to_string() const {
  std::string out;
  if (!where.file.empty()) {
    out += escape_text(where.file);
    if (where.line > 0) {
      out += fmt::format(":{}", where.line);
      if (where.column > 0) out += fmt::format(":{}", where.column);
    } else if (where.has_offset) {
      out += fmt::format(": byte {}", where.offset);
    }
    out += ": ";
  } else if (where.line > 0) {
    out += fmt::format("line {}:{}: ", where.line, where.column);
  }
  if (level == severity::warning) out += "warning: ";
  if (!object.empty()) out += escape_text(object) + ": ";
  if (!where.path.empty()) out += escape_text(where.path) + ": ";
  out += escape_text(message, true);
  if (!help.empty()) out += "\n  help: " + escape_text(help, true);
  return out;
}

std::string percent_encoded(std::string_view text, std::string_view keep) {
  std::string out;
  out.reserve(text.size());
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || keep.find(ch) != std::string_view::npos)
      out += ch;
    else out += fmt::format("%{:02X}", c);
  }
  return out;
}

}  // namespace volpol
