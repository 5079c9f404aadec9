// volpol/detail/flat_index.h — an open-addressing hash index from keys to positions in a
// sequence the caller keeps (the cluster's objects), and flat_hash_map, the same index over a
// vector of its own (the backup walk's trackers).
//
// The index stores (hash tag, position) pairs only, 8 bytes a slot; keys are compared through a
// callback that reads them from the caller's own entries, so no key is copied and nothing is
// allocated per insert. Positions stay valid when the caller's vector reallocates. Why not a
// std::unordered_map: one allocation per entry, and libstdc++ does not keep the hash of an
// entry whose hash functor it deems fast, so walking a bucket hashes the keys of other entries
// again (reading their texts: cache misses once the table outgrows the cache).
//
//     std::vector<std::string> names;
//     volpol::flat_index index;
//     const std::uint64_t h = volpol::key_hash("team-a", "data-0");
//     if (index.find(h, [&](std::uint32_t i) { return names[i] == "team-a/data-0"; }) == flat_index::npos) {
//       index.insert(h, static_cast<std::uint32_t>(names.size()));
//       names.push_back("team-a/data-0");
//     }
//
// Not thread-safe for writes; concurrent find() calls are fine. No errors: insert() throws
// std::bad_alloc only, and std::length_error past 2^31 entries (positions are 32-bit).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string_view>
#include <utility>
#include <vector>

namespace volpol {

/// Hash of a (namespace, name) pair, unambiguous: ("a/b", "c") != ("a", "b/c").
[[nodiscard]] inline std::uint64_t key_hash(std::string_view a, std::string_view b = {}) {
  const std::uint64_t h1 = std::hash<std::string_view>{}(a);
  const std::uint64_t h2 = std::hash<std::string_view>{}(b);
  return h1 ^ (h2 + 0x9e3779b97f4a7c15ULL + (h1 << 6) + (h1 >> 2));
}

class flat_index {
 public:
  static constexpr std::uint32_t npos = UINT32_MAX;

  /// The position stored under `hash` for which `same(position)` holds, or npos.
  template <class Same>
  [[nodiscard]] std::uint32_t find(std::uint64_t hash, Same&& same) const {
    if (slots_.empty()) return npos;
    const std::uint32_t tag = tag_of(hash);
    for (std::size_t i = hash & mask_;; i = (i + 1) & mask_) {
      const slot& s = slots_[i];
      if (s.index == npos) return npos;
      if (s.tag == tag && same(s.index)) return s.index;
    }
  }

  /// Stores position `index` (< npos) under `hash` (the caller has checked that the key is not
  /// there yet).
  void insert(std::uint64_t hash, std::uint32_t index) {
    if (size_ >= max_size) throw std::length_error("flat_index: more than 2^31 entries");
    if ((size_ + 1) * 4 > slots_.size() * 3) grow();
    place(hash & mask_, slot{tag_of(hash), index});
    ++size_;
  }

  /// Room for `n` entries without growing (a table sized once: no re-placing as it fills).
  void reserve(std::size_t n) {
    while (slots_.size() * 3 < 4 * std::min(n, max_size)) grow();
  }

  void clear() {
    slots_.clear();
    mask_ = 0;
    size_ = 0;
  }
  [[nodiscard]] std::size_t size() const { return size_; }

 private:
  static constexpr std::size_t max_size = std::size_t{1} << 31;
  // 8 bytes a slot, not 16, and at most 3/4 of the slots used (2 MB for the 141k pods of a
  // 300k-object dump, not 4 at 1/2 or 8 with 16-byte slots; a probe stays within one or two
  // cache lines of slots, and most probes end at the first slot). The tag is the hash's low 32 bits: growing re-places
  // a slot from it (tables stay below 2^32 slots), and its bits above the slot number (13 or more at a million slots)
  // tell most keys of a probe apart before `same` reads an object.
  struct slot {
    std::uint32_t tag = 0;
    std::uint32_t index = npos;
  };
  static_assert(sizeof(slot) == 8);
  static std::uint32_t tag_of(std::uint64_t hash) { return static_cast<std::uint32_t>(hash); }

  void place(std::size_t i, slot s) {
    while (slots_[i].index != npos) i = (i + 1) & mask_;
    slots_[i] = s;
  }

  void grow() {
    std::vector<slot> old = std::move(slots_);
    const std::size_t n = old.empty() ? 16 : old.size() * 2;
    slots_.assign(n, slot{});
    mask_ = n - 1;
    for (const slot& s : old)
      if (s.index != npos) place(s.tag & mask_, s);
  }

  std::vector<slot> slots_;
  std::size_t mask_ = 0;
  std::size_t size_ = 0;
};

/// A hash map over flat_index: the entries (key, value) in one vector, in the order they were
/// added, and the table holding their positions. For a caller whose values are few bytes and
/// many (the backup walk's trackers): no allocation per entry, one probe per lookup.
///
///   Key    copyable; what `Hash` and `Equal` read (views are fine: they must outlive the map)
///   Hash   `std::size_t operator()(const Key&)`, 64 bits used
///   Equal  `bool operator()(const Key&, const Key&)`
///
/// References to values stay valid until the next entry is added (the vector may move them);
/// reserve() first to keep them. Errors: operator[] throws std::bad_alloc, or std::length_error
/// past 2^31 entries; the map is unchanged then.
template <class Key, class Value, class Hash, class Equal = std::equal_to<Key>>
class flat_hash_map {
 public:
  /// The value stored under `key`, or null.
  [[nodiscard]] const Value* find(const Key& key) const {
    const std::uint32_t at = position(key, Hash{}(key));
    return at == flat_index::npos ? nullptr : &entries_[at].second;
  }
  /// The value stored under `key`, added value-initialised when absent (as std::unordered_map).
  Value& operator[](const Key& key) {
    const std::uint64_t hash = Hash{}(key);
    if (const std::uint32_t at = position(key, hash); at != flat_index::npos) return entries_[at].second;
    entries_.emplace_back(key, Value{});
    try {
      index_.insert(hash, static_cast<std::uint32_t>(entries_.size() - 1));
    } catch (...) {
      entries_.pop_back();
      throw;
    }
    return entries_.back().second;
  }
  /// Room for `n` entries without growing the table or moving the values.
  void reserve(std::size_t n) {
    index_.reserve(n);
    entries_.reserve(n);
  }
  [[nodiscard]] std::size_t size() const { return entries_.size(); }

 private:
  [[nodiscard]] std::uint32_t position(const Key& key, std::uint64_t hash) const {
    return index_.find(hash, [&](std::uint32_t i) { return Equal{}(entries_[i].first, key); });
  }
  flat_index index_;
  std::vector<std::pair<Key, Value>> entries_;
};

}  // namespace volpol
