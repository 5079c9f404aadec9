// Splitting and suffix reading for quantity (see quantity_scan.h).
#include "quantity_scan.h"

namespace volpol::k8s::detail {

namespace {

/// The letters quantity.go lets into a suffix: strings.ContainsAny(c, "eEinumkKMGTP").
bool is_suffix_letter(char c) {
  switch (c) {
    case 'e':
    case 'E':
    case 'i':
    case 'n':
    case 'u':
    case 'm':
    case 'k':
    case 'K':
    case 'M':
    case 'G':
    case 'T':
    case 'P': return true;
    default: return false;
  }
}

std::size_t skip_digits(std::string_view text, std::size_t pos) {
  while (pos < text.size() && is_digit(text[pos])) ++pos;
  return pos;
}

/// The decimal SI and binary SI tables of suffix.go `newSuffixer`.
std::optional<quantity_suffix> table_suffix(std::string_view s) {
  constexpr auto decimal = [](std::int32_t e) { return quantity_suffix{10, e, quantity_format::decimal_si}; };
  constexpr auto binary = [](std::int32_t e) { return quantity_suffix{2, e, quantity_format::binary_si}; };
  if (s.empty()) return decimal(0);
  if (s.size() == 1) {
    switch (s[0]) {
      case 'n': return decimal(-9);
      case 'u': return decimal(-6);
      case 'm': return decimal(-3);
      case 'k': return decimal(3);
      case 'M': return decimal(6);
      case 'G': return decimal(9);
      case 'T': return decimal(12);
      case 'P': return decimal(15);
      case 'E': return decimal(18);
      default: return std::nullopt;
    }
  }
  if (s.size() == 2 && s[1] == 'i') {
    switch (s[0]) {
      case 'K': return binary(10);
      case 'M': return binary(20);
      case 'G': return binary(30);
      case 'T': return binary(40);
      case 'P': return binary(50);
      case 'E': return binary(60);
      default: return std::nullopt;
    }
  }
  return std::nullopt;
}

}  // namespace

scanned_quantity scan_quantity(std::string_view text) {
  scanned_quantity r;
  const std::size_t end = text.size();
  std::size_t pos = 0;
  if (pos < end && (text[0] == '-' || text[0] == '+')) {
    r.negative = text[0] == '-';
    ++pos;
  }
  const std::size_t zeros = pos;
  while (pos < end && text[pos] == '0') ++pos;
  if (pos == end) {  // quantity.go returns value "0" here: "", "-", "000"
    r.has_digit = true;
    return r;
  }
  r.has_digit = pos > zeros;
  std::size_t next = skip_digits(text, pos);
  r.num = text.substr(pos, next - pos);
  r.has_digit = r.has_digit || !r.num.empty();
  pos = next;
  if (pos < end && text[pos] == '.') {
    next = skip_digits(text, pos + 1);
    r.denom = text.substr(pos + 1, next - pos - 1);
    r.has_digit = r.has_digit || !r.denom.empty();
    pos = next;
  }
  const std::size_t suffix_start = pos;
  while (pos < end && is_suffix_letter(text[pos])) ++pos;
  if (pos < end && (text[pos] == '-' || text[pos] == '+')) ++pos;
  pos = skip_digits(text, pos);
  if (pos < end) r.bad = pos;
  r.suffix = text.substr(suffix_start);
  return r;
}

std::optional<std::int64_t> parse_go_int64(std::string_view text) {
  bool negative = false;
  if (!text.empty() && (text[0] == '+' || text[0] == '-')) {
    negative = text[0] == '-';
    text.remove_prefix(1);
  }
  if (text.empty()) return std::nullopt;
  // Accumulate the magnitude; 2^63 is the largest allowed (for a negative number).
  constexpr std::uint64_t limit = std::uint64_t{1} << 63;
  std::uint64_t magnitude = 0;
  for (const char c : text) {
    if (!is_digit(c)) return std::nullopt;
    const auto d = static_cast<std::uint64_t>(c - '0');
    if (magnitude > (limit - d) / 10) return std::nullopt;
    magnitude = magnitude * 10 + d;
  }
  if (!negative && magnitude == limit) return std::nullopt;
  // Two's complement: -2^63 converts exactly; every other magnitude fits int64.
  return negative ? static_cast<std::int64_t>(std::uint64_t{0} - magnitude) : static_cast<std::int64_t>(magnitude);
}

std::optional<quantity_suffix> interpret_suffix(std::string_view suffix) {
  if (const auto known = table_suffix(suffix)) return known;
  if (suffix.size() > 1 && (suffix[0] == 'e' || suffix[0] == 'E')) {
    const auto parsed = parse_go_int64(suffix.substr(1));
    if (!parsed) return std::nullopt;
    // int32(parsed): keep the low 32 bits (modular in C++20, as in Go).
    const auto exponent = static_cast<std::int32_t>(static_cast<std::uint32_t>(*parsed));
    return quantity_suffix{10, exponent, quantity_format::decimal_exponent};
  }
  return std::nullopt;
}

}  // namespace volpol::k8s::detail
