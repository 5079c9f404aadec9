// suggest.h (private to the cli layer) — "did you mean" for flag values.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "volpol/k8s/spelling.h"

namespace volpol::cli {

/// The candidate closest to `word`: volpol::closest (volpol/k8s/spelling.h), the one home of
/// suggestions.
[[nodiscard]] inline std::string closest_word(std::string_view word, const std::vector<std::string>& candidates) {
  return closest(word, candidates);
}

/// `a`, `b` or `c` (backticked, "or" before the last).
using volpol::backticked_list;  // volpol/k8s/spelling.h

}  // namespace volpol::cli
