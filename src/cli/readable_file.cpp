#include "readable_file.h"

#include <fmt/format.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <fstream>

#include "volpol/core/diagnostic.h"

namespace volpol::cli {

std::optional<std::string> unreadable_reason(const std::string& path, bool folder_ok) {
  if (path.empty() || path == "-") return std::nullopt;
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::string(std::strerror(errno));
  if (S_ISDIR(st.st_mode)) return folder_ok ? std::nullopt : std::optional<std::string>("it is a folder");
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::string(errno != 0 ? std::strerror(errno) : "it cannot be opened");
  return std::nullopt;
}

bool readable_file(std::string_view flag, const std::string& path, std::FILE* err, bool folder_ok) {
  const std::optional<std::string> why = unreadable_reason(path, folder_ok);
  if (!why) return true;
  const std::string named = flag.empty() ? escape_text(path) : fmt::format("{} {}", flag, escape_text(path));
  std::fprintf(err, "error: %s: cannot read: %s\n", named.c_str(), why->c_str());
  if (*why == "it is a folder") std::fputs("  help: give the file itself\n", err);
  return false;
}

}  // namespace volpol::cli
