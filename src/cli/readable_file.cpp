#include "readable_file.h"

#include <fmt/format.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>

#include "volpol/core/diagnostic.h"

namespace volpol::cli {

bool readable_file(std::string_view flag, const std::string& path, std::FILE* err, bool folder_ok) {
  const std::optional<std::string> why = unreadable_reason(path, folder_ok);
  if (!why) return true;
  const std::string named = flag.empty() ? escape_text(path) : fmt::format("{} {}", flag, escape_text(path));
  std::fprintf(err, "error: %s: cannot read: %s\n", named.c_str(), why->c_str());
  if (*why == "it is a folder") std::fputs("  help: give the file itself\n", err);
  return false;
}

}  // namespace volpol::cli
