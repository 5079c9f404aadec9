// flat_index.h (private) — an open-addressing hash index from keys to object indexes.
//
// The index stores (hash tag, index) pairs only; keys are compared through a callback that reads
// them from the objects themselves, so no key is copied and nothing is allocated per insert.
// Indexes stay valid when the objects' vector reallocates.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

namespace volpol::k8s::detail {

/// Hash of a (namespace, name) pair, unambiguous: ("a/b", "c") != ("a", "b/c").
[[nodiscard]] inline std::uint64_t key_hash(std::string_view a, std::string_view b = {}) {
  const std::uint64_t h1 = std::hash<std::string_view>{}(a);
  const std::uint64_t h2 = std::hash<std::string_view>{}(b);
  return h1 ^ (h2 + 0x9e3779b97f4a7c15ULL + (h1 << 6) + (h1 >> 2));
}

class flat_index {
 public:
  static constexpr std::uint32_t npos = UINT32_MAX;

  /// The index stored under `hash` for which `same(index)` holds, or npos.
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

  /// Stores `index` under `hash` (the caller has checked that the key is not there yet).
  void insert(std::uint64_t hash, std::uint32_t index) {
    if ((size_ + 1) * 2 > slots_.size()) grow();
    place(hash & mask_, slot{tag_of(hash), index});
    ++size_;
  }

  void clear() {
    slots_.clear();
    mask_ = 0;
    size_ = 0;
  }
  [[nodiscard]] std::size_t size() const { return size_; }

 private:
  // 8 bytes a slot, not 16 (at most half of the slots are used: 4 MB for the 141k pods of
  // a 300k-object dump, not 8). The tag is the hash's low 32 bits: growing re-places a slot
  // from it (tables stay below 2^32 slots), and its bits above the slot number (13 or more
  // at a million slots) tell most keys of a probe apart before `same` reads an object.
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

}  // namespace volpol::k8s::detail
