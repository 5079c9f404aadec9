// volpol/detail/policy/action_type.h — the type of a volume policy's action.
//
// Mirrors Velero's `VolumeActionType` (internal/resourcepolicies/resource_policies.go).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace volpol::policy {

/// Velero's VolumeActionType. `other` holds a type string Velero does not know; building
/// keeps it (Velero does too), `validate()` rejects it.
enum class action_type : std::uint8_t { skip, snapshot, fs_backup, custom, other };

/// The names of the types Velero knows, indexed by action_type (`other` has none): the one
/// list of them (to_string, action_type_from_string and the checks' suggestions read it).
inline constexpr std::array<std::string_view, 4> action_type_names = {"skip", "snapshot", "fs-backup", "custom"};

/// "skip", "snapshot", "fs-backup", "custom"; "" for `other` (the caller prints the raw string,
/// `action::type_string`).
[[nodiscard]] std::string_view to_string(action_type t);
/// The type for Velero's spelling (exact, case-sensitive: "Skip" is `other`), `other` otherwise.
[[nodiscard]] action_type action_type_from_string(std::string_view s);

}  // namespace volpol::policy
