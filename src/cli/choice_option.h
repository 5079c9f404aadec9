// choice_option.h (private to the cli layer) — options whose value is one of a closed set: the
// set, its check and its shell completion come from one call, so completion (shell_help.cpp)
// is generated from the CLI definitions and cannot drift from what the option accepts.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace volpol::cli {

/// Records `values` as the closed set of `o` (for choices_of). Called by add_choice_option.
void remember_choices(const CLI::Option* o, std::vector<std::string> values);

/// The closed set of values of `o` (in the order given), or nullptr when `o` takes any value.
[[nodiscard]] const std::vector<std::string>* choices_of(const CLI::Option* o);

/// Adds option `name` ("-o,--output", "--color", "SHELL") to `cmd`, storing into `out` (a
/// string, or a vector of strings for a list option), accepting only `values`
/// (CLI::IsMember: any other value is a usage error naming them).
template <class T>
CLI::Option* add_choice_option(CLI::App* cmd, const std::string& name, T& out, const std::vector<std::string>& values,
                               const std::string& description) {
  CLI::Option* o = cmd->add_option(name, out, description)->check(CLI::IsMember(values));
  remember_choices(o, values);
  return o;
}

}  // namespace volpol::cli
