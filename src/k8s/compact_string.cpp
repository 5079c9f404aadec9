// compact_string: one heap block [uint32 size][bytes]['\0'], or nothing when empty.
#include "volpol/k8s/compact_string.h"

#include <fmt/format.h>

#include <cstdlib>
#include <cstring>
#include <new>
#include <ostream>

namespace volpol::k8s {

compact_string::~compact_string() { std::free(p_); }

std::size_t compact_string::size() const noexcept {
  if (p_ == nullptr) return 0;
  std::uint32_t n = 0;
  std::memcpy(&n, p_, sizeof n);
  return n;
}

void compact_string::clear() noexcept {
  std::free(p_);
  p_ = nullptr;
}

void compact_string::assign(std::string_view s) {
  if (s.empty()) return clear();
  const auto n = static_cast<std::uint32_t>(s.size());
  char* block = static_cast<char*>(std::malloc(sizeof n + s.size() + 1));
  if (block == nullptr) throw std::bad_alloc();
  std::memcpy(block, &n, sizeof n);
  std::memcpy(block + sizeof n, s.data(), s.size());
  block[sizeof n + s.size()] = '\0';
  std::free(p_);  // after the copy: `s` may view this very string
  p_ = block;
}

std::ostream& operator<<(std::ostream& out, const compact_string& s) { return out << s.view(); }

}  // namespace volpol::k8s

auto fmt::formatter<volpol::k8s::compact_string>::format(const volpol::k8s::compact_string& s,
                                                         fmt::format_context& ctx) const
    -> fmt::format_context::iterator {
  return fmt::formatter<fmt::string_view>::format(fmt::string_view(s.data(), s.size()), ctx);
}
