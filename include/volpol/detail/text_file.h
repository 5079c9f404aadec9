// volpol/detail/text_file.h — reading a whole text input (a policy, a test file) with a bound.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "volpol/core/diagnostic.h"
#include "volpol/core/result.h"

namespace volpol {

/// The whole text of `path` ("-" = standard input), read with read(2) so that a FIFO or a
/// process substitution works, and bounded before it allocates: reading stops with an error
/// past `max_bytes` bytes, and at the first NUL byte (JSON and YAML text have none: a binary
/// file or a device such as /dev/zero is refused at once, with the byte's offset).
/// Errors (diagnostic messages, without the path): the open's strerror ("No such file or
/// directory"), "it is a folder", "standard input is not open (...)", "larger than N bytes",
/// "not text (a NUL byte at offset N)", a read error's strerror.
[[nodiscard]] result<std::string> read_text_file(const std::string& path, std::uint64_t max_bytes);

/// Why `path` cannot be read as a file ("No such file or directory", "it is a folder"; a
/// folder is fine with `folder_ok`), or nullopt when it can. "" and "-" can.
[[nodiscard]] std::optional<std::string> unreadable_reason(const std::string& path, bool folder_ok = false);

/// The error for `path` when it cannot be read (unreadable_reason), named `named` in the
/// message ("--policy p.yaml: cannot read: No such file or directory"; for a folder, the help
/// "give the file itself"); nullopt when it can be read.
[[nodiscard]] std::optional<diagnostic> unreadable_file_problem(std::string named, const std::string& path,
                                                                bool folder_ok = false);

}  // namespace volpol
