// volpol/detail/zstring_view.h: printing, and NULs spelled out.
#include "volpol/detail/zstring_view.h"

#include <ostream>
#include <string>

namespace volpol {

std::ostream& operator<<(std::ostream& out, zstring_view s) { return out << s.view(); }

std::string spell_nul(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (const char c : s) {
    if (c == '\0') out += "\\u0000";
    else out += c;
  }
  return out;
}

}  // namespace volpol
