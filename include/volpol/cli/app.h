// volpol/cli/app.h — the `volpol` command line, runnable in-process (for tests).
#pragma once

#include <cstdio>
#include <string>
#include <vector>

namespace volpol::cli {

/// Exit codes of every volpol command.
enum class exit_code : int {
  ok = 0,                ///< done cleanly
  input_errors = 1,      ///< done, but some inputs, objects or volumes had errors (all listed)
  invalid_usage = 2,     ///< the command line or the policy is invalid: nothing was planned
  unreadable_input = 3,  ///< an input cannot be read (file, folder, cluster) or holds no objects
  output_failed = 4,     ///< the output could not be written (a full disk: ENOSPC, an I/O error)
};

/// The exit codes as the ints a command returns.
inline constexpr int exit_ok = static_cast<int>(exit_code::ok);
inline constexpr int exit_input_errors = static_cast<int>(exit_code::input_errors);
inline constexpr int exit_usage = static_cast<int>(exit_code::invalid_usage);
inline constexpr int exit_unreadable = static_cast<int>(exit_code::unreadable_input);
inline constexpr int exit_output_failed = static_cast<int>(exit_code::output_failed);

/// Set by the volpol program's main (never by library or test callers): a command's loaded
/// cluster and plan are not freed when it returns, since the process exits right after and
/// freeing a large cluster object by object takes a tenth of its plan's time (clang's
/// -disable-free does the same). The program leaves it off under AddressSanitizer, whose leak
/// check would report the memory.
inline bool skip_free_before_exit = false;

/// Runs `volpol ARGS...` (args exclude the program name), writing to `out` and `err`.
/// @return the process exit code; exit_output_failed (with a message on `err`) when a write
///         to `out` failed (its error flag is set, or flushing it fails), whatever the command.
int run(const std::vector<std::string>& args, std::FILE* out, std::FILE* err);

}  // namespace volpol::cli
