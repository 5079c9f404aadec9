// src/plan/text_columns.h (private to the plan layer) — the tables' column layout for people:
// widths in terminal columns, padded with two spaces, a column at most a Kubernetes name wide.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace volpol::plan::detail {

/// Columns a UTF-8 text takes on a terminal (one per code point; names are ASCII).
inline std::size_t display_width(std::string_view s) {
  std::size_t n = 0;
  for (const char ch : s) n += (static_cast<unsigned char>(ch) & 0xC0) != 0x80;
  return n;
}

/// Columns are padded to their longest cell, up to a Kubernetes name's longest (253, a DNS
/// subdomain): a longer cell (only a dump the API server would refuse has one) overflows its
/// column instead of widening every row (a 1 MB name made a 3 GB table, then bad_alloc).
inline constexpr std::size_t max_column_width = 253;

/// `rows` (cells already escaped) as lines, every column but the last padded to its width.
inline void append_padded_rows(const std::vector<std::vector<std::string>>& rows, std::string& out) {
  if (rows.empty()) return;
  std::vector<std::size_t> widths(rows[0].size(), 0);
  for (const auto& row : rows)
    for (std::size_t i = 0; i < row.size() && i < widths.size(); ++i)
      widths[i] = std::max(widths[i], std::min(display_width(row[i]), max_column_width));
  for (const auto& row : rows) {
    for (std::size_t i = 0; i < row.size(); ++i) {
      out += row[i];
      if (i + 1 == row.size()) break;
      const std::size_t w = display_width(row[i]);
      out.append(i < widths.size() && widths[i] + 2 > w ? widths[i] + 2 - w : 1, ' ');
    }
    out += '\n';
  }
}

}  // namespace volpol::plan::detail
