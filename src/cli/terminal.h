// terminal.h (private to the cli layer) — what a table may do on the output it is written to:
// colour (`--color`, NO_COLOR) and the terminal's width.
#pragma once

#include <CLI/CLI.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <string_view>

namespace volpol::cli {

/// Declares `--color=auto|always|never` on `cmd` (auto: on a terminal, unless NO_COLOR is set
/// or TERM is dumb; https://no-color.org).
void add_color_flag(CLI::App* cmd, std::string& into);

/// Whether to colour what is written to `out`, for the `--color` value `mode`.
[[nodiscard]] bool use_color(const std::string& mode, std::FILE* out);

/// The columns of the terminal `out` is (TIOCGWINSZ, else $COLUMNS); 0 when `out` is not a
/// terminal (a pipe or a file: nothing is cut).
[[nodiscard]] std::size_t terminal_width(std::FILE* out);

/// The colours volpol writes (ANSI SGR).
enum class color : std::uint8_t { red, green, yellow, cyan };

/// One word to colour in a text report: where `needle` is found on a line (at its start with
/// `line_start`), the `length` bytes from `offset` into it get colour `c`.
struct color_rule {
  std::string_view needle;
  std::size_t offset;
  std::size_t length;
  color c;
  bool line_start;
};

/// `text` with, on each line, the first rule that matches applied (text reports of lint, test
/// and diff; the plan's table colours its METHOD cells itself).
[[nodiscard]] std::string colorized(std::string_view text, std::span<const color_rule> rules);

/// Writes `text` to `out`: colorized by `rules` when `--color` `mode` says so for `out`
/// (use_color), as it is otherwise.
void write_colorized(std::string_view text, std::span<const color_rule> rules, const std::string& mode, std::FILE* out);

}  // namespace volpol::cli
