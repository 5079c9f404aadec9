#include "suggest.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace volpol::cli {

namespace {

/// Optimal string alignment distance (Levenshtein plus adjacent transpositions: `asw` → `aws`
/// is 1), ignoring case.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  const auto low = [](char c) { return std::tolower(static_cast<unsigned char>(c)); };
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = low(a[i - 1]) == low(b[j - 1]) ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && low(a[i - 1]) == low(b[j - 2]) && low(a[i - 2]) == low(b[j - 1]))
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

}  // namespace

std::string closest_word(std::string_view word, const std::vector<std::string>& candidates) {
  std::string best;
  std::size_t best_distance = 0;
  for (const std::string& c : candidates) {
    const std::size_t d = edit_distance(word, c);
    const std::size_t limit = std::max<std::size_t>(1, std::max(word.size(), c.size()) / 3);
    if (d <= limit && (best.empty() || d < best_distance)) {
      best = c;
      best_distance = d;
    }
  }
  return best;
}

std::string backticked_list(const std::vector<std::string>& words, std::string_view last_joint) {
  std::string s;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i > 0) s += i + 1 == words.size() ? std::string(" ") + std::string(last_joint) + " " : std::string(", ");
    s += "`" + words[i] + "`";
  }
  return s;
}

}  // namespace volpol::cli
