// volpol/detail/deep_ptr.h — a std::unique_ptr that copies what it points to: for a member that
// is usually absent and kept behind one pointer to save memory, in a type that must still copy
// as a value (lazy_vector.h; k8s::volume_sources' nfs and csi details).
#pragma once

#include <memory>
#include <utility>

namespace volpol {

/// Owns a T or nothing (8 bytes). A copy copies the T (or is empty); a move moves the pointer.
template <class T>
class deep_ptr {
 public:
  deep_ptr() noexcept = default;
  deep_ptr(const deep_ptr& o) : p_(o.p_ ? std::make_unique<T>(*o.p_) : nullptr) {}
  deep_ptr(deep_ptr&&) noexcept = default;
  deep_ptr& operator=(const deep_ptr& o) {
    if (this != &o) p_ = o.p_ ? std::make_unique<T>(*o.p_) : nullptr;
    return *this;
  }
  deep_ptr& operator=(deep_ptr&&) noexcept = default;
  ~deep_ptr() = default;

  [[nodiscard]] explicit operator bool() const noexcept { return p_ != nullptr; }
  [[nodiscard]] T* get() const noexcept { return p_.get(); }
  [[nodiscard]] T& operator*() const noexcept { return *p_; }
  [[nodiscard]] T* operator->() const noexcept { return p_.get(); }
  /// The T, made (value-initialised) on the first call.
  T& get_or_make() {
    if (!p_) p_ = std::make_unique<T>();
    return *p_;
  }
  void reset() noexcept { p_.reset(); }

 private:
  std::unique_ptr<T> p_;
};

}  // namespace volpol
