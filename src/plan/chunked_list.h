// src/plan/chunked_list.h (private to the plan layer) — a list that appends in place (the
// addresses of its elements never change) and hands its elements over in order, freeing as
// it goes: the walk's volume entries (item_backupper.h), which its indexes point to.
//
// std::deque keeps addresses too, but libstdc++ gives an element of more than 512 bytes a
// block of its own: one allocation per element and a map of block pointers, ~2 MB of a
// 66k-volume plan. Here elements sit in chunks of `chunk` elements, one allocation each.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace volpol::plan::detail {

template <class T, std::size_t chunk = 256>
class chunked_list {
 public:
  /// A new element at the end, made from `args`; its address stays valid until drain().
  template <class... Args>
  T& emplace_back(Args&&... args) {
    if (chunks_.empty() || chunks_.back().size() == chunk) {
      chunks_.emplace_back();
      chunks_.back().reserve(chunk);  // never grows past this: no element moves
    }
    return chunks_.back().emplace_back(std::forward<Args>(args)...);
  }
  [[nodiscard]] std::size_t size() const {
    return chunks_.empty() ? 0 : (chunks_.size() - 1) * chunk + chunks_.back().size();
  }

  /// Calls f(element) for every element, in order.
  template <class F>
  void for_each(F&& f) {
    for (std::vector<T>& c : chunks_)
      for (T& x : c) f(x);
  }

  /// Calls f(element) for every element, in order, freeing each chunk once it is done; the
  /// list is empty afterwards.
  template <class F>
  void drain(F&& f) {
    for (std::vector<T>& c : chunks_) {
      for (T& x : c) f(x);
      std::vector<T>().swap(c);
    }
    chunks_.clear();
  }

 private:
  std::vector<std::vector<T>> chunks_;  // moving a chunk's vector keeps its elements in place
};

}  // namespace volpol::plan::detail
