// quantity: comparison, whole-unit value and canonical string (see quantity.h).
#include "volpol/k8s/quantity.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "quantity_digits.h"

namespace volpol::k8s {

namespace {

/// Decimal SI suffixes by exponent, 10^-9 (n) to 10^18 (E), in steps of 3.
constexpr std::array<std::string_view, 10> decimal_suffixes{"n", "u", "m", "", "k", "M", "G", "T", "P", "E"};
/// Binary SI suffixes by power of 1024, 0 to 6.
constexpr std::array<std::string_view, 7> binary_suffixes{"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};

/// Appends digits * 10^exponent as Kubernetes' AsCanonicalBytes and the decimal suffixes
/// write it: the exponent moved down to a multiple of 3 (zeros added to the digits), then
/// the SI suffix for it, or "e<exponent>" for decimal exponent format.
/// Decimal SI beyond E (10^18) has no suffix: CanonicalizeBytes in apimachinery v0.36
/// (quantity.go, the version Velero links) ignores the failed `constructBytes` lookup and
/// appends nothing, so the power of ten is silently dropped ("1000E" is written "1"). The
/// same holds below n, which a parsed quantity never reaches (parsing rounds up to 1n).
void append_decimal(std::string& out, std::string_view digits, std::int64_t exponent, quantity_format format) {
  const std::int64_t e3 = detail::floor_to_multiple_of_3(exponent);
  out += digits;
  out.append(static_cast<std::size_t>(exponent - e3), '0');
  if (format == quantity_format::decimal_si) {
    if (e3 >= -9 && e3 <= 18) out += decimal_suffixes[static_cast<std::size_t>((e3 + 9) / 3)];
  } else if (e3 != 0) {
    out += 'e';
    out += std::to_string(e3);
  }
}

/// Appends the whole number digits * 10^exponent (exponent >= 0) with as many factors of
/// 1024 as divide it moved into the suffix (AsCanonicalBase1024Bytes). Binary SI values
/// are capped at 2^63-1 < 1024^7, so "Ei" is as far as it goes.
void append_binary(std::string& out, std::string_view digits, std::int64_t exponent) {
  constexpr std::size_t max_power = binary_suffixes.size() - 1;
  std::string whole(digits);
  whole.append(static_cast<std::size_t>(exponent), '0');
  std::size_t power = 0;
  if (const auto v = detail::to_uint64(whole)) {  // always, for a parsed quantity
    power = std::min<std::size_t>(static_cast<std::size_t>(std::countr_zero(*v)) / 10, max_power);
    detail::assign(whole, *v >> (10 * power));
  } else {
    while (power < max_power && detail::divide_exact(whole, 1024)) ++power;
  }
  out += whole;
  out += binary_suffixes[power];
}

}  // namespace

int quantity::compare(const quantity& other) const {
  const int a = sign();
  const int b = other.sign();
  if (a != b) return a < b ? -1 : 1;
  if (a == 0) return 0;
  const int magnitude = detail::compare_magnitude(digits_, exponent_, other.digits_, other.exponent_);
  return a < 0 ? -magnitude : magnitude;
}

std::int64_t quantity::value() const {
  if (is_zero()) return 0;
  constexpr std::uint64_t max_positive = (std::uint64_t{1} << 63) - 1;
  const std::uint64_t limit = negative_ ? max_positive + 1 : max_positive;
  // Digits of the whole part: at most 19 fit uint64 with room for the +1 of rounding up.
  const std::int64_t whole_len = static_cast<std::int64_t>(digits_.size()) + exponent_;
  std::uint64_t magnitude = limit;
  if (whole_len <= 19) {
    magnitude = 0;
    for (std::int64_t i = 0; i < whole_len; ++i)
      magnitude = magnitude * 10 + (i < static_cast<std::int64_t>(digits_.size())
                                        ? static_cast<std::uint64_t>(digits_[static_cast<std::size_t>(i)] - '0')
                                        : 0);
    if (exponent_ < 0) ++magnitude;  // normalized: a negative exponent means a non-zero fraction
  }
  magnitude = std::min(magnitude, limit);
  return negative_ ? static_cast<std::int64_t>(std::uint64_t{0} - magnitude) : static_cast<std::int64_t>(magnitude);
}

std::string quantity::to_string() const {
  if (is_zero()) return "0";
  quantity_format format = format_;
  // CanonicalizeBytes: binary below 1024 in magnitude, or not a whole number, is decimal SI.
  if (format == quantity_format::binary_si &&
      (exponent_ < 0 || detail::compare_magnitude(digits_, exponent_, "1024", 0) < 0))
    format = quantity_format::decimal_si;
  std::string out;
  if (negative_) out += '-';
  if (format == quantity_format::binary_si) append_binary(out, digits_, exponent_);
  else append_decimal(out, digits_, exponent_, format);
  return out;
}

}  // namespace volpol::k8s
