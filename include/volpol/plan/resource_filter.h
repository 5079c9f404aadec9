// volpol/plan/resource_filter.h — `--include-resources` / `--exclude-resources`, as far as
// they touch the three resources a volume plan walks: pods, persistentvolumeclaims and
// persistentvolumes.
//
// Mirrors Velero's resource IncludesExcludes after discovery resolves short names
// (pkg/util/collections/includes_excludes.go; pkg/backup/item_backupper.go
// `itemInclusionChecks`: a namespaced item must be included; a cluster-scoped one is only
// dropped when explicitly excluded).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "volpol/core/diagnostic.h"

namespace volpol::plan {

enum class resource_kind : std::uint8_t { pods, persistent_volume_claims, persistent_volumes };

/// The resource a name given on the command line means: "pods", "pod", "po",
/// "persistentvolumeclaims", "pvc", "persistentvolumes", "pv" (an optional empty group,
/// e.g. "pods." is accepted). nullopt for any other resource (volpol ignores those).
[[nodiscard]] std::optional<resource_kind> resource_kind_from_name(std::string_view name);

class resource_filter {
 public:
  resource_filter() = default;
  resource_filter(std::vector<std::string> includes, std::vector<std::string> excludes)
      : includes_(std::move(includes)), excludes_(std::move(excludes)) {}
  /// Whether items of `kind` are backed up. Namespaced kinds (pods, PVCs) must be included
  /// (no includes or `*` includes all) and not excluded; PVs are only dropped when excluded.
  [[nodiscard]] bool should_include(resource_kind kind) const;

 private:
  std::vector<std::string> includes_;
  std::vector<std::string> excludes_;
};

}  // namespace volpol::plan
