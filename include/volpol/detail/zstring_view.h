// volpol/detail/zstring_view.h — a view of a NUL-terminated string in 8 bytes (one pointer), for
// names that large arrays hold by the hundreds of thousands: a plan's records name their PVC,
// PV, pod, pod volume and storage class, views into the cluster's strings. A std::string_view
// is 16 bytes (pointer and size); the strings viewed all end in a NUL (std::string::c_str,
// compact_string::c_str, string literals), so the pointer alone is enough.
//
// Reads like a std::string_view: converts to one (the size is counted with strlen, which is
// cheap for names), compares with strings, views and literals, prints with << and {fmt}:
//
//     zstring_view name = pvc.metadata.name;    // a std::string: views its c_str()
//     if (name == "data-0") ...
//     std::string_view v = name;                 // strlen
//
// It cannot be made from a std::string_view (which need not end in a NUL) except through
// `terminated`, whose caller promises the NUL, nor from a temporary std::string.
#pragma once

#include <fmt/core.h>

#include <compare>
#include <concepts>
#include <cstddef>
#include <cstring>
#include <iosfwd>
#include <string>
#include <string_view>

namespace volpol {

class zstring_view {
 public:
  constexpr zstring_view() noexcept = default;
  /// Views `s.c_str()`: valid while `s` lives and is not changed.
  zstring_view(const std::string& s) noexcept : p_(s.c_str()) {}  // NOLINT(google-explicit-constructor)
  zstring_view(std::string&&) = delete;                           // its characters would dangle
  /// Views a NUL-terminated string (a literal, a c_str()); null is the empty string.
  constexpr zstring_view(const char* s) noexcept : p_(s != nullptr ? s : "") {}  // NOLINT
  /// Views `s`, whose character past the end must be a NUL (a view of a whole std::string or
  /// literal, as policy::volume_type_of returns). Not checked.
  [[nodiscard]] static constexpr zstring_view terminated(std::string_view s) noexcept {
    return s.empty() ? zstring_view() : zstring_view(s.data());
  }

  [[nodiscard]] std::string_view view() const noexcept { return std::string_view(p_); }
  operator std::string_view() const noexcept { return view(); }  // NOLINT(google-explicit-constructor)
  [[nodiscard]] std::string str() const { return std::string(p_); }
  explicit operator std::string() const { return str(); }
  [[nodiscard]] constexpr const char* c_str() const noexcept { return p_; }
  [[nodiscard]] constexpr const char* data() const noexcept { return p_; }
  [[nodiscard]] constexpr bool empty() const noexcept { return *p_ == '\0'; }
  [[nodiscard]] std::size_t size() const noexcept { return view().size(); }
  [[nodiscard]] std::size_t length() const noexcept { return size(); }
  [[nodiscard]] int compare(std::string_view s) const noexcept { return view().compare(s); }
  /// As compare(std::string_view), without counting either size (strcmp).
  template <std::same_as<zstring_view> Z>
  [[nodiscard]] int compare(Z s) const noexcept {
    return std::strcmp(p_, s.p_);
  }
  [[nodiscard]] bool starts_with(std::string_view s) const noexcept { return view().starts_with(s); }

  friend bool operator==(zstring_view a, zstring_view b) noexcept {
    return a.p_ == b.p_ || std::strcmp(a.p_, b.p_) == 0;
  }
  friend bool operator==(zstring_view a, std::string_view b) noexcept { return a.view() == b; }
  friend bool operator==(zstring_view a, const char* b) noexcept { return a.view() == std::string_view(b); }
  friend bool operator==(zstring_view a, const std::string& b) noexcept { return a.view() == b; }
  friend std::strong_ordering operator<=>(zstring_view a, zstring_view b) noexcept {
    return std::strcmp(a.p_, b.p_) <=> 0;
  }
  friend std::strong_ordering operator<=>(zstring_view a, std::string_view b) noexcept { return a.view() <=> b; }

 private:
  const char* p_ = "";  ///< never null
};

std::ostream& operator<<(std::ostream& out, zstring_view s);

/// `s` with each NUL character spelled `\u0000` (six characters): a text that a zstring_view
/// can view whole, for messages and for texts records keep. Other characters are copied.
///     spell_nul(std::string("a\0b", 3))  →  the 8 characters a\u0000b
[[nodiscard]] std::string spell_nul(std::string_view s);

/// `a` followed by `b` (the std::string + std::string_view that string_view lacks).
[[nodiscard]] inline std::string operator+(const std::string& a, zstring_view b) { return a + b.c_str(); }
[[nodiscard]] inline std::string operator+(zstring_view a, const std::string& b) { return a.c_str() + b; }
[[nodiscard]] inline std::string operator+(zstring_view a, const char* b) { return a.str() + b; }
[[nodiscard]] inline std::string operator+(const char* a, zstring_view b) { return a + b.str(); }

}  // namespace volpol

template <>
struct fmt::formatter<volpol::zstring_view> : fmt::formatter<fmt::string_view> {
  auto format(volpol::zstring_view s, fmt::format_context& ctx) const -> fmt::format_context::iterator {
    return fmt::formatter<fmt::string_view>::format(fmt::string_view(s.c_str()), ctx);
  }
};
