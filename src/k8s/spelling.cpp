// edit_distance, closest, equal_fold, ascii_lower (see spelling.h).
#include "volpol/k8s/spelling.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace volpol {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Three rows: the one before the previous is needed for a swap of two adjacent bytes.
  std::vector<std::size_t> prev2(b.size() + 1), prev(b.size() + 1), row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      row[j] = std::min({prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) row[j] = std::min(row[j], prev2[j - 2] + 1);
    }
    std::swap(prev2, prev);
    std::swap(prev, row);
  }
  return prev[b.size()];
}

std::string closest(std::string_view word, std::span<const std::string_view> candidates) {
  if (word.empty()) return {};
  for (std::string_view c : candidates)
    if (equal_fold(c, word)) return std::string(c);
  const std::string w = ascii_lower(word);
  std::string_view best;
  if (w.size() >= 3)
    for (std::string_view c : candidates) {
      const std::string lc = ascii_lower(c);
      if ((lc.starts_with(w) || lc.ends_with(w)) && (best.empty() || c.size() < best.size())) best = c;
    }
  if (!best.empty()) return std::string(best);
  std::size_t best_distance = 0;
  for (std::string_view c : candidates) {
    const std::size_t d = edit_distance(w, ascii_lower(c));
    const std::size_t limit = std::max<std::size_t>(1, std::max(word.size(), c.size()) / 3);
    if (d <= limit && (best.empty() || d < best_distance)) {
      best = c;
      best_distance = d;
    }
  }
  return std::string(best);
}

std::string closest(std::string_view word, std::initializer_list<std::string_view> candidates) {
  return closest(word, std::span<const std::string_view>(candidates.begin(), candidates.size()));
}

std::string closest(std::string_view word, const std::vector<std::string_view>& candidates) {
  return closest(word, std::span<const std::string_view>(candidates));
}

std::string closest(std::string_view word, const std::vector<std::string>& candidates) {
  const std::vector<std::string_view> views(candidates.begin(), candidates.end());
  return closest(word, std::span<const std::string_view>(views));
}

namespace {
char lower_char(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }
}  // namespace

bool equal_fold(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return lower_char(x) == lower_char(y); });
}

std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = lower_char(c);
  return out;
}

std::string backticked_list(const std::vector<std::string>& words, std::string_view last_joint) {
  std::string s;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i > 0) s += i + 1 == words.size() ? std::string(" ") + std::string(last_joint) + " " : std::string(", ");
    s += "`" + words[i] + "`";
  }
  return s;
}

}  // namespace volpol
