// volpol/k8s/spelling.h — "did you mean": the distance between two words, for suggestions in
// error messages (policy keys, action types, volume names).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace volpol {

/// Levenshtein distance (insertions, deletions, substitutions; bytes, case-sensitive).
/// O(|a|·|b|) time, O(|b|) memory.
///     edit_distance("storageClas", "storageClass")  // 1
[[nodiscard]] std::size_t edit_distance(std::string_view a, std::string_view b);

/// Whether `a` and `b` are equal ignoring ASCII case: Go's `strings.EqualFold` for ASCII text
/// (Velero compares kinds and CSI drivers with it).
[[nodiscard]] bool equal_fold(std::string_view a, std::string_view b);

/// `s` with ASCII letters in lower case (Go's `strings.ToLower` for ASCII text).
[[nodiscard]] std::string ascii_lower(std::string_view s);

}  // namespace volpol
