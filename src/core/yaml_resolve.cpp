// Go yaml.v3 scalar typing (go-yaml resolve.go `resolve`) and Go float formatting
// (strconv ftoa.go, 'g' format with the shortest precision).
#include "yaml_resolve.h"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

namespace volpol::detail {

namespace {

struct keyword {
  std::string_view text;
  resolved_scalar value;
};

// resolveMapList: the only spellings that are not strings or numbers.
const keyword keywords[] = {
    {"true", {scalar_kind::boolean, true}},
    {"True", {scalar_kind::boolean, true}},
    {"TRUE", {scalar_kind::boolean, true}},
    {"false", {scalar_kind::boolean, false}},
    {"False", {scalar_kind::boolean, false}},
    {"FALSE", {scalar_kind::boolean, false}},
    {"", {scalar_kind::null}},
    {"~", {scalar_kind::null}},
    {"null", {scalar_kind::null}},
    {"Null", {scalar_kind::null}},
    {"NULL", {scalar_kind::null}},
    {".nan", {scalar_kind::floating, false, 0, std::numeric_limits<double>::quiet_NaN()}},
    {".NaN", {scalar_kind::floating, false, 0, std::numeric_limits<double>::quiet_NaN()}},
    {".NAN", {scalar_kind::floating, false, 0, std::numeric_limits<double>::quiet_NaN()}},
    {".inf", {scalar_kind::floating, false, 0, HUGE_VAL}},
    {".Inf", {scalar_kind::floating, false, 0, HUGE_VAL}},
    {".INF", {scalar_kind::floating, false, 0, HUGE_VAL}},
    {"+.inf", {scalar_kind::floating, false, 0, HUGE_VAL}},
    {"+.Inf", {scalar_kind::floating, false, 0, HUGE_VAL}},
    {"+.INF", {scalar_kind::floating, false, 0, HUGE_VAL}},
    {"-.inf", {scalar_kind::floating, false, 0, -HUGE_VAL}},
    {"-.Inf", {scalar_kind::floating, false, 0, -HUGE_VAL}},
    {"-.INF", {scalar_kind::floating, false, 0, -HUGE_VAL}},
};

/// resolveTable: the hint given by a scalar's first byte.
char hint_of(std::string_view text) {
  if (text.empty()) return 'N';
  const char c = text[0];
  if (c == '+' || c == '-') return 'S';
  if (c >= '0' && c <= '9') return 'D';
  if (std::string_view("yYnNtTfFoO~").find(c) != std::string_view::npos) return 'M';
  if (c == '.') return '.';
  return 0;
}

int digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  return 99;
}

/// Go strconv.ParseUint(s, base, 64) on an unsigned digit string (no prefix, no sign).
bool parse_unsigned(std::string_view s, int base, std::uint64_t& out) {
  constexpr std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t n = 0;
  for (char c : s) {
    const int v = digit_value(c);
    if (v >= base) return false;
    const auto b = static_cast<std::uint64_t>(base);
    const auto dv = static_cast<std::uint64_t>(v);
    if (n > (max - dv) / b) return false;  // out of range: ParseUint fails
    n = n * b + dv;
  }
  out = n;
  return true;
}

/// Go strconv.ParseInt(s, 0, 64) / ParseUint(s, 0, 64): sign, then 0x / 0o / 0b / 0 (octal)
/// prefixes. Returns false on a syntax error; `magnitude` may exceed int64 (caller checks).
bool parse_go_integer(std::string_view s, bool& negative, std::uint64_t& magnitude) {
  negative = false;
  if (s.empty()) return false;
  if (s[0] == '+' || s[0] == '-') {
    negative = s[0] == '-';
    s.remove_prefix(1);
  }
  if (s.empty()) return false;
  int base = 10;
  if (s[0] == '0') {
    const char p = s.size() >= 3 ? static_cast<char>(s[1] | 0x20) : '\0';
    if (p == 'b' || p == 'o' || p == 'x') {
      base = p == 'b' ? 2 : (p == 'o' ? 8 : 16);
      s.remove_prefix(2);
    } else {
      base = 8;
      s.remove_prefix(1);  // "0" alone is 0
    }
  }
  return parse_unsigned(s, base, magnitude);
}

/// yamlStyleFloat: ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$
bool is_yaml_style_float(std::string_view s) {
  std::size_t i = 0;
  auto digits = [&] {
    const std::size_t start = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    return i - start;
  };
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  if (i < s.size() && s[i] == '.') {
    ++i;
    if (digits() == 0) return false;
  } else {
    if (digits() == 0) return false;
    if (i < s.size() && s[i] == '.') {
      ++i;
      digits();
    }
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    if (digits() == 0) return false;
  }
  return i == s.size();
}

/// Go strconv.ParseFloat on a syntax-checked decimal: fails on overflow (ErrRange).
bool parse_decimal_float(const std::string& s, double& out) {
  errno = 0;
  char* end = nullptr;
  const double d = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size()) return false;
  if (std::isinf(d)) return false;
  out = d;
  return true;
}

