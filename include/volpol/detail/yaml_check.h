// volpol/detail/yaml_check.h — checks YAML text the way Velero's YAML library (go-yaml v3, a port
// of libyaml) reads it, before yaml-cpp builds a tree: characters, syntax, nesting depth,
// aliases, size. yaml-cpp accepts inputs yaml.v3 rejects (a raw NUL, invalid UTF-8, content
// after a flow value) and expands nothing but walks every alias each time it is referenced, so
// every YAML text volpol reads (object dumps and policies) passes here first.
//
//     k8s::yaml_limits lim;               // 512 levels, 1,000,000 nodes, aliases allowed
//     lim.aliases = false;                // object dumps: kubectl never writes aliases
//     if (auto e = k8s::check_yaml(text, lim)) report(e->line, e->column, e->message);
//
// The check runs libyaml's event parser (the C library yaml.v3 was ported from, so the
// reader's character rules and the scanner's syntax errors are the same) and counts:
//   - depth: mappings and sequences open at once; more than `max_depth` → "nested more than
//     512 levels" at the line of the first one too deep;
//   - nodes: every scalar, mapping and sequence of the document, an alias counting as the whole
//     node it refers to (an expansion budget: a "billion laughs" document of a few hundred bytes
//     is refused after a few hundred events, before yaml-cpp sees it); more than `max_nodes`
//     → refused;
//   - aliases: with `aliases = false` the first `*alias` is an error.
// Characters: NUL and other C0/C1 control bytes (but tab, LF, CR, NEL), invalid UTF-8, U+FFFE
// and U+FFFF are errors, as in yaml.v3's reader ("control characters are not allowed").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace volpol::k8s {

struct yaml_limits {
  std::uint32_t max_depth = 512;        ///< collections open at once
  std::uint64_t max_nodes = 1'000'000;  ///< nodes per document, aliases counted as expanded
  bool aliases = true;                  ///< false: any alias is an error
  /// Stop after the first document (yaml.v3 `Decoder.Decode` reads one): anything after it
  /// (`---` and more, or a second flow value) is a problem of kind `after_first_document`
  /// at its start — a warning for the caller, since Velero ignores it.
  bool first_document_only = false;
};

struct yaml_problem {
  std::uint32_t line = 0;    ///< 1-based, in `text`
  std::uint32_t column = 0;  ///< 1-based (bytes)
  std::string message;       ///< "control characters are not allowed" ... (escaped, no file)
  /// A syntax error's parts: the problem alone, and libyaml's context ("while parsing a flow
  /// sequence") with its 1-based line in `text` (0: no context). `message` is
  /// "problem (context at line N)"; message_in_file() counts N from the file instead.
  std::string problem;
  std::string context;
  std::uint32_t context_line = 0;
  enum class kind : std::uint8_t { syntax, characters, depth, nodes, alias, after_first_document } what = kind::syntax;
};

/// Checks `text` (one or more YAML documents). nullopt when yaml.v3 would read it and it is
/// within `limits`; else the first problem.
[[nodiscard]] std::optional<yaml_problem> check_yaml(std::string_view text, const yaml_limits& limits = {});

/// `p.message` for a text that starts at line `first_line` of its file: the context's line is
/// the file's (p.line and p.column are the caller's to shift).
[[nodiscard]] std::string message_in_file(const yaml_problem& p, std::uint32_t first_line);

}  // namespace volpol::k8s
