// Exact digit-string arithmetic for quantity (see quantity_digits.h).
#include "quantity_digits.h"

#include <algorithm>
#include <charconv>

namespace volpol::k8s::detail {

void assign(std::string& digits, std::uint64_t value) {
  char buffer[24];
  const auto end = value == 0 ? buffer : std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
  digits.assign(buffer, end);
}

std::optional<std::uint64_t> to_uint64(std::string_view digits) {
  if (digits.size() > 19) return std::nullopt;  // 10^19 - 1 < 2^64: 19 digits always fit
  std::uint64_t value = 0;
  for (const char c : digits) value = value * 10 + static_cast<std::uint64_t>(c - '0');
  return value;
}

void multiply(std::string& digits, std::uint64_t factor) {
  std::uint64_t carry = 0;
  for (auto it = digits.rbegin(); it != digits.rend(); ++it) {
    const std::uint64_t x = static_cast<std::uint64_t>(*it - '0') * factor + carry;
    *it = static_cast<char>('0' + x % 10);
    carry = x / 10;
  }
  char head[24];  // carry < 2^60: at most 19 digits
  std::size_t n = 0;
  for (; carry != 0; carry /= 10) head[n++] = static_cast<char>('0' + carry % 10);
  std::reverse(head, head + n);
  digits.insert(0, head, n);
}

bool divide_exact(std::string& digits, std::uint64_t divisor) {
  std::uint64_t rem = 0;
  for (const char c : digits) rem = (rem * 10 + static_cast<std::uint64_t>(c - '0')) % divisor;
  if (rem != 0) return false;
  for (char& c : digits) {  // quotient digit i only needs digits 0..i: done in place
    rem = rem * 10 + static_cast<std::uint64_t>(c - '0');
    c = static_cast<char>('0' + rem / divisor);
    rem %= divisor;
  }
  strip_leading_zeros(digits);
  return true;
}

void increment(std::string& digits) {
  for (auto it = digits.rbegin(); it != digits.rend(); ++it) {
    if (*it != '9') {
      ++*it;
      return;
    }
    *it = '0';
  }
  digits.insert(digits.begin(), '1');
}

void strip_leading_zeros(std::string& digits) {
  const std::size_t first = digits.find_first_not_of('0');
  digits.erase(0, first == std::string::npos ? digits.size() : first);
}

std::size_t strip_trailing_zeros(std::string& digits) {
  const std::size_t last = digits.find_last_not_of('0');
  const std::size_t keep = last == std::string::npos ? 0 : last + 1;
  const std::size_t zeros = digits.size() - keep;
  digits.resize(keep);
  return zeros;
}

void normalize(std::string& digits, std::int64_t& exponent) {
  strip_leading_zeros(digits);
  exponent += static_cast<std::int64_t>(strip_trailing_zeros(digits));
  if (digits.empty()) exponent = 0;
}

void round_up_to_nano(std::string& digits, std::int64_t& exponent) {
  constexpr std::int64_t nano = -9;
  if (digits.empty() || exponent >= nano) return;
  // Normalized: the last digit is not zero, so whatever is cut is inexact and rounds up.
  const auto cut = static_cast<std::uint64_t>(nano - exponent);
  if (cut >= digits.size()) {
    digits.assign(1, '1');
  } else {
    digits.resize(digits.size() - static_cast<std::size_t>(cut));
    increment(digits);
  }
  exponent = nano;
  exponent += static_cast<std::int64_t>(strip_trailing_zeros(digits));  // "999" + 1 = "1000"
}

int compare_magnitude(std::string_view a, std::int64_t ea, std::string_view b, std::int64_t eb) {
  if (a.empty() || b.empty()) return a.empty() ? (b.empty() ? 0 : -1) : 1;
  // Normalized, so the leading digit sits at 10^(size + exponent - 1): compare that first.
  const std::int64_t la = static_cast<std::int64_t>(a.size()) + ea;
  const std::int64_t lb = static_cast<std::int64_t>(b.size()) + eb;
  if (la != lb) return la < lb ? -1 : 1;
  // Same leading position: digit by digit; a string that is a prefix of the other has only
  // zeros where the other still has a non-zero digit, so it is the smaller one.
  const int c = a.compare(b);
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

}  // namespace volpol::k8s::detail
