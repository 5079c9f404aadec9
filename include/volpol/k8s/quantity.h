// volpol/k8s/quantity.h — Kubernetes `resource.Quantity`, exactly.
//
// Mirrors k8s.io/apimachinery/pkg/api/resource (quantity.go: ParseQuantity, Cmp,
// String/CanonicalizeBytes; amount.go; scale_int.go). Exact arithmetic, no floating
// point: values beyond int64 and up to the format's limits compare exactly.
//
//     auto q = quantity::parse("1.5Gi");     // 1610612736 bytes
//     q.value().to_string();                 // "1536Mi"  (canonical form)
//     quantity::parse("1Gi").value().compare(quantity::parse("1G").value());  // 1
#pragma once

#include <compare>
#include <cstdint>
#include <string>
#include <string_view>

#include "volpol/k8s/diagnostic.h"

namespace volpol::k8s {

/// The suffix family a quantity was written in; it decides the canonical form.
enum class quantity_format : std::uint8_t {
  decimal_si,        ///< "", m, k, M, G, T, P, E (and u, n)
  binary_si,         ///< Ki, Mi, Gi, Ti, Pi, Ei
  decimal_exponent,  ///< e3, E6 ...
};

class quantity {
 public:
  /// Zero, DecimalSI (what Velero uses for an empty capacity side).
  quantity() = default;

  /// Parses a quantity string exactly as `resource.ParseQuantity` does: optional sign,
  /// digits with an optional fraction, then a suffix; precision finer than 1n is rounded
  /// up (away from zero? as Kubernetes does); no surrounding spaces accepted.
  /// @return the quantity, or a diagnostic naming the input (`quantities must match the
  ///         regular expression ...` / `unable to parse quantity's suffix`).
  [[nodiscard]] static result<quantity> parse(std::string_view text);

  /// -1, 0, 1: this compared with `other`, exactly. Mirrors `Quantity.Cmp`.
  [[nodiscard]] int compare(const quantity& other) const;
  [[nodiscard]] bool is_zero() const;
  [[nodiscard]] int sign() const;
  [[nodiscard]] quantity_format format() const { return format_; }

  /// Canonical string, as `Quantity.String()` gives it ("1536Mi", "1500m", "1e3").
  [[nodiscard]] std::string to_string() const;

  /// The value in whole units (bytes for capacities), rounded up, saturating at the
  /// int64 limits. Mirrors `Quantity.Value()`.
  [[nodiscard]] std::int64_t value() const;

  friend bool operator==(const quantity& a, const quantity& b) { return a.compare(b) == 0; }
  friend std::strong_ordering operator<=>(const quantity& a, const quantity& b) {
    const int c = a.compare(b);
    return c < 0 ? std::strong_ordering::less
                 : (c > 0 ? std::strong_ordering::greater : std::strong_ordering::equal);
  }

 private:
  // Representation: the value is (negative ? -1 : 1) * digits * 10^exponent, where
  // `digits` is a decimal digit string without leading zeros ("" = zero). Exact for any
  // size; the common case (short digit strings) stays in the small-string buffer.
  std::string digits_;
  std::int32_t exponent_ = 0;
  bool negative_ = false;
  quantity_format format_ = quantity_format::decimal_si;
};

}  // namespace volpol::k8s
