// volpol/detail/plan/glob.h — the glob patterns of namespace and name filters.
//
// Mirrors Velero's namespace and name patterns (pkg/util/wildcard, gobwas/glob as
// collections.IncludesExcludes uses it): `*`, `?`, `[abc]`, `[a-z]`, `[!abc]`; gobwas/glob's
// `{a,b}` alternatives are not supported.
#pragma once

#include <string_view>

namespace volpol::plan {

/// True when `text` matches the glob `pattern` (whole string).
///     glob_match("app-*", "app-1")   // true
///     glob_match("ns[!a-c]", "nsb")  // false
[[nodiscard]] bool glob_match(std::string_view pattern, std::string_view text);

/// True when every `[` of `pattern` has its closing `]` (glob_match treats an unclosed
/// bracket as a character that never matches).
[[nodiscard]] bool glob_brackets_close(std::string_view pattern);

}  // namespace volpol::plan
