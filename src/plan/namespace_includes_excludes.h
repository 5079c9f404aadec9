// src/plan/namespace_includes_excludes.h (private to the plan layer) — `--include-namespaces` /
// `--exclude-namespaces`.
//
// Mirrors Velero's `NamespaceIncludesExcludes` (a collections.IncludesExcludes of namespace
// patterns, pkg/backup/request.go; `ShouldInclude` in pkg/util/collections/includes_excludes.go)
// with the glob patterns of glob.h. An exclude wins over an include; no includes (or `*`)
// means every namespace.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "volpol/core/result.h"

namespace volpol::plan {

class namespace_includes_excludes {
 public:
  namespace_includes_excludes() = default;
  /// @return the filter, or an error for a malformed pattern (unclosed `[`).
  [[nodiscard]] static result<namespace_includes_excludes> make(std::vector<std::string> includes,
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
