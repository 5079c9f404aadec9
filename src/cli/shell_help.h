// shell_help.h (private to the cli layer) — shell completion scripts and man pages, made from
// the CLI11 definition of the commands so they never drift from the options.
#pragma once

#include <string>

namespace CLI {
class App;
}

namespace volpol::cli {

/// `volpol completion SHELL`: a completion script for "bash", "zsh" or "fish".
[[nodiscard]] std::string completion_script(const CLI::App& app, const std::string& shell);

/// A man page (roff, section 1) for `volpol` (command == nullptr) or one of its commands.
[[nodiscard]] std::string man_page(const CLI::App& app, const CLI::App* command);

}  // namespace volpol::cli
