// yaml_lines.h (private) — what the YAML stream reader (yaml_loader.cpp) and the unread-field
// filter (yaml_unread_fields.cpp) tell from one line of block-style YAML without parsing it.
#pragma once

#include <cstddef>
#include <string_view>

namespace volpol::k8s::detail::yaml_lines {

/// The first column from i on that is not a space.
[[nodiscard]] inline std::size_t skip_spaces(std::string_view line, std::size_t i) {
  while (i < line.size() && line[i] == ' ') ++i;
  return i;
}

/// Spaces at the start of the line.
[[nodiscard]] inline std::size_t indent_of(std::string_view line) { return skip_spaces(line, 0); }

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

/// The value of a `kind: X` line (the key at the line's start), unquoted, without a trailing
/// comment; "" when the line is no `kind:` line.
[[nodiscard]] inline std::string_view kind_value(std::string_view line) {
  if (!line.starts_with("kind:")) return {};
  std::string_view v = line.substr(5);
  while (!v.empty() && v.front() == ' ') v.remove_prefix(1);
  if (const auto hash = v.find(" #"); hash != std::string_view::npos) v = v.substr(0, hash);
  while (!v.empty() && (v.back() == '\n' || v.back() == '\r' || v.back() == ' ')) v.remove_suffix(1);
  if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front()) v = v.substr(1, v.size() - 2);
  return v;
}

}  // namespace volpol::k8s::detail::yaml_lines
