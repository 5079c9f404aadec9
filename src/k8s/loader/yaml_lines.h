// yaml_lines.h (private) — what the YAML stream reader (yaml_loader.cpp) and the unread-field
// filter (yaml_unread_fields.cpp) tell from one line of block-style YAML without parsing it.
#pragma once

#include <cstddef>
#include <string_view>

namespace volpol::k8s::detail::yaml_lines {

/// Spaces at the start of the line.
[[nodiscard]] inline std::size_t indent_of(std::string_view line) {
  std::size_t k = 0;
  while (k < line.size() && line[k] == ' ') ++k;
  return k;
}

/// Column i is past the line's text (its end, or its line break).
[[nodiscard]] inline bool is_line_end(std::string_view line, std::size_t i) {
  return i >= line.size() || line[i] == '\n' || line[i] == '\r';
}

/// Only spaces, or a comment, on the line.
[[nodiscard]] inline bool blank_or_comment(std::string_view line) {
  const std::size_t k = indent_of(line);
  return is_line_end(line, k) || line[k] == '#' || line[k] == '\t';
}

/// `- ` (or a lone `-`) at column k.
[[nodiscard]] inline bool is_dash(std::string_view line, std::size_t k) {
  return k < line.size() && line[k] == '-' && (is_line_end(line, k + 1) || line[k + 1] == ' ');
}

}  // namespace volpol::k8s::detail::yaml_lines
