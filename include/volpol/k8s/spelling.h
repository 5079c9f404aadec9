// volpol/k8s/spelling.h — "did you mean": the one home of spelling suggestions in error
// messages and findings (policy keys, action types, flag values, volume and class names).
#pragma once

#include <cstddef>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace volpol {

/// Optimal string alignment distance between `a` and `b`: insertions, deletions, substitutions
/// and swaps of two adjacent bytes each count 1 (`asw` → `aws` is 1). Bytes, case-sensitive.
/// O(|a|·|b|) time, O(|b|) memory.
///     edit_distance("storageClas", "storageClass")  // 1
[[nodiscard]] std::size_t edit_distance(std::string_view a, std::string_view b);

/// The candidate a misspelt `word` most likely meant, or "" when none is close (or `word` is
/// empty):
///  1. a candidate equal to `word` ignoring ASCII case (the first such);
///  2. else, for a word of 3 or more characters, the shortest candidate that starts or ends with
///     it, ignoring case (a name written without its suffix or prefix: `gp3` → `gp3-csi`);
///  3. else the candidate nearest by edit_distance, both in lower case, when that distance is at
///     most a third of the longer of the two words (at least 1); ties go to the earlier candidate.
/// Every "did you mean" in volpol comes from here: one rule, one threshold.
///     closest("storageclas", {"capacity", "storageClass"})  // "storageClass"
///     closest("sanpshot", {"skip", "snapshot"})             // "snapshot"
[[nodiscard]] std::string closest(std::string_view word, std::span<const std::string_view> candidates);
[[nodiscard]] std::string closest(std::string_view word, std::initializer_list<std::string_view> candidates);
[[nodiscard]] std::string closest(std::string_view word, const std::vector<std::string>& candidates);
[[nodiscard]] std::string closest(std::string_view word, const std::vector<std::string_view>& candidates);

/// The words in backticks, joined as a sentence lists them: "`a`, `b` or `c`" (`last_joint`
/// before the last one), for the "did you mean" help beside closest().
[[nodiscard]] std::string backticked_list(const std::vector<std::string>& words, std::string_view last_joint = "or");

/// Whether `a` and `b` are equal ignoring ASCII case: Go's `strings.EqualFold` for ASCII text
/// (Velero compares kinds and CSI drivers with it).
[[nodiscard]] bool equal_fold(std::string_view a, std::string_view b);

/// `s` with ASCII letters in lower case (Go's `strings.ToLower` for ASCII text).
[[nodiscard]] std::string ascii_lower(std::string_view s);

}  // namespace volpol
