#include "volpol/detail/plan/glob.h"

namespace volpol::plan {

namespace {

// Matches one bracket expression at `p` (pointing after '['); returns the position after
// ']' and whether `c` matched, or npos when the bracket never closes.
std::size_t match_bracket(std::string_view pattern, std::size_t p, char c, bool& matched) {
  bool negate = false;
  if (p < pattern.size() && (pattern[p] == '!' || pattern[p] == '^')) {
    negate = true;
    ++p;
  }
  bool hit = false;
  bool first = true;
  while (p < pattern.size() && (pattern[p] != ']' || first)) {
    first = false;
    char lo = pattern[p];
    if (p + 2 < pattern.size() && pattern[p + 1] == '-' && pattern[p + 2] != ']') {
      const char hi = pattern[p + 2];
      if (c >= lo && c <= hi) hit = true;
      p += 3;
    } else {
      if (c == lo) hit = true;
      ++p;
    }
  }
  if (p >= pattern.size()) return std::string_view::npos;
  matched = hit != negate;
  return p + 1;
}

}  // namespace

bool glob_brackets_close(std::string_view pattern) {
  bool dummy = false;
  for (std::size_t i = 0; i < pattern.size(); ++i)
    if (pattern[i] == '[') {
      const std::size_t end = match_bracket(pattern, i + 1, 'a', dummy);
      if (end == std::string_view::npos) return false;
      i = end - 1;
    }
  return true;
}

bool glob_match(std::string_view pattern, std::string_view text) {
  // Iterative matcher with backtracking to the last '*'.
  std::size_t p = 0, t = 0, star_p = std::string_view::npos, star_t = 0;
  while (t < text.size()) {
    if (p < pattern.size() && pattern[p] == '*') {
      star_p = p++;
      star_t = t;
      continue;
    }
    if (p < pattern.size() && pattern[p] == '?') {
      ++p;
      ++t;
      continue;
    }
    if (p < pattern.size() && pattern[p] == '[') {
      bool matched = false;
      const std::size_t next = match_bracket(pattern, p + 1, text[t], matched);
      if (next != std::string_view::npos && matched) {
        p = next;
        ++t;
        continue;
      }
    } else if (p < pattern.size() && pattern[p] == text[t]) {
      ++p;
      ++t;
      continue;
    }
    if (star_p == std::string_view::npos) return false;
    p = star_p + 1;
    t = ++star_t;
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

}  // namespace volpol::plan
