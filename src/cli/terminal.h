// terminal.h (private to the cli layer) — what a table may do on the output it is written to:
// colour (`--color`, NO_COLOR) and the terminal's width.
#pragma once

#include <CLI/CLI.hpp>

#include <cstddef>
#include <cstdio>
#include <string>

namespace volpol::cli {

/// Declares `--color=auto|always|never` on `cmd` (auto: on a terminal, unless NO_COLOR is set
/// or TERM is dumb; https://no-color.org).
void add_color_flag(CLI::App* cmd, std::string& into);

/// Whether to colour what is written to `out`, for the `--color` value `mode`.
[[nodiscard]] bool use_color(const std::string& mode, std::FILE* out);

/// The columns of the terminal `out` is (TIOCGWINSZ, else $COLUMNS); 0 when `out` is not a
/// terminal (a pipe or a file: nothing is cut).
[[nodiscard]] std::size_t terminal_width(std::FILE* out);

}  // namespace volpol::cli
