// compact_string: one heap block [uint32 size][bytes]['\0'], or nothing when empty; a shared
// block has a reference count before it (reference_count.h).
#include "volpol/detail/compact_string.h"

#include "reference_count.h"

#include <fmt/format.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <ostream>

namespace volpol::k8s {

namespace {

// Values of core/v1 enumerations (types.go): PodPhase, PersistentVolumeClaimPhase,
// PersistentVolumePhase, PersistentVolumeMode, PersistentVolumeAccessMode,
// PersistentVolumeReclaimPolicy.
constexpr std::array<std::string_view, 18> known_values = {"Pending",      "Running",       "Succeeded",
                                                           "Failed",       "Unknown",       "Bound",
                                                           "Lost",         "Available",     "Released",
                                                           "Filesystem",   "Block",         "Retain",
                                                           "Delete",       "Recycle",       "ReadWriteOnce",
                                                           "ReadOnlyMany", "ReadWriteMany", "ReadWriteOncePod"};

// Each value in a compact_string's layout: [uint32 size][bytes]['\0'].
struct alignas(std::uint32_t) known_block {
  std::uint32_t size;
  std::array<char, 20> text;
};

constexpr std::array<known_block, known_values.size()> make_table() {
  std::array<known_block, known_values.size()> t{};
  for (std::size_t i = 0; i < known_values.size(); ++i) {
    t[i].size = static_cast<std::uint32_t>(known_values[i].size());
    for (std::size_t j = 0; j < known_values[i].size(); ++j) t[i].text[j] = known_values[i][j];
  }
  return t;
}

constexpr std::array<known_block, known_values.size()> known_table = make_table();
static_assert(offsetof(known_block, text) == sizeof(std::uint32_t));

/// The table's block for `s`, or nullptr.
const known_block* find_known(std::string_view s) noexcept {
  if (s.size() < 4 || s.size() > 16) return nullptr;
  for (const known_block& b : known_table)
    if (b.size == s.size() && std::memcmp(b.text.data(), s.data(), s.size()) == 0) return &b;
  return nullptr;
}

/// The reference count before a shared block (the pointer points at its size; reference_count.h).
std::uint32_t& references(char* block) noexcept {
  return *std::launder(reinterpret_cast<std::uint32_t*>(block - sizeof(std::uint32_t)));
}

/// A heap block [`header` bytes][uint32 size][bytes]['\0'] holding `s`; returns where the size
/// is (the block's pointer, for compact_string), the header left for the caller to fill.
char* new_block(std::string_view s, std::size_t header) {
  const auto n = static_cast<std::uint32_t>(s.size());
  char* base = static_cast<char*>(std::malloc(header + sizeof n + s.size() + 1));
  if (base == nullptr) throw std::bad_alloc();
  char* block = base + header;
  std::memcpy(block, &n, sizeof n);
  std::memcpy(block + sizeof n, s.data(), s.size());
  block[sizeof n + s.size()] = '\0';
  return block;
}

bool in_table(const char* p) noexcept {
  const auto at = reinterpret_cast<std::uintptr_t>(p);
  const auto begin = reinterpret_cast<std::uintptr_t>(known_table.data());
  return at >= begin && at < begin + sizeof known_table;
}

}  // namespace

std::span<const std::string_view> well_known_values() noexcept { return known_values; }

compact_string::~compact_string() { release(); }

void compact_string::release() noexcept {
  if (is_inline()) return;
  char* b = block();
  if (is_shared()) {
    if (detail::drop_reference(references(b))) std::free(b - sizeof(std::uint32_t));
    return;
  }
  if (!in_table(b)) std::free(b);
}

// A copy shares a shared() block unless its count is saturated (reference_count.h): then the
// copy gets an owned block of its own, like any other copy.
compact_string::compact_string(const compact_string& o) {
  if (o.is_shared() && detail::add_reference(references(o.block()))) std::memcpy(raw_, o.raw_, sizeof raw_);
  else assign(o.view());
}

compact_string& compact_string::operator=(const compact_string& o) {
  if (this == &o) return *this;
  if (o.is_shared() && detail::add_reference(references(o.block()))) {  // before release: o may share this block
    release();
    std::memcpy(raw_, o.raw_, sizeof raw_);
  } else {
    assign(o.view());
  }
  return *this;
}

compact_string compact_string::shared(std::string_view s) {
  compact_string out;
  if (s.size() <= inline_capacity || find_known(s) != nullptr) {
    out.assign(s);
    return out;
  }
  char* block = new_block(s, sizeof(std::uint32_t));
  references(block) = 1;
  const std::uintptr_t tagged = reinterpret_cast<std::uintptr_t>(block) | shared_tag;
  std::memcpy(out.raw_, &tagged, sizeof tagged);
  return out;
}

bool compact_string::is_well_known() const noexcept { return !is_inline() && block() != nullptr && in_table(block()); }

void compact_string::clear() noexcept {
  release();
  std::memset(raw_, 0, sizeof raw_);
}

void compact_string::assign(std::string_view s) {
  if (s.empty()) return clear();
  if (const known_block* b = find_known(s)) {
    release();  // `s` may view this very string: the table's copy stays
    set_block(reinterpret_cast<const char*>(b));
    return;
  }
  if (s.size() <= inline_capacity) {
    unsigned char in[sizeof raw_] = {};  // built aside: `s` may view this very string
    in[0] = static_cast<unsigned char>(s.size() * 2 + 1);
    std::memcpy(in + 1, s.data(), s.size());
    release();
    std::memcpy(raw_, in, sizeof raw_);
    return;
  }
  char* block = new_block(s, 0);
  release();  // after the copy: `s` may view this very string
  set_block(block);
}

std::ostream& operator<<(std::ostream& out, const compact_string& s) { return out << s.view(); }

}  // namespace volpol::k8s

auto fmt::formatter<volpol::k8s::compact_string>::format(const volpol::k8s::compact_string& s,
                                                         fmt::format_context& ctx) const
    -> fmt::format_context::iterator {
  return fmt::formatter<fmt::string_view>::format(fmt::string_view(s.data(), s.size()), ctx);
}
