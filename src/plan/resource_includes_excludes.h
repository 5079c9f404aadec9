// src/plan/resource_includes_excludes.h (private to the plan layer) — `--include-resources` /
// `--exclude-resources`, as far as they touch the three resources a volume plan walks.
//
// Mirrors Velero's `ResourceIncludesExcludes` (a collections.IncludesExcludes of resource names,
// pkg/backup/request.go) after discovery resolves short names
// (pkg/util/collections/includes_excludes.go; pkg/backup/item_backupper.go
// `itemInclusionChecks`: a namespaced item must be included; a cluster-scoped one is only
// dropped when explicitly excluded).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "volpol/detail/plan/resource_kind.h"

namespace volpol::plan {

class resource_includes_excludes {
 public:
  resource_includes_excludes() = default;
  resource_includes_excludes(std::vector<std::string> includes, std::vector<std::string> excludes)
      : includes_(std::move(includes)), excludes_(std::move(excludes)) {}
  /// Whether items of `kind` are backed up. Namespaced kinds (pods, PVCs) must be included
  /// (no includes or `*` includes all) and not excluded; PVs are only dropped when excluded.
  [[nodiscard]] bool should_include(resource_kind kind) const;

 private:
  std::vector<std::string> includes_;
  std::vector<std::string> excludes_;
};

}  // namespace volpol::plan
