// src/k8s/quantity_digits.h — exact arithmetic on decimal digit strings, for quantity.
// Internal to the k8s layer (not installed).
//
// A "digit string" is a non-negative integer written in ASCII decimal, most significant
// digit first. A "normalized" one has no leading and no trailing zeros ("" is zero); with
// a base-10 exponent beside it, it is a unique form of any decimal value, which is how
// `quantity` stores values. These do the little that Kubernetes does with `inf.Dec` and
// `big.Int`: scale by powers of two, strip factors, round up at the nano digit, compare.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace volpol::k8s::detail {

/// Largest factor `multiply` takes: 9 * 2^60 + carry still fits in uint64.
inline constexpr std::uint64_t max_factor = std::uint64_t{1} << 60;

/// Sets `digits` to the decimal form of `value` ("" for 0, as normalized digits write zero).
void assign(std::string& digits, std::uint64_t value);

/// The number `digits` writes, when it fits in uint64 (at most 19 digits); else nullopt.
[[nodiscard]] std::optional<std::uint64_t> to_uint64(std::string_view digits);

/// digits *= factor, in place. Precondition: 0 < factor <= max_factor.
///     "1536" * 1024 → "1572864"
void multiply(std::string& digits, std::uint64_t factor);

/// digits /= divisor in place when the division is exact (then true); otherwise leaves
/// `digits` untouched and returns false. The quotient has no leading zeros.
/// Precondition: 0 < divisor <= max_factor, `digits` has no leading zeros.
///     "1572864" / 1024 → "1536", true;   "1536" / 1024 → false
[[nodiscard]] bool divide_exact(std::string& digits, std::uint64_t divisor);

/// digits += 1, in place ("999" → "1000", "" → "1").
void increment(std::string& digits);

/// Removes leading zeros ("007" → "7", "000" → "").
void strip_leading_zeros(std::string& digits);

/// Removes trailing zeros and returns how many there were ("1200" → "12", 2).
std::size_t strip_trailing_zeros(std::string& digits);

/// Normalizes digits * 10^exponent: strips leading and trailing zeros (moving the
/// latter into `exponent`); zero becomes "" with exponent 0.
void normalize(std::string& digits, std::int64_t& exponent);

/// Rounds the normalized digits * 10^exponent up, away from zero, to a multiple of
/// 10^-9, as quantity.go's `amount.Round(amount, Nano.infScale(), inf.RoundUp)` does:
/// ("1", -10) → ("1", -9); ("15", -10) → ("2", -9); ("999", -12) → ("1", -9).
/// Leaves zero and values already at nano or coarser alone; the result is normalized.
void round_up_to_nano(std::string& digits, std::int64_t& exponent);

/// Compares |a| = a * 10^ea with |b| = b * 10^eb, both normalized: -1, 0 or 1.
[[nodiscard]] int compare_magnitude(std::string_view a, std::int64_t ea, std::string_view b, std::int64_t eb);

/// Floor division of `exponent` by 3, times 3: the exponent of the canonical form
/// (quantity.go moves the exponent down to a multiple of 3: 14 → 12, -1 → -3).
[[nodiscard]] constexpr std::int64_t floor_to_multiple_of_3(std::int64_t exponent) {
  const std::int64_t r = exponent % 3;
  return r < 0 ? exponent - r - 3 : exponent - r;
}

}  // namespace volpol::k8s::detail
