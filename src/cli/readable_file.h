// readable_file.h (private to the cli layer) — one check, one message and one exit code (3)
// for a file named on the command line that cannot be read, in every command.
#pragma once

#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "volpol/detail/text_file.h"

namespace volpol::cli {

using volpol::unreadable_reason;  // volpol/detail/text_file.h

/// Whether `path` (given with `flag`, e.g. "--policy"; "" for a positional) can be opened for
/// reading as a file (or, with `folder_ok`, is a folder). "-" (standard input) always can.
/// When it cannot, writes `error: --policy p.yaml: cannot read: No such file or directory`
/// (with a help line for a folder) to `err` and returns false: the command exits
/// exit_unreadable (3).
[[nodiscard]] bool readable_file(std::string_view flag, const std::string& path, std::FILE* err,
                                 bool folder_ok = false);

}  // namespace volpol::cli
