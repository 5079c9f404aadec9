// volpol/plan/namespace_filter.h — `--include-namespaces` / `--exclude-namespaces`.
//
// Mirrors Velero's namespace IncludesExcludes (pkg/util/collections/includes_excludes.go,
// `ShouldInclude`) with the glob patterns of pkg/util/wildcard: `*`, `?`, `[abc]`, `[a-z]`,
// `[!abc]`. An exclude wins over an include; no includes (or `*`) means every namespace.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "volpol/core/result.h"

namespace volpol::plan {

/// True when `text` matches the glob `pattern` (whole string).
[[nodiscard]] bool glob_match(std::string_view pattern, std::string_view text);

class namespace_filter {
 public:
  namespace_filter() = default;
  /// @return the filter, or an error for a malformed pattern (unclosed `[`).
  [[nodiscard]] static result<namespace_filter> make(std::vector<std::string> includes,
                                                     std::vector<std::string> excludes);
  /// Mirrors `IncludesExcludes.ShouldInclude`.
  [[nodiscard]] bool should_include(std::string_view ns) const;
  /// True when every namespace is included and none excluded (Velero then includes
  /// cluster-scoped resources by default).
  [[nodiscard]] bool all_namespaces() const;
  [[nodiscard]] const std::vector<std::string>& includes() const { return includes_; }
  [[nodiscard]] const std::vector<std::string>& excludes() const { return excludes_; }

 private:
  std::vector<std::string> includes_;
  std::vector<std::string> excludes_;
};

}  // namespace volpol::plan
