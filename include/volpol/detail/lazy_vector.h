// volpol/detail/lazy_vector.h — a vector held by one pointer: nothing allocated (and 8 bytes)
// while it is empty. For members that are almost always empty in large arrays: a plan's
// 64k records each have a list of errors and, only when traced, a list of steps.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "volpol/detail/deep_ptr.h"

namespace volpol {

/// The read and append subset of std::vector<T>: size, empty, [], front, back, iteration,
/// push_back, emplace_back, clear. Copies copy the elements; moves move the pointer.
template <class T>
class lazy_vector {
 public:
  [[nodiscard]] bool empty() const { return !v_ || v_->empty(); }
  [[nodiscard]] std::size_t size() const { return v_ ? v_->size() : 0; }
  [[nodiscard]] const T& operator[](std::size_t i) const { return (*v_)[i]; }
  [[nodiscard]] T& operator[](std::size_t i) { return (*v_)[i]; }
  [[nodiscard]] const T& front() const { return v_->front(); }
  [[nodiscard]] const T& back() const { return v_->back(); }
  [[nodiscard]] T& back() { return v_->back(); }
  [[nodiscard]] const T* begin() const { return v_ ? v_->data() : nullptr; }
  [[nodiscard]] const T* end() const { return v_ ? v_->data() + v_->size() : nullptr; }
  [[nodiscard]] T* begin() { return v_ ? v_->data() : nullptr; }
  [[nodiscard]] T* end() { return v_ ? v_->data() + v_->size() : nullptr; }
  void push_back(const T& x) { v_.get_or_make().push_back(x); }
  void push_back(T&& x) { v_.get_or_make().push_back(std::move(x)); }
  template <class... Args>
  T& emplace_back(Args&&... args) {
    return v_.get_or_make().emplace_back(std::forward<Args>(args)...);
  }
  void clear() { v_.reset(); }

 private:
  deep_ptr<std::vector<T>> v_;
};

}  // namespace volpol
