// volpol/k8s/spelling.h — "did you mean": the distance between two words, for suggestions in
// error messages (policy keys, action types, volume names).
#pragma once

#include <cstddef>
#include <string_view>

namespace volpol {

/// Levenshtein distance (insertions, deletions, substitutions; bytes, case-sensitive).
/// O(|a|·|b|) time, O(|b|) memory.
///     edit_distance("storageClas", "storageClass")  // 1
[[nodiscard]] std::size_t edit_distance(std::string_view a, std::string_view b);

}  // namespace volpol
