// kubectl_grammar.h (private to the cli layer) — the command line as kubectl users type it.
//
// kubectl (spf13/pflag, cobra) takes one value per occurrence of a flag (`-f a -f b`; commas
// where the flag is a list), `--flag=value` and `--flag value` alike, `-f=value`, booleans as
// `--flag`, `--flag=false` (volpol also takes `--flag false`, which pflag does not), positionals
// anywhere, and says "did you mean" for a mistyped command. CLI11, which parses volpol's
// command line, differs on each; these functions close the gaps before and after its parse,
// and turn its messages into volpol's voice (`error: ...`, `  help: ...`, then
// "see `volpol CMD --help`").
#pragma once

#include <CLI/CLI.hpp>

#include <cstdio>
#include <string>
#include <vector>

namespace volpol::cli {

/// Every option of `app` and its subcommands that collects several values takes one per
/// occurrence (`-f a b` is `-f a` and a positional `b`, as in kubectl); positionals keep
/// taking every word left. Call after every option is added.
void take_one_value_per_flag(CLI::App& app);

/// The outcome of normalize_args: the arguments CLI11 is to parse, or a usage error.
struct normalized_args {
  std::vector<std::string> args;  ///< rewritten arguments (valid when error is empty)
  std::string error;              ///< "unknown command `plna`" (no prefix), or empty
  std::string help;               ///< "did you mean `plan`?" or empty
  std::string command;            ///< the subcommand named ("plan"), or empty for volpol itself
};

/// Rewrites `args` (without the program name) to what CLI11 reads as kubectl would:
/// `-f=x` → `-f x`; `--bool true|false` (any case) → `--bool=true|false`; values of `-o` in
/// lower case (`-o JSON`, `yml` → `yaml`). Finds a mistyped command and an unknown flag
/// (with the closest name) before CLI11 does. Everything after `--` is left as it is.
[[nodiscard]] normalized_args normalize_args(const CLI::App& app, std::vector<std::string> args);

/// Writes CLI11's parse error `e` in volpol's voice: `error: --threads: ...`, an optional
/// `  help:` line, and "see `volpol CMD --help`" (`command` empty: `volpol --help`).
void report_parse_error(const CLI::ParseError& e, const std::string& command, std::FILE* err);

/// CLI11's parse error `e` as volpol words it (no `error:` prefix); `help` gets a help line or
/// is left as it is. `command` names the subcommand in "for `volpol plan`" ("" for none).
[[nodiscard]] std::string volpol_message(const CLI::ParseError& e, const std::string& command, std::string& help);

/// Help text in volpol's notation: `--snapshot-volumes[=BOOL]`, `--threads N (default 0)`,
/// no CLI11 type names or range notation. Installed on `app` (its subcommands inherit it).
void use_volpol_help_format(CLI::App& app);

}  // namespace volpol::cli
