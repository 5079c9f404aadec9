// The diagnostics quantity::parse reports (see quantity_errors.h).
#include "quantity_errors.h"
#include "quantity_scan.h"

#include <array>
#include <cstdio>

namespace volpol::k8s::detail {

namespace {

constexpr std::string_view expected_number =
    "expected a number with an optional suffix, such as `10Gi`, `1.5G`, `500m` or `1e3`";
constexpr std::string_view expected_suffix =
    "expected one of n, u, m, k, M, G, T, P, E (powers of 1000), Ki, Mi, Gi, Ti, Pi, Ei "
    "(powers of 1024) or an exponent such as e3";
constexpr std::string_view expected_exponent = "expected an integer exponent such as e3 or e-6";

std::string invalid(std::string_view text) { return "invalid quantity `" + quote_input(text) + "`: "; }

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool all_letters(std::string_view s) {
  for (const char c : s)
    if (!is_letter(c)) return false;
  return !s.empty();
}

/// The character at `pos`, whole when it is UTF-8 (so a message never shows half of one).
std::string_view character_at(std::string_view text, std::size_t pos) {
  std::size_t end = pos + 1;
  if (static_cast<unsigned char>(text[pos]) >= 0x80)
    while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) ++end;
  return text.substr(pos, end - pos);
}

/// An exponent-looking suffix: 'e' or 'E' then a sign or a digit ("e-", "e99..."), as
/// opposed to an unknown word that starts with E ("Ei3", "EB").
bool looks_like_exponent(std::string_view suffix) {
  return suffix.size() > 1 && (suffix[0] == 'e' || suffix[0] == 'E') &&
         (is_digit(suffix[1]) || suffix[1] == '-' || suffix[1] == '+');
}

/// Sign then digits only: an exponent that failed only for its size.
bool is_integer_text(std::string_view s) {
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) s.remove_prefix(1);
  if (s.empty()) return false;
  for (const char c : s)
    if (!is_digit(c)) return false;
  return true;
}

/// "did you mean ...?" for a unit written in the wrong case or with a trailing B:
/// "ki", "KI", "KiB" → `Ki`; "KB", "gb" → `Ki` or `k`, `Gi` or `G`; "K", "g" → `k`, `G`.
std::string suggestion(std::string_view suffix) {
  constexpr std::string_view letters = "kmgtpe";
  constexpr std::array<std::string_view, 6> binary{"Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};
  constexpr std::array<std::string_view, 6> decimal{"k", "M", "G", "T", "P", "E"};
  if (suffix.empty() || suffix.size() > 3) return {};
  const std::size_t i = letters.find(lower(suffix[0]));
  if (i == std::string_view::npos) return {};
  std::string rest;
  for (const char c : suffix.substr(1)) rest += lower(c);
  const auto b = std::string(binary[i]), d = std::string(decimal[i]);
  if (rest == "i" || rest == "ib") return "did you mean `" + b + "`?";
  if (rest == "b")
    return "did you mean `" + b + "` (2^" + std::to_string(10 * (i + 1)) + ") or `" + d + "` (10^" +
           std::to_string(3 * (i + 1)) + ")?";
  if (rest.empty() && suffix[0] != 'e') return "did you mean `" + d + "`?";
  return {};
}

}  // namespace

std::string quote_input(std::string_view text) {
  constexpr std::size_t max_shown = 64;
  bool cut = false;
  if (text.size() > max_shown) {
    std::size_t keep = max_shown - 3;
    while (keep > 0 && (static_cast<unsigned char>(text[keep]) & 0xC0) == 0x80) --keep;
    text = text.substr(0, keep);
    cut = true;
  }
  std::string out;
  out.reserve(text.size() + 3);
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '\n') out += "\\n";
    else if (c == '\t') out += "\\t";
    else if (c == '\r') out += "\\r";
    else if (u < 0x20 || u == 0x7F) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02X", u);
      out += hex;
    } else {
      out += c;
    }
  }
  if (cut) out += "...";
  return out;
}

diagnostic empty_quantity_error() { return make_error("empty quantity ``, " + std::string(expected_number)); }

diagnostic format_error(std::string_view text, const scanned_quantity& scan) {
  // "1KB": a unit volpol can name. "abc", "Inf": not a number at all.
  if (scan.has_digit && all_letters(scan.suffix)) return suffix_error(text, scan.suffix);
  return make_error(invalid(text) + "unexpected `" + quote_input(character_at(text, scan.bad)) + "` at position " +
                    std::to_string(scan.bad + 1) + ", " + std::string(expected_number));
}

diagnostic suffix_error(std::string_view text, std::string_view suffix) {
  if (looks_like_exponent(suffix)) {
    const std::string what = is_integer_text(suffix.substr(1)) ? "` is out of range, " : "` is malformed, ";
    return make_error(invalid(text) + "exponent `" + quote_input(suffix) + what + std::string(expected_exponent));
  }
  diagnostic d = make_error(invalid(text) + "unknown suffix `" + quote_input(suffix) + "`, " +
                            std::string(expected_suffix));
  d.help = suggestion(suffix);
  return d;
}

diagnostic no_digits_error(std::string_view text, std::string_view suffix) {
  return make_error(invalid(text) + "no digits before `" + quote_input(suffix) + "`, expected a number such as `1" +
                    quote_input(suffix) + "`");
}

}  // namespace volpol::k8s::detail
