// string_map: a sorted Go map[string]string in one block.
#include "volpol/detail/string_map.h"

#include "reference_count.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <limits>
#include <numeric>
#include <stdexcept>

namespace volpol::k8s {
namespace {

constexpr std::size_t max_chars = std::numeric_limits<std::uint32_t>::max();

std::uint32_t checked_size(std::size_t n) {
  if (n > max_chars) throw std::length_error("string_map: more than 4 GiB of keys and values");
  return static_cast<std::uint32_t>(n);
}

/// Sorts `entries` by key (stable) and keeps the last of each run of equal keys, as a Go map
/// decoded from JSON keeps the last.
void sort_unique(std::vector<string_map::item>& entries) {
  const auto key_less = [](const string_map::item& a, const string_map::item& b) { return a.first < b.first; };
  const auto same_key = [](const string_map::item& a, const string_map::item& b) { return a.first == b.first; };
  if (std::is_sorted(entries.begin(), entries.end(), key_less) &&
      std::adjacent_find(entries.begin(), entries.end(), same_key) == entries.end())
    return;  // the common case: JSON from the API server has sorted, unique keys
  std::stable_sort(entries.begin(), entries.end(), key_less);
  std::size_t kept = 0;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (i + 1 < entries.size() && entries[i + 1].first == entries[i].first) continue;
    entries[kept++] = entries[i];
  }
  entries.resize(kept);
}

/// A block of `words` words after its reference count (1): copies of a map share the block
/// (string_map.h, reference_count.h).
std::uint32_t* allocate_block(std::size_t words) {
  auto* counted = new std::uint32_t[words + 1];
  counted[0] = 1;
  return counted + 1;
}

void release_block(std::uint32_t* block) noexcept {
  if (block != nullptr && detail::drop_reference(block[-1])) delete[](block - 1);
}

/// Sorts `entries` (sort_unique), then allocates and fills their block (nullptr when none).
std::uint32_t* make_block(std::vector<string_map::item>& entries) {
  sort_unique(entries);
  if (entries.empty()) return nullptr;
  std::size_t chars = 0;
  for (const auto& e : entries) chars += e.first.size() + e.second.size();
  const std::uint32_t n = checked_size(entries.size());
  checked_size(chars);
  const std::size_t words = 1 + (2 * std::size_t{n} + 1) + (chars + 3) / 4;
  std::uint32_t* block = allocate_block(words);
  block[words - 1] = 0;  // the padding after the characters: blocks compare with memcmp
  block[0] = n;
  std::uint32_t* off = block + 1;
  char* out = reinterpret_cast<char*>(off + 2 * std::size_t{n} + 1);
  std::uint32_t at = 0;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    // (An empty default string_view has a null data(): memcpy must not see it, even for 0 bytes.)
    off[2 * i] = at;
    if (!entries[i].first.empty()) std::memcpy(out + at, entries[i].first.data(), entries[i].first.size());
    at += static_cast<std::uint32_t>(entries[i].first.size());
    off[2 * i + 1] = at;
    if (!entries[i].second.empty()) std::memcpy(out + at, entries[i].second.data(), entries[i].second.size());
    at += static_cast<std::uint32_t>(entries[i].second.size());
  }
  off[2 * std::size_t{n}] = at;
  return block;
}

}  // namespace

void string_map::builder::add(std::string_view key, std::string_view value) {
  const std::uint32_t key_at = checked_size(chars_.size());
  chars_.append(key);
  const std::uint32_t value_at = checked_size(chars_.size());
  chars_.append(value);
  checked_size(chars_.size());
  spans_.push_back(
      {key_at, static_cast<std::uint32_t>(key.size()), value_at, static_cast<std::uint32_t>(value.size())});
}

string_map string_map::builder::build() const {
  std::vector<item> entries;
  entries.reserve(spans_.size());
  for (const span& s : spans_)
    entries.push_back({std::string_view(chars_).substr(s.key_at, s.key_size),
                       std::string_view(chars_).substr(s.value_at, s.value_size)});
  string_map m;
  m.block_ = make_block(entries);
  return m;
}

string_map::string_map(const std::vector<entry>& entries) {
  std::vector<item> views;
  views.reserve(entries.size());
  for (const entry& e : entries) views.push_back({e.first, e.second});
  block_ = make_block(views);
}

std::size_t string_map::words() const noexcept {
  if (block_ == nullptr) return 0;
  const std::size_t n = block_[0];
  return 1 + (2 * n + 1) + (std::size_t{block_[1 + 2 * n]} + 3) / 4;
}

string_map::string_map(const string_map& other) {
  if (other.block_ == nullptr) return;
  // Share the block (it never changes once made), unless it has as many references as the
  // count holds: then this copy takes a block of its own.
  if (detail::add_reference(other.block_[-1])) {
    block_ = other.block_;
    return;
  }
  const std::size_t w = other.words();
  block_ = allocate_block(w);
  std::memcpy(block_, other.block_, w * sizeof(std::uint32_t));
}

string_map& string_map::operator=(const string_map& other) {
  if (this != &other) {
    string_map copy(other);
    std::swap(block_, copy.block_);
  }
  return *this;
}

string_map::~string_map() { release_block(block_); }

std::size_t string_map::hash() const noexcept {
  return std::hash<std::string_view>{}(
      std::string_view(reinterpret_cast<const char*>(block_), words() * sizeof(std::uint32_t)));
}

bool string_map::shares_block_with(const string_map& other) const noexcept {
  return block_ != nullptr && block_ == other.block_;
}

string_map::found string_map::find(std::string_view key) const noexcept {
  if (block_ == nullptr) return std::nullopt;
  const std::size_t n = block_[0];
  // Most maps (labels, kept annotations) hold a few entries: a scan that compares sizes
  // first does almost no memcmp; larger maps are searched (they are sorted by key).
  if (n <= 8) {
    const std::uint32_t* off = block_ + 1;
    for (std::size_t i = 0; i < n; ++i)
      if (off[2 * i + 1] - off[2 * i] == key.size() && text(2 * i) == key) return text(2 * i + 1);
    return std::nullopt;
  }
  std::size_t lo = 0;
  std::size_t hi = n;
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    if (text(2 * mid) < key) lo = mid + 1;
    else hi = mid;
  }
  if (lo < n && text(2 * lo) == key) return text(2 * lo + 1);
  return std::nullopt;
}

void string_map::set(std::string_view key, std::string_view val) {
  // The new entry goes last, so it wins over an old one of the same key (sort_unique). The
  // views point into this block: the new one is made before the old one is freed.
  std::vector<item> entries(begin(), end());
  entries.push_back({key, val});
  std::uint32_t* block = make_block(entries);
  release_block(block_);  // other copies keep the old block
  block_ = block;
}

bool operator==(const string_map& a, const string_map& b) noexcept {
  const std::size_t w = a.words();
  return w == b.words() && (w == 0 || std::memcmp(a.block_, b.block_, w * sizeof(std::uint32_t)) == 0);
}

}  // namespace volpol::k8s
