// volpol/policy/action.h — a volume policy's action: skip, snapshot, fs-backup or custom,
// with typed parameters.
//
// Mirrors Velero internal/resourcepolicies/resource_policies.go: `Action`,
// `Action.GetDataMover`, `Action.GetSnapshotClass`, and `Action.validate`
// (volume_resources_validator.go).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "volpol/k8s/diagnostic.h"
#include "volpol/k8s/value.h"

namespace volpol::policy {

/// Velero's VolumeActionType. `other` holds a type string Velero does not know; building
/// keeps it (Velero does too), `validate()` rejects it.
enum class action_type : std::uint8_t { skip, snapshot, fs_backup, custom, other };

/// "skip", "snapshot", "fs-backup", "custom"; for `other` the caller prints the raw string.
[[nodiscard]] std::string_view to_string(action_type t);
/// The type for Velero's spelling (exact, case-sensitive), `other` otherwise.
[[nodiscard]] action_type action_type_from_string(std::string_view s);

/// The name of the parameter that selects the data mover (`dataMover`).
inline constexpr std::string_view data_mover_parameter = "dataMover";
/// The name of the parameter that selects the VolumeSnapshotClass (`snapshotClass`).
inline constexpr std::string_view snapshot_class_parameter = "snapshotClass";

struct action {
  action_type type = action_type::other;
  std::string type_string;  ///< as written in the document ("" when absent)
  /// `parameters`: a mapping of typed values, or null when absent. Document order kept.
  value parameters;
  value_mark mark;          ///< where `action:` is in the document

  /// The parameter `key`, or nullptr.
  [[nodiscard]] const value* parameter(std::string_view key) const { return parameters.find(key); }

  /// The data mover for a snapshot action: the `dataMover` parameter, or the default
  /// built-in data mover ("velero") when absent; "" and "velero" both become the default.
  /// Mirrors `Action.GetDataMover`.
  /// @return the name, or an error when the action is not `snapshot`, the parameter is not
  ///         a string, or it is not one of "", "velero", "velero-fs", "velero-block" (and
  ///         whatever else Velero's current list holds).
  [[nodiscard]] result<std::string> data_mover() const;

  /// The VolumeSnapshotClass for a snapshot action: the `snapshotClass` parameter, or ""
  /// (fall back to Velero's usual class selection). Mirrors `Action.GetSnapshotClass`.
  /// @return the name, or an error when the action is not `snapshot` or the parameter is
  ///         not a string.
  [[nodiscard]] result<std::string> snapshot_class() const;
};

}  // namespace volpol::policy
