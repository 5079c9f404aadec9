// suggest.h (private to the cli layer) — "did you mean" for flag values.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace volpol::cli {

/// The candidate closest to `word`: equal ignoring case, or within an edit distance of a third
/// of the longer word (at least 1); "" when none is that close.
[[nodiscard]] std::string closest_word(std::string_view word, const std::vector<std::string>& candidates);

/// `a`, `b` or `c` (backticked, "or" before the last).
[[nodiscard]] std::string backticked_list(const std::vector<std::string>& words, std::string_view last_joint = "or");

}  // namespace volpol::cli
