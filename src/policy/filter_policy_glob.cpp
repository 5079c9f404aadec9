// Pattern syntax checks: gobwas/glob v0.2.3 `Compile` (syntax/lexer/lexer.go,
// syntax/ast/parser.go) and Velero pkg/util/wildcard `ValidateNamespaceName`.
#include <fmt/format.h>

#include <vector>

#include "volpol/detail/policy/filter_policy.h"

namespace volpol::policy {

namespace {

/// Decodes one UTF-8 rune at `pos`; returns its width, 0 at the end, -1 when invalid.
int rune_at(std::string_view s, std::size_t pos, char32_t& r) {
  if (pos >= s.size()) return 0;
  const auto c = static_cast<unsigned char>(s[pos]);
  int width = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : -1;
  if (width < 0 || pos + static_cast<std::size_t>(width) > s.size()) return -1;
  r = width == 1 ? c : c & (0x7F >> width);
  for (int i = 1; i < width; ++i) {
    const auto cc = static_cast<unsigned char>(s[pos + static_cast<std::size_t>(i)]);
    if ((cc >> 6) != 0x2) return -1;
    r = (r << 6) | (cc & 0x3F);
  }
  return width;
}

/// Reads the rune at `pos` into `r` and steps over it; the lexer's error at the end of the
/// text or at bytes that are not UTF-8.
std::optional<std::string> take_rune(std::string_view s, std::size_t& pos, char32_t& r) {
  const int w = rune_at(s, pos, r);
  if (w < 0) return "could not read rune";
  if (w == 0) return "unexpected end of input";
  pos += static_cast<std::size_t>(w);
  return std::nullopt;
}

/// `lo-hi]`, from `pos` after `lo-`: one rune, then `]`, and hi not below lo. The parser reads
/// a NUL bound as "no range", so `[\0-a]` cannot be parsed either.
std::optional<std::string> check_lo_hi(std::string_view s, std::size_t& pos, char32_t lo) {
  char32_t hi = 0;
  if (auto e = take_rune(s, pos, hi)) return e;
  char32_t close = 0;
  const int cw = rune_at(s, pos, close);
  if (cw == 0) return "unexpected end of input";
  if (cw < 0 || close != U']') return "expected close range character";
  ++pos;
  if (hi < lo) return "hi character should be greater than lo";
  if (lo == 0 || hi == 0) return "could not parse range";
  return std::nullopt;
}

/// `chars]`, from `pos`: text up to the first unescaped `]` (`\` escapes the next rune),
/// which must not be empty.
std::optional<std::string> check_chars(std::string_view s, std::size_t& pos) {
  bool escaped = false;
  bool has_chars = false;
  for (;;) {
    char32_t r = 0;
    if (auto e = take_rune(s, pos, r)) return e;
    if (!escaped && r == U'\\') {
      escaped = true;
      continue;
    }
    if (!escaped && r == U']') break;
    escaped = false;
    has_chars = true;
  }
  if (!has_chars) return "could not parse range";
  return std::nullopt;
}

/// The lexer's and parser's checks of one `[...]` range, from `pos` after `[`; on success
/// `pos` is after the `]`. An optional `!` (negation), then either `lo-hi]` or `chars]`.
std::optional<std::string> check_range(std::string_view s, std::size_t& pos) {
  std::size_t start = pos;
  char32_t first = 0;
  if (auto e = take_rune(s, pos, first)) return e;
  if (first == U'!') {  // only the first `!` negates; a second one is a character
    start = pos;
    if (auto e = take_rune(s, pos, first)) return e;
  }
  char32_t next = 0;
  if (rune_at(s, pos, next) == 1 && next == U'-') {
    ++pos;
    return check_lo_hi(s, pos, first);
  }
  pos = start;  // the first rune is part of the text
  return check_chars(s, pos);
}

}  // namespace

std::optional<std::string> glob_syntax_error(std::string_view s) {
  std::size_t pos = 0;
  for (;;) {
    char32_t r = 0;
    const int w = rune_at(s, pos, r);
    if (w < 0) return "could not read rune";
    if (w == 0) return std::nullopt;
    pos += static_cast<std::size_t>(w);
    if (r == U'\\') {  // an escape: the next rune is text
      const int ew = rune_at(s, pos, r);
      if (ew < 0) return "could not read rune";
      pos += static_cast<std::size_t>(ew);
      continue;
    }
    if (r == U'[')
      if (auto e = check_range(s, pos)) return e;
    // `{`, `,`, `}`, `*`, `?` and text never fail to lex or parse: an unclosed `{` is accepted.
  }
}

std::optional<std::string> namespace_pattern_error(std::string_view p) {
  if (const std::size_t bad = p.find_first_of("|()!{},"); bad != std::string_view::npos)
    return fmt::format(
        "wildcard pattern contains unsupported character `{}` (none of |, (, ), !, {{, }}, , is "
        "supported)",
        p[bad]);
  if (p.find("**") != std::string_view::npos)
    return "wildcard pattern contains consecutive asterisks (only single * allowed)";
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p[i] == ']') return "wildcard pattern contains unmatched closing bracket ']'";
    if (p[i] != '[') continue;
    const std::size_t close = p.find(']', i + 1);
    if (close == std::string_view::npos) return "wildcard pattern contains unclosed bracket '['";
    if (close == i + 1) return "wildcard pattern contains empty bracket pattern '[]'";
    i = close;
  }
  return std::nullopt;
}

}  // namespace volpol::policy
