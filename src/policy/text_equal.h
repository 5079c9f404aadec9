// src/policy/text_equal.h — internal: string equality for the matching hot path.
//
// Condition values and volume facts are short names ("gp3", "ebs.csi.aws.com", "Bound"), often
// of equal length; `std::string == std::string_view` calls memcmp for those. Comparing the last
// byte first and short strings inline avoids most calls.
#pragma once

#include <cstring>
#include <string_view>

namespace volpol::policy::detail {

[[nodiscard]] inline bool text_equal(std::string_view a, std::string_view b) noexcept {
  const std::size_t n = a.size();
  if (n != b.size()) return false;
  if (n == 0) return true;
  if (a[n - 1] != b[n - 1] || a[0] != b[0]) return false;
  if (n <= 16) {
    for (std::size_t i = 1; i + 1 < n; ++i)
      if (a[i] != b[i]) return false;
    return true;
  }
  return std::memcmp(a.data(), b.data(), n) == 0;
}

/// `text` is one of `list`.
template <class List>
[[nodiscard]] inline bool text_in(std::string_view text, const List& list) noexcept {
  for (const auto& item : list)
    if (text_equal(item, text)) return true;
  return false;
}

}  // namespace volpol::policy::detail
