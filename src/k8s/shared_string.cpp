// shared_string: printing (the rest is inline in the header).
#include "volpol/detail/shared_string.h"

#include <fmt/format.h>

#include <ostream>

namespace volpol::k8s {

std::ostream& operator<<(std::ostream& out, const shared_string& s) { return out << s.view(); }

}  // namespace volpol::k8s

auto fmt::formatter<volpol::k8s::shared_string>::format(const volpol::k8s::shared_string& s,
                                                        fmt::format_context& ctx) const
    -> fmt::format_context::iterator {
  return fmt::formatter<fmt::string_view>::format(fmt::string_view(s.data(), s.size()), ctx);
}
