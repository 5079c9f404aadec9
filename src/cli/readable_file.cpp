#include "readable_file.h"

#include <fmt/format.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <fstream>

#include "volpol/core/diagnostic.h"

namespace volpol::cli {

bool readable_file(std::string_view flag, const std::string& path, std::FILE* err, bool folder_ok) {
  if (path.empty() || path == "-") return true;
  const std::string named = flag.empty() ? escape_text(path) : fmt::format("{} {}", flag, escape_text(path));
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    std::fprintf(err, "error: %s: cannot read: %s\n", named.c_str(), std::strerror(errno));
    return false;
  }
  if (S_ISDIR(st.st_mode)) {
    if (folder_ok) return true;
    std::fprintf(err, "error: %s: cannot read: it is a folder\n  help: give the file itself\n", named.c_str());
    return false;
  }
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(err, "error: %s: cannot read: %s\n", named.c_str(),
                 errno != 0 ? std::strerror(errno) : "it cannot be opened");
    return false;
  }
  return true;
}

}  // namespace volpol::cli
