#include "volpol/k8s/diagnostic.h"

#include <fmt/format.h>

namespace volpol {

std::string diagnostic::to_string() const {
  std::string out;
  if (!where.file.empty()) {
    out += where.file;
    if (where.line > 0) {
      out += fmt::format(":{}", where.line);
      if (where.column > 0) out += fmt::format(":{}", where.column);
    } else if (where.has_offset) {
      out += fmt::format(": byte {}", where.offset);
    }
    out += ": ";
  } else if (where.line > 0) {
    out += fmt::format("line {}:{}: ", where.line, where.column);
  }
  if (level == severity::warning) out += "warning: ";
  if (!object.empty()) out += object + ": ";
  if (!where.path.empty()) out += where.path + ": ";
  out += message;
  if (!help.empty()) out += "\n  help: " + help;
  return out;
}

}  // namespace volpol
