// string_interner.h (private) — one block for a value many objects repeat.
//
// A 300k-object dump repeats a few values in nearly every object: some 60 namespaces (in each
// pod, PVC and PV claimRef), a few hundred node names (each pod's spec.nodeName), the storage
// class names, a CSI driver, an NFS server. Each was a heap block of its own (sharing them took
// 7 MB off the peak of the bench's 300k plan). The loader makes each distinct value a
// compact_string::shared() once and gives the objects copies, which share its block. One
// interner per thread that builds objects (beside its map_interner, interners.h), so no lock is
// taken; the blocks' reference counts are atomic, so the objects may be destroyed anywhere.
//
// Bounded: when `capacity` distinct values are kept, the interner forgets them all and starts
// again (a dump of unique values costs a lookup each, never unbounded memory).
#pragma once

#include <cstddef>
#include <string_view>
#include <unordered_map>

#include "volpol/detail/compact_string.h"

namespace volpol::k8s::detail {

class string_interner {
 public:
  static constexpr std::size_t capacity = 4096;

  /// A copy of the kept value equal to `s` (sharing its block), after keeping one if none is.
  [[nodiscard]] compact_string intern(std::string_view s) {
    if (s.size() <= compact_string::inline_capacity) return compact_string(s);  // no block to share
    if (const auto it = kept_.find(s); it != kept_.end()) return it->second;
    if (kept_.size() >= capacity) kept_.clear();
    compact_string value = compact_string::shared(s);
    if (!value.is_shared()) return value;       // a well-known value: no block either
    const std::string_view key = value.view();  // the shared block's characters: stable while kept
    return kept_.emplace(key, std::move(value)).first->second;
  }
  /// Makes `s` a copy of the kept value equal to it.
  void intern_in_place(compact_string& s) {
    if (s.is_inline() || s.is_shared() || s.empty() || s.is_well_known()) return;
    s = intern(s.view());
  }

 private:
  std::unordered_map<std::string_view, compact_string> kept_;
};

}  // namespace volpol::k8s::detail
