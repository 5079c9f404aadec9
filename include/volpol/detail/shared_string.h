// volpol/detail/shared_string.h — an immutable string whose copies share one heap allocation, for
// a value that many loaded objects repeat: the file they were read from (object_origin::file).
// A 30k-object dump has one file name; as a std::string in each object it would be 30k copies
// (and 30k allocations when the path is longer than 15 characters).
//
// Reads like a std::string, as compact_string.h does: converts to std::string_view and
// std::string, compares with strings, string views and literals, prints with << and {fmt}:
//
//     object_origin o;
//     o.file = label;                          // one allocation; copies of `o` share it
//     if (o.file == "list.json") ...
//     d.where.file = o.file;                   // a std::string copy
//
// Copies and destruction are thread-safe (an atomic reference count, compact_string::shared);
// the text never changes once made.
#pragma once

#include <fmt/core.h>

#include <compare>
#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>

#include "volpol/detail/compact_string.h"

namespace volpol::k8s {

class shared_string {
 public:
  shared_string() noexcept = default;
  /// Allocates one shared copy of `s`; none when `s` is empty (or short enough to be kept in
  /// the 8 bytes: compact_string.h).
  shared_string(std::string_view s)  // NOLINT(google-explicit-constructor): string-like
      : p_(compact_string::shared(s)) {}
  shared_string(const char* s) : shared_string(std::string_view(s)) {}         // NOLINT
  shared_string(const std::string& s) : shared_string(std::string_view(s)) {}  // NOLINT

  [[nodiscard]] std::string_view view() const noexcept { return p_.view(); }
  operator std::string_view() const noexcept { return view(); }  // NOLINT
  operator std::string() const { return std::string(view()); }   // NOLINT
  [[nodiscard]] std::string str() const { return std::string(view()); }

  [[nodiscard]] bool empty() const noexcept { return p_.empty(); }
  [[nodiscard]] std::size_t size() const noexcept { return p_.size(); }
  /// NUL-terminated, "" when empty.
  [[nodiscard]] const char* c_str() const noexcept { return p_.c_str(); }
  [[nodiscard]] const char* data() const noexcept { return c_str(); }

  friend bool operator==(const shared_string& a, const shared_string& b) noexcept { return a.view() == b.view(); }
  friend bool operator==(const shared_string& a, std::string_view b) noexcept { return a.view() == b; }
  friend bool operator==(const shared_string& a, const char* b) noexcept { return a.view() == b; }
  friend bool operator==(const shared_string& a, const std::string& b) noexcept { return a.view() == b; }
  friend std::strong_ordering operator<=>(const shared_string& a, const shared_string& b) noexcept {
    return a.view() <=> b.view();
  }
  friend std::strong_ordering operator<=>(const shared_string& a, std::string_view b) noexcept {
    return a.view() <=> b;
  }

 private:
  /// A compact_string::shared(): 8 bytes in each object's origin, not a shared_ptr's 16.
  compact_string p_;
};

std::ostream& operator<<(std::ostream& out, const shared_string& s);

}  // namespace volpol::k8s

/// Formats as a string (width, fill and precision apply); defined in shared_string.cpp.
template <>
struct fmt::formatter<volpol::k8s::shared_string> : fmt::formatter<fmt::string_view> {
  auto format(const volpol::k8s::shared_string& s, fmt::format_context& ctx) const -> fmt::format_context::iterator;
};
