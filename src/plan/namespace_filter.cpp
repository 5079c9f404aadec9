#include "volpol/plan/namespace_filter.h"

#include <algorithm>

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

bool brackets_close(std::string_view pattern) {
  bool dummy = false;
  for (std::size_t i = 0; i < pattern.size(); ++i)
    if (pattern[i] == '[') {
      const std::size_t end = match_bracket(pattern, i + 1, 'a', dummy);
      if (end == std::string_view::npos) return false;
      i = end - 1;
    }
  return true;
}

}  // namespace

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

result<namespace_filter> namespace_filter::make(std::vector<std::string> includes,
                                                std::vector<std::string> excludes) {
  for (const auto* list : {&includes, &excludes})
    for (const auto& p : *list)
      if (!brackets_close(p))
        return make_error("invalid namespace pattern `" + p + "`: unclosed `[`");
  namespace_filter f;
  f.includes_ = std::move(includes);
  f.excludes_ = std::move(excludes);
  return f;
}

bool namespace_filter::should_include(std::string_view ns) const {
  for (const auto& e : excludes_)
    if (glob_match(e, ns)) return false;
  if (includes_.empty()) return true;
  return std::any_of(includes_.begin(), includes_.end(),
                     [&](const std::string& i) { return i == "*" || glob_match(i, ns); });
}

bool namespace_filter::all_namespaces() const {
  const bool all_in = includes_.empty() ||
                      std::find(includes_.begin(), includes_.end(), "*") != includes_.end();
  return all_in && excludes_.empty();
}

}  // namespace volpol::plan
