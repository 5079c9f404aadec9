// volpol/detail/plan/resource_kind.h — the three resources a volume plan walks: pods,
// persistentvolumeclaims and persistentvolumes.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace volpol::plan {

enum class resource_kind : std::uint8_t { pods, persistent_volume_claims, persistent_volumes };

/// The resource a name given on the command line means: "pods", "pod", "po",
/// "persistentvolumeclaims", "pvc", "persistentvolumes", "pv" (an optional empty group,
/// e.g. "pods." is accepted), as discovery resolves short names. nullopt for any other
/// resource (volpol ignores those).
[[nodiscard]] std::optional<resource_kind> resource_kind_from_name(std::string_view name);

}  // namespace volpol::plan
