// volpol/core/result.h — a value or the diagnostic that explains why there is none.
//
// Every fallible function of every layer returns a `result<T>`; nothing throws across a
// public API.
#pragma once

#include <utility>
#include <variant>

#include "volpol/core/diagnostic.h"

namespace volpol {

/// A value or the diagnostic that explains why there is none. The caller must look:
///
///     auto q = quantity::parse("10Gi");
///     if (const diagnostic* e = q.error()) return *e;   // pass it up
///     use(q.value());
template <class T>
class [[nodiscard]] result {
 public:
  result(T value) : v_(std::in_place_index<0>, std::move(value)) {}           // NOLINT
  result(diagnostic error) : v_(std::in_place_index<1>, std::move(error)) {}  // NOLINT

  [[nodiscard]] bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  /// The error, or nullptr when there is a value.
  [[nodiscard]] const diagnostic* error() const { return std::get_if<1>(&v_); }
  /// The value; precondition: ok().
  [[nodiscard]] const T& value() const& { return std::get<0>(v_); }
  [[nodiscard]] T& value() & { return std::get<0>(v_); }
  [[nodiscard]] T&& value() && { return std::get<0>(std::move(v_)); }
  const T* operator->() const { return &value(); }
  const T& operator*() const { return value(); }

 private:
  std::variant<T, diagnostic> v_;
};

/// result<void>: success or a diagnostic.
template <>
class [[nodiscard]] result<void> {
 public:
  result() = default;
  result(diagnostic error) : err_(std::move(error)), failed_(true) {}  // NOLINT
  [[nodiscard]] bool ok() const { return !failed_; }
  explicit operator bool() const { return ok(); }
  [[nodiscard]] const diagnostic* error() const { return failed_ ? &err_ : nullptr; }

 private:
  diagnostic err_;
  bool failed_ = false;
};

}  // namespace volpol