resolved_scalar resolve_number(std::string_view text) {
  std::string plain;
  for (char c : text)
    if (c != '_') plain += c;
  bool negative = false;
  std::uint64_t magnitude = 0;
  if (parse_go_integer(plain, negative, magnitude)) {
    constexpr auto max = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    if (!negative && magnitude <= max) return {scalar_kind::integer, false, static_cast<std::int64_t>(magnitude)};
    if (negative && magnitude <= max) return {scalar_kind::integer, false, -static_cast<std::int64_t>(magnitude)};
    if (negative && magnitude == max + 1)
      return {scalar_kind::integer, false, std::numeric_limits<std::int64_t>::min()};
    if (!negative) return {scalar_kind::floating, false, 0, static_cast<double>(magnitude)};  // Go: uint64
  }
  double d = 0;
  if (is_yaml_style_float(plain) && parse_decimal_float(plain, d)) return {scalar_kind::floating, false, 0, d};
  return {};
}

}  // namespace

resolved_scalar resolve_plain_scalar(std::string_view text) {
  const char hint = hint_of(text);
  if (hint == 0) return {};
  for (const keyword& k : keywords)
    if (k.text == text) return k.value;
  if (hint == '.') {
    // Go strconv.ParseFloat on ".5", ".5e3" (the specials were looked up above).
    double d = 0;
    if (is_yaml_style_float(text) && parse_decimal_float(std::string(text), d))
      return {scalar_kind::floating, false, 0, d};
    return {};
  }
  if (hint == 'D' || hint == 'S') return resolve_number(text);
  return {};
}

std::string go_format_float(double d) {
  if (std::isnan(d)) return ".nan";
  if (std::isinf(d)) return d > 0 ? ".inf" : "-.inf";
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::scientific);
  std::string s(buf, r.ptr);  // shortest round trip: [-]D[.DDD]e(+|-)XX
  std::string out;
  if (s[0] == '-') {
    out = "-";
    s.erase(0, 1);
  }
  const std::size_t e = s.find('e');
  std::string digits;
  for (char c : s.substr(0, e))
    if (c != '.') digits += c;
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  const int exp10 = std::atoi(s.c_str() + e + 1);
  const int nd = static_cast<int>(digits.size());
  const int dp = exp10 + 1;        // decimal point position
  if (exp10 < -4 || exp10 >= 6) {  // %e, as Go's shortest 'g' decides with precision 6
    out += digits.substr(0, 1);
    if (nd > 1) out += "." + digits.substr(1);
    const int ax = exp10 < 0 ? -exp10 : exp10;
    out += exp10 < 0 ? "e-" : "e+";
    if (ax < 10) out += "0";
    out += std::to_string(ax);
    return out;
  }
  if (dp <= 0) return out + "0." + std::string(static_cast<std::size_t>(-dp), '0') + digits;
  if (dp >= nd) return out + digits + std::string(static_cast<std::size_t>(dp - nd), '0');
  return out + digits.substr(0, static_cast<std::size_t>(dp)) + "." + digits.substr(static_cast<std::size_t>(dp));
}

}  // namespace volpol::detail
