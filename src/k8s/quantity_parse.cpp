// quantity::parse — mirrors quantity.go `ParseQuantity` (see quantity.h).
//
// Kubernetes has two paths: an int64 fast path (short numbers, scale >= nano) and an
// inf.Dec path. Both give the same exact value except where the slow path rounds to
// nano and caps binary SI, which the fast path never needs. So volpol computes the
// value once, exactly, and borrows from the fast path only the two things it changes:
// the number may have no digit at all ("Ki", "." are zero; "Pi" is ErrNumeric), and the
// scale is int32 arithmetic that wraps (a different wrap on each path).
#include <algorithm>
#include <cstdint>

#include "quantity_digits.h"
#include "quantity_errors.h"
#include "quantity_scan.h"
#include "volpol/k8s/quantity.h"

namespace volpol::k8s {

namespace {

using detail::quantity_suffix;
using detail::scanned_quantity;

/// The largest binary SI magnitude, 2^63-1 (quantity.go `maxAllowed`).
constexpr std::string_view max_binary_si = "9223372036854775807";

/// Go's int32 conversion: the low 32 bits, as a signed number.
std::int32_t wrap32(std::int64_t v) { return static_cast<std::int32_t>(static_cast<std::uint32_t>(v)); }

/// Whether ParseQuantity takes its int64 fast path: its `precision` is not negative
/// (the number is short enough) and the int32 scale is at least nano.
bool takes_int64_path(const scanned_quantity& s, const quantity_suffix& suffix) {
  const auto num_len = static_cast<std::int64_t>(std::max<std::size_t>(s.num.size(), 1));  // "" is "0"
  const auto denom_len = static_cast<std::int64_t>(s.denom.size());
  if (suffix.base == 2)  // 15 - len(num) - exponent*3/10 - 1; exponent is 10..60, exact
    return denom_len == 0 && 15 - num_len - std::int64_t{suffix.exponent} * 3 / 10 - 1 >= 0;
  constexpr std::int64_t max_int64_factors = 18;
  return max_int64_factors - (num_len + denom_len) >= 0 && wrap32(suffix.exponent - denom_len) >= -9;
}

/// The power of ten the digits num+denom are multiplied by, as each path computes it.
std::int64_t decimal_exponent(bool int64_path, const scanned_quantity& s, const quantity_suffix& suffix) {
  const auto denom_len = static_cast<std::int64_t>(s.denom.size());
  if (suffix.base == 2) return -denom_len;
  if (int64_path) return wrap32(suffix.exponent - denom_len);  // `scale -= int32(len(denom))`
  // inf.Dec: SetString gives scale len(denom); then `amount.Scale() + Scale(exponent).infScale()`,
  // both int32 (inf.Scale counts digits after the point: the exponent negated).
  const std::int32_t inf_scale = wrap32(std::int64_t{wrap32(denom_len)} + wrap32(-std::int64_t{suffix.exponent}));
  return -std::int64_t{inf_scale};
}

/// Sets digits * 10^exponent to the normalized value of the digits num, denom times
/// 2^power (0 for decimal suffixes); `exponent` comes in as the power of ten to apply.
/// Short numbers (up to 19 digits, the product within uint64) take integer arithmetic.
void set_coefficient(std::string& digits, std::int64_t& exponent, std::string_view num, std::string_view denom,
                     std::int32_t power) {
  if (num.size() + denom.size() <= 19) {
    std::uint64_t c = *detail::to_uint64(num);
    for (const char d : denom) c = c * 10 + static_cast<std::uint64_t>(d - '0');  // 19 digits fit
    if (c <= (~std::uint64_t{0} >> power)) {
      c <<= power;
      if (c == 0) exponent = 0;
      for (; c != 0 && c % 10 == 0; c /= 10) ++exponent;
      detail::assign(digits, c);
      return;
    }
  }
  digits.append(num).append(denom);
  detail::normalize(digits, exponent);
  if (power == 0 || digits.empty()) return;
  detail::multiply(digits, std::uint64_t{1} << power);  // power <= 60 = log2(max_factor)
  detail::normalize(digits, exponent);                  // a trailing 5 times 2 ends in 0
}

/// What the slow path does to binary SI after rounding: cap the magnitude at 2^63-1 ("the
/// max is just a simple cap"), and give a magnitude below 1 the decimal SI format.
void apply_binary_si_limits(std::string& digits, std::int64_t& exponent, quantity_format& format) {
  if (format != quantity_format::binary_si) return;
  if (detail::compare_magnitude(digits, exponent, max_binary_si, 0) > 0) {
    digits = max_binary_si;
    exponent = 0;
  }
  if (detail::compare_magnitude(digits, exponent, "1", 0) < 0) format = quantity_format::decimal_si;
}

}  // namespace

result<quantity> quantity::parse(std::string_view text) {
  if (text.empty()) return detail::empty_quantity_error();
  const scanned_quantity scan = detail::scan_quantity(text);
  if (scan.bad != std::string_view::npos) return detail::format_error(text, scan);
  const auto suffix = detail::interpret_suffix(scan.suffix);
  if (!suffix) return detail::suffix_error(text, scan.suffix);
  const bool int64_path = takes_int64_path(scan, *suffix);
  if (!int64_path && !scan.has_digit) return detail::no_digits_error(text, scan.suffix);

  quantity q;
  q.format_ = suffix->format;
  std::string digits;  // worked on here; the quantity keeps a compact copy
  q.exponent_ = decimal_exponent(int64_path, scan, *suffix);
  set_coefficient(digits, q.exponent_, scan.num, scan.denom, suffix->base == 2 ? suffix->exponent : 0);
  if (digits.empty()) return q;  // "-0" is plain zero; the format stays
  q.negative_ = scan.negative;
  detail::round_up_to_nano(digits, q.exponent_);
  apply_binary_si_limits(digits, q.exponent_, q.format_);
  q.digits_ = digits;
  return q;
}

}  // namespace volpol::k8s
