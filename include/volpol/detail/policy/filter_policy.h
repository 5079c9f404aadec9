// volpol/detail/policy/filter_policy.h — the pattern syntax of resource filter policies.
//
// `names` / `excludedNames` of a resource filter are gobwas/glob patterns (Velero compiles
// them with `glob.Compile`); `namespaces` of a namespaced filter policy are Velero wildcard
// patterns (pkg/util/wildcard `ValidateNamespaceName`): `*`, `?` and `[abc]` / `[a-z]` only.
// Validation of the filter sections themselves is part of policies::validate().
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace volpol::policy {

/// Whether `pattern` compiles as a gobwas/glob pattern (v0.2.3 lexer and parser:
/// `*`, `**`, `?`, `[abc]`, `[!a-z]`, `{a,b}`, `\` escapes).
///     glob_syntax_error("my-app-*")    // nullopt
///     glob_syntax_error("[invalid")    // "unexpected end of input"
///     glob_syntax_error("[]")          // "could not parse range"
/// @return nullopt when it compiles, else gobwas/glob's reason.
[[nodiscard]] std::optional<std::string> glob_syntax_error(std::string_view pattern);

/// Mirrors Velero `wildcard.ValidateNamespaceName`: none of `| ( ) ! { } ,`, no `**`, every
/// `[` closed by a `]` with something in between, no `]` without its `[`.
///     namespace_pattern_error("team-*")   // nullopt
///     namespace_pattern_error("app[]")    // "wildcard pattern contains empty bracket pattern '[]'"
/// @return nullopt when valid, else Velero's reason (naming the offending character).
[[nodiscard]] std::optional<std::string> namespace_pattern_error(std::string_view pattern);

}  // namespace volpol::policy
