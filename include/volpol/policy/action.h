// volpol/policy/action.h — a volume policy's action: skip, snapshot, fs-backup or custom,
// with typed parameters.
//
// Mirrors Velero internal/resourcepolicies/resource_policies.go: `Action`,
// `Action.GetDataMover`, `Action.GetSnapshotClass`, and the parameter rules of
// `Action.validate` (volume_resources_validator.go); data mover names from pkg/util/datamover.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "volpol/core/result.h"
#include "volpol/core/value.h"
#include "volpol/detail/policy/action_type.h"

namespace volpol::policy {

/// The name of the parameter that selects the data mover (`dataMover`).
inline constexpr std::string_view data_mover_parameter = "dataMover";
/// The name of the parameter that selects the VolumeSnapshotClass (`snapshotClass`).
inline constexpr std::string_view snapshot_class_parameter = "snapshotClass";

/// Velero's data mover names (pkg/util/datamover): `velero` is the alias of the default
/// built-in mover, which is currently the file-system one (`GetDefaultBuiltInDataMover`).
inline constexpr std::string_view data_mover_velero = "velero";
inline constexpr std::string_view data_mover_velero_fs = "velero-fs";
inline constexpr std::string_view data_mover_velero_block = "velero-block";
inline constexpr std::string_view default_builtin_data_mover = data_mover_velero_fs;

/// True for Velero's file-system data mover: "velero-fs", and "" and "velero" (the default
/// built-in mover is the file-system one). Mirrors `IsVeleroFSDataMover` (pkg/util/datamover).
[[nodiscard]] bool is_velero_fs_data_mover(std::string_view name);
/// True for Velero's built-in data movers: is_velero_fs_data_mover, or "velero-block". A data
/// mover elsewhere (a Backup's spec.datamover) may name a third-party one.
/// Mirrors `IsBuiltInDataMover` (pkg/util/datamover).
[[nodiscard]] bool is_builtin_data_mover(std::string_view name);

/// True for the values a `dataMover` parameter may hold: "" and "velero" (both the default
/// built-in mover), "velero-fs", "velero-block" (that is, is_builtin_data_mover: a policy
/// cannot name a third-party mover). Exact: no trimming, case-sensitive.
/// Mirrors `validDataMovers` (resource_policies.go).
[[nodiscard]] bool is_valid_data_mover(std::string_view name);

struct action {
  action_type type = action_type::other;
  std::string type_string;  ///< as written in the document ("" when absent)
  /// `parameters`: a mapping of typed values, or null when absent. Document order kept.
  value parameters;
  value_mark mark;  ///< where `action:` is in the document

  /// The parameter `key`, or nullptr (also when there are no parameters).
  [[nodiscard]] const value* parameter(std::string_view key) const { return parameters.find(key); }

  /// The type's name as the document spells it: to_string(type), or `type_string` for `other`.
  [[nodiscard]] std::string_view type_name() const {
    return type == action_type::other ? std::string_view(type_string) : to_string(type);
  }

  /// The data mover for a snapshot action: the `dataMover` parameter, or the default built-in
  /// data mover ("velero-fs") when absent; "" and "velero" both become the default.
  ///     action{snapshot, {dataMover: velero-block}}.data_mover()  // "velero-block"
  ///     action{snapshot}.data_mover()                             // "velero-fs"
  /// Mirrors `Action.GetDataMover`.
  /// @return the name, or an error when the action is not `snapshot` (checked first), the
  ///         parameter is not a string (null, number, list ...), or is_valid_data_mover() is false.
  [[nodiscard]] result<std::string> data_mover() const;

  /// The VolumeSnapshotClass for a snapshot action: the `snapshotClass` parameter, or "" when
  /// absent (fall back to Velero's usual class selection). Mirrors `Action.GetSnapshotClass`.
  /// Other parameters are not looked at (an invalid `dataMover` does not matter here).
  /// @return the name, or an error when the action is not `snapshot` (checked first) or the
  ///         parameter is not a string (`snapshotClass: null` and `123` are errors).
  [[nodiscard]] result<std::string> snapshot_class() const;
};

}  // namespace volpol::policy
