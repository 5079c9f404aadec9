// volpol/k8s/quantity.h — Kubernetes `resource.Quantity`, exactly.
//
// Mirrors k8s.io/apimachinery/pkg/api/resource (quantity.go: ParseQuantity,
// parseQuantityString, Cmp, String/CanonicalizeBytes; amount.go; scale_int.go; suffix.go).
// Exact arithmetic, no floating point: values beyond int64 (decimal quantities are not
// capped) keep every digit and compare exactly across formats.
//
//     auto q = quantity::parse("1.5Gi");     // 1.5 * 2^30 = 1610612736 bytes
//     q.value().to_string();                 // "1536Mi"  (canonical form)
//     q.value().value();                     // 1610612736
//     quantity::parse("1Gi").value().compare(quantity::parse("1G").value());  // 1
//
// Grammar (quantity.go): an optional sign, digits with an optional fraction ("1.", ".5"
// and even "" or "." are numbers: zero), then a suffix:
//   decimal SI   n u m "" k M G T P E   (10^-9 ... 10^18)
//   binary SI    Ki Mi Gi Ti Pi Ei      (2^10 ... 2^60)
//   exponent     e<int> or E<int>       ("1e3", "1E-3", "1e+3")
// Case matters ("1ki", "1KB" and "1gi" are errors); no spaces anywhere.
#pragma once

#include <compare>
#include <cstdint>
#include <string>
#include <string_view>

#include "volpol/core/result.h"
#include "volpol/detail/compact_string.h"

namespace volpol::k8s {

/// The suffix family a quantity was written in; it decides the canonical form.
enum class quantity_format : std::uint8_t {
  decimal_si,        ///< "", n, u, m, k, M, G, T, P, E
  binary_si,         ///< Ki, Mi, Gi, Ti, Pi, Ei
  decimal_exponent,  ///< e3, E6 ...
};

/// An exact decimal value with the format it was written in (Kubernetes `resource.Quantity`).
/// Copyable value type; up to 6 significant digits allocate nothing.
class quantity {
 public:
  /// Zero, DecimalSI (what Velero uses for an empty capacity side).
  quantity() = default;

  /// Parses a quantity exactly as `resource.ParseQuantity` (quantity.go) does, value and
  /// format included:
  ///   - precision finer than 1n is rounded up, away from zero, to the next nano:
  ///     "0.1n" and "1e-12" are 1n, "-0.1n" is -1n; zero stays zero;
  ///   - a binary SI value is capped, silently, at ±(2^63-1): "8Ei" and "16Ei" are
  ///     9223372036854775807; a binary SI value strictly between -1 and 1 takes the
  ///     decimal SI format ("0.000000000001Ki" is 2n);
  ///   - decimal values are not capped ("1e30", "123456789012345678901234567890");
  ///   - an exponent is read as int64 and then truncated to int32, as suffix.go's
  ///     `int32(parsed)` does ("1e4294967296" is 1), and the scale arithmetic wraps in
  ///     int32 as quantity.go's does. Only exponents outside int32, or within a few
  ///     units of its limits, are affected; on some of those Kubernetes itself takes
  ///     minutes (it writes out 10^(2^31)), volpol answers at once.
  /// Parsing allocates one block when the value has more than 6 significant digits (a
  /// binary capacity such as 10Gi: 1073741824 * 10).
  /// @param text the whole quantity; nothing is trimmed (a space is an error).
  /// @return the quantity, or a diagnostic whose message names `text` and says what was
  ///         expected. Kubernetes' three errors map to these messages:
  ///         ErrFormatWrong: "invalid quantity `1 Gi`: unexpected ` ` at position 2, ..."
  ///                         or "invalid quantity `1KB`: unknown suffix `KB`, ..." (also
  ///                         ErrSuffix), with help "did you mean `Ki` ...?" for a case slip;
  ///         ErrSuffix:      "... exponent `e99999999999999999999` is out of range ..." /
  ///                         "... exponent `e-` is malformed ...";
  ///         ErrNumeric:     "invalid quantity `Pi`: no digits before `Pi`, ...".
  [[nodiscard]] static result<quantity> parse(std::string_view text);

  /// -1, 0, 1: this compared with `other`, exactly, by value (formats do not matter:
  /// 1Gi > 1G, 1024Mi == 1Gi, 1000E == 1e21). Mirrors `Quantity.Cmp`.
  [[nodiscard]] int compare(const quantity& other) const;
  /// True for zero, whatever the format ("0", "-0Gi", "0e3"). Mirrors `Quantity.IsZero`.
  [[nodiscard]] bool is_zero() const { return digits_.empty(); }
  /// -1, 0 or 1. Mirrors `Quantity.Sign`.
  [[nodiscard]] int sign() const { return is_zero() ? 0 : (negative_ ? -1 : 1); }
  /// The format parsing gave (see parse for the binary SI → decimal SI case).
  [[nodiscard]] quantity_format format() const { return format_; }

  /// The canonical string, as `Quantity.CanonicalizeBytes` gives it: no fraction digits,
  /// the largest suffix of the quantity's own family that keeps every digit, the sign
  /// only when negative. "1.5Gi" → "1536Mi", "1.5" → "1500m", "1e14" → "100e12",
  /// "0.05Gi" → "53687091200m" (binary that is not a whole number falls back to decimal
  /// SI, as does binary below 1024: "1.5Ki" → "1536"), "1000E" → "1" (decimal SI has
  /// no suffix above E and apimachinery v0.36 then drops the power of ten, silently: the
  /// string no longer parses back to the value; "1e21" keeps its exponent form), "9Ei" → "9223372036854775807"
  /// (capped), zero → "0". Unlike `Quantity.String()`, which hands back the text it parsed when that text looks
  /// canonical ("+1", "1E6", "1." stay as written), this always canonicalises: "+1" →
  /// "1", "1E6" → "1e6", "1." → "1". Exponents beyond int32 print exactly (Kubernetes'
  /// int32 exponent would wrap).
  [[nodiscard]] std::string to_string() const;

  /// The value in whole units (bytes for capacities), rounded up, away from zero
  /// ("1.5" → 2, "-1.5" → -2, "1n" → 1), saturating at the int64 limits (where
  /// `Quantity.Value()` overflows, undefined). "1.5Gi" → 1610612736.
  /// Mirrors `Quantity.Value()` (ScaledValue(0)).
  [[nodiscard]] std::int64_t value() const;

  friend bool operator==(const quantity& a, const quantity& b) { return a.compare(b) == 0; }
  friend std::strong_ordering operator<=>(const quantity& a, const quantity& b) {
    const int c = a.compare(b);
    return c < 0 ? std::strong_ordering::less : (c > 0 ? std::strong_ordering::greater : std::strong_ordering::equal);
  }

 private:
  // The value is (negative_ ? -1 : 1) * digits_ * 10^exponent_, where `digits_` holds
  // decimal digits without leading or trailing zeros ("" = zero, then exponent_ = 0 and
  // negative_ = false). The representation is unique, so comparing and printing work on
  // it directly. After parsing, exponent_ >= -9 (nano). A compact string (compact_string.h):
  // up to 6 significant digits in place, more in a block of their own ("10Gi" is 1073741824
  // * 10); 24 bytes a quantity, not 48 (a PVC holds two, a PV one).
  compact_string digits_;
  std::int64_t exponent_ = 0;
  bool negative_ = false;
  quantity_format format_ = quantity_format::decimal_si;
};
static_assert(sizeof(quantity) == 24);

}  // namespace volpol::k8s
