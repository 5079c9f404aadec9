// volpol/detail/compact_string.h — an immutable-size string in 8 bytes, for the many fields of
// the loaded objects that are usually empty (a pod volume has ~10 possible source details,
// one or none set). std::string takes 32 bytes even when empty; at 300k objects the difference
// is most of the loader's memory.
//
// The values of Kubernetes' enumerations (status.phase, volumeMode, accessModes,
// persistentVolumeReclaimPolicy: well_known_values) take no heap block at all: such a string
// points at the one static copy of its value. Other values of up to 6 characters ("config",
// "data", "tmp", "gp3") are kept inside the 8 bytes, as std::string keeps short strings: their
// characters move with the string (a view of one is valid while the string stays where it
// is). Every longer value has a heap block of its own, or, made by shared(), one whose
// copies share it: a value many objects repeat (a namespace, a node name, a CSI driver), which
// the loader makes shared once and copies (k8s/loader/string_interner.h).
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

#include <bit>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "volpol/detail/zstring_view.h"

namespace volpol::k8s {

class compact_string {
 public:
  compact_string() noexcept = default;
  compact_string(std::string_view s) { assign(s); }                              // NOLINT
  compact_string(const char* s) : compact_string(std::string_view(s)) {}         // NOLINT
  compact_string(const std::string& s) : compact_string(std::string_view(s)) {}  // NOLINT
  /// A copy of a shared() string shares its block; any other copy has its own.
  compact_string(const compact_string& o);
  compact_string(compact_string&& o) noexcept {
    std::memcpy(raw_, o.raw_, sizeof raw_);
    std::memset(o.raw_, 0, sizeof o.raw_);
  }
  ~compact_string();

  compact_string& operator=(const compact_string& o);
  compact_string& operator=(compact_string&& o) noexcept {
    std::swap(raw_, o.raw_);
    return *this;
  }
  compact_string& operator=(std::string_view s) {
    assign(s);
    return *this;
  }
  compact_string& operator=(const char* s) { return *this = std::string_view(s); }
  compact_string& operator=(const std::string& s) { return *this = std::string_view(s); }

  [[nodiscard]] std::string_view view() const noexcept { return std::string_view(c_str(), size()); }
  operator std::string_view() const noexcept { return view(); }  // NOLINT
  operator std::string() const { return std::string(view()); }   // NOLINT
  /// A view of c_str(): valid while this string lives unchanged and unmoved.
  operator zstring_view() const noexcept { return zstring_view(c_str()); }  // NOLINT
  [[nodiscard]] std::string str() const { return std::string(view()); }

  [[nodiscard]] bool empty() const noexcept { return !is_inline() && block() == nullptr; }
  [[nodiscard]] std::size_t size() const noexcept {  // inline: every view() and comparison asks it
    if (is_inline()) return raw_[0] >> 1U;
    const char* b = block();
    if (b == nullptr) return 0;
    std::uint32_t n = 0;
    std::memcpy(&n, b, sizeof n);
    return n;
  }
  [[nodiscard]] std::size_t length() const noexcept { return size(); }
  /// NUL-terminated, "" when empty.
  [[nodiscard]] const char* c_str() const noexcept {
    if (is_inline()) return reinterpret_cast<const char*>(raw_ + 1);
    const char* b = block();
    return b != nullptr ? b + sizeof(std::uint32_t) : "";
  }
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
  /// A string whose copies share one heap block (its reference count is atomic: copies may
  /// be made and destroyed on several threads). A value without a block of its own (empty,
  /// inline, well-known) is returned as is. Throws std::bad_alloc as the constructors do.
  [[nodiscard]] static compact_string shared(std::string_view s);
  /// Made by shared() (or a copy of one): copies share the block.
  [[nodiscard]] bool is_shared() const noexcept { return !is_inline() && (raw_[0] & shared_tag) != 0; }
  /// The value is kept inside the string's 8 bytes (1 to inline_capacity characters).
  [[nodiscard]] bool is_inline() const noexcept { return (raw_[0] & 1U) != 0; }
  static constexpr std::size_t inline_capacity = 6;

  friend bool operator==(const compact_string& a, const compact_string& b) noexcept {
    // Copies of one shared() value (a namespace, a node name) hold the same pointer.
    return std::memcmp(a.raw_, b.raw_, sizeof a.raw_) == 0 || a.view() == b.view();
  }
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
  /// The pointer's tag bit for a shared block (blocks are 4-aligned: bits 0 and 1 are free).
  static constexpr unsigned char shared_tag = 2;
  [[nodiscard]] char* block() const noexcept {
    std::uintptr_t p = 0;
    std::memcpy(&p, raw_, sizeof p);
    return reinterpret_cast<char*>(p & ~std::uintptr_t{3});
  }
  void set_block(const char* p) noexcept { std::memcpy(raw_, &p, sizeof p); }
  /// Either a pointer (all zero for ""): to [uint32 size][bytes]['\0'] on the heap, or to the
  /// same layout in the static table of well-known values (never written, never freed); both
  /// are aligned, so the pointer's low byte (raw_[0] on a little-endian machine) is even.
  /// A shared block has the same layout after a uint32 reference count, and its pointer (to
  /// the size, as for the others) carries shared_tag.
  /// Or inline: raw_[0] = size * 2 + 1, then the characters and a NUL.
  alignas(char*) unsigned char raw_[sizeof(char*)] = {};
  static_assert(std::endian::native == std::endian::little,
                "compact_string's inline form reads the pointer's low byte");
};

std::ostream& operator<<(std::ostream& out, const compact_string& s);

/// The values a compact_string holds without a heap block, in the table's order: the phases
/// of pods, PersistentVolumeClaims and PersistentVolumes, the volume modes, access modes and
/// reclaim policies (core/v1 types.go).
[[nodiscard]] std::span<const std::string_view> well_known_values() noexcept;

}  // namespace volpol::k8s

/// Formats as a string (width, fill and precision apply). Defined in compact_string.cpp, so a
/// file that formats one needs only <fmt/core.h>.
template <>
struct fmt::formatter<volpol::k8s::compact_string> : fmt::formatter<fmt::string_view> {
  auto format(const volpol::k8s::compact_string& s, fmt::format_context& ctx) const -> fmt::format_context::iterator;
};
