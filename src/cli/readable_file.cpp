#include "readable_file.h"

#include <fmt/format.h>

#include "volpol/core/diagnostic.h"

namespace volpol::cli {

bool readable_file(std::string_view flag, const std::string& path, std::FILE* err, bool folder_ok) {
  const std::optional<diagnostic> problem = unreadable_file_problem(flag.empty() ? path
                                                                                 : fmt::format("{} {}", flag, path),
                                                                    path, folder_ok);
  if (!problem) return true;
  std::fprintf(err, "error: %s\n", problem->to_string().c_str());
  return false;
}

}  // namespace volpol::cli
