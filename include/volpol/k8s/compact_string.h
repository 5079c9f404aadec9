// volpol/k8s/compact_string.h — an immutable-size string in 8 bytes, for the many fields of
// the loaded objects that are usually empty (a pod volume has ~10 possible source details,
// one or none set). std::string takes 32 bytes even when empty; at 300k objects the difference
// is most of the loader's memory.
//
// The values of Kubernetes' enumerations (status.phase, volumeMode, accessModes,
// persistentVolumeReclaimPolicy: well_known_values) take no heap block at all: such a string
// points at the one static copy of its value. Every other non-empty value has a block of its own.
//
// Reads like a std::string: converts to std::string_view and std::string, compares with
// strings, string views and literals, prints with << and {fmt}:
//
//     pv.sources.csi.driver = "ebs.csi.aws.com";
//     if (pv.sources.csi.driver == "ebs.csi.aws.com") ...
//     const std::string& handle = pv.sources.csi.volume_handle;   // a copy, lifetime-extended
//     fmt::format("{}", pv.sources.nfs.server);
#pragma once

#include <fmt/core.h>

#include <compare>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "volpol/core/zstring_view.h"

namespace volpol::k8s {

class compact_string {
 public:
  compact_string() noexcept = default;
  compact_string(std::string_view s) { assign(s); }                              // NOLINT
  compact_string(const char* s) : compact_string(std::string_view(s)) {}         // NOLINT
  compact_string(const std::string& s) : compact_string(std::string_view(s)) {}  // NOLINT
  compact_string(const compact_string& o) : compact_string(o.view()) {}
  compact_string(compact_string&& o) noexcept : p_(o.p_) { o.p_ = nullptr; }
  ~compact_string();

  compact_string& operator=(const compact_string& o) {
    if (this != &o) assign(o.view());
    return *this;
  }
  compact_string& operator=(compact_string&& o) noexcept {
    std::swap(p_, o.p_);
    return *this;
  }
  compact_string& operator=(std::string_view s) {
    assign(s);
    return *this;
  }
  compact_string& operator=(const char* s) { return *this = std::string_view(s); }
  compact_string& operator=(const std::string& s) { return *this = std::string_view(s); }

  [[nodiscard]] std::string_view view() const noexcept {
    return p_ ? std::string_view(p_ + sizeof(std::uint32_t), size()) : std::string_view();
  }
  operator std::string_view() const noexcept { return view(); }  // NOLINT
  operator std::string() const { return std::string(view()); }   // NOLINT
  /// A view of c_str(): valid while this string lives unchanged (an inline-free string: its
  /// characters do not move with it).
  operator zstring_view() const noexcept { return zstring_view(c_str()); }  // NOLINT
  [[nodiscard]] std::string str() const { return std::string(view()); }

  [[nodiscard]] bool empty() const noexcept { return p_ == nullptr; }
  [[nodiscard]] std::size_t size() const noexcept;
  [[nodiscard]] std::size_t length() const noexcept { return size(); }
  /// NUL-terminated, "" when empty.
  [[nodiscard]] const char* c_str() const noexcept { return p_ ? p_ + sizeof(std::uint32_t) : ""; }
  [[nodiscard]] const char* data() const noexcept { return c_str(); }
  [[nodiscard]] const char* begin() const noexcept { return c_str(); }
  [[nodiscard]] const char* end() const noexcept { return c_str() + size(); }
  [[nodiscard]] char operator[](std::size_t i) const noexcept { return c_str()[i]; }
  [[nodiscard]] bool starts_with(std::string_view s) const noexcept { return view().starts_with(s); }
  [[nodiscard]] bool ends_with(std::string_view s) const noexcept { return view().ends_with(s); }
  [[nodiscard]] std::size_t find(std::string_view s, std::size_t pos = 0) const noexcept { return view().find(s, pos); }
  [[nodiscard]] std::string substr(std::size_t pos, std::size_t n = std::string::npos) const {
    return std::string(view().substr(pos, n));
  }
  void clear() noexcept;
  /// The value points at the static copy of a well-known value (no heap block of its own).
  [[nodiscard]] bool is_well_known() const noexcept;

  friend bool operator==(const compact_string& a, const compact_string& b) noexcept { return a.view() == b.view(); }
  friend bool operator==(const compact_string& a, std::string_view b) noexcept { return a.view() == b; }
  friend bool operator==(const compact_string& a, const char* b) noexcept { return a.view() == b; }
  friend bool operator==(const compact_string& a, const std::string& b) noexcept { return a.view() == b; }
  friend bool operator==(const compact_string& a, zstring_view b) noexcept { return a.view() == b.view(); }
  friend std::strong_ordering operator<=>(const compact_string& a, const compact_string& b) noexcept {
    return a.view() <=> b.view();
  }
  friend std::strong_ordering operator<=>(const compact_string& a, std::string_view b) noexcept {
    return a.view() <=> b;
  }
  friend std::strong_ordering operator<=>(const compact_string& a, const char* b) noexcept {
    return a.view() <=> std::string_view(b);
  }
  friend std::strong_ordering operator<=>(const compact_string& a, const std::string& b) noexcept {
    return a.view() <=> std::string_view(b);
  }

 private:
  void assign(std::string_view s);

  void release() noexcept;
  /// nullptr for ""; else [uint32 size][bytes]['\0'] on the heap, or the same layout in the
  /// static table of well-known values (never written through, never freed).
  char* p_ = nullptr;
};

std::ostream& operator<<(std::ostream& out, const compact_string& s);

/// The values a compact_string holds without a heap block, in the table's order: the phases
/// of pods, PersistentVolumeClaims and PersistentVolumes, the volume modes, access modes and
/// reclaim policies (core/v1 types.go), and "true" / "false".
[[nodiscard]] std::span<const std::string_view> well_known_values() noexcept;

}  // namespace volpol::k8s

/// Formats as a string (width, fill and precision apply). Defined in compact_string.cpp, so a
/// file that formats one needs only <fmt/core.h>.
template <>
struct fmt::formatter<volpol::k8s::compact_string> : fmt::formatter<fmt::string_view> {
  auto format(const volpol::k8s::compact_string& s, fmt::format_context& ctx) const -> fmt::format_context::iterator;
};
