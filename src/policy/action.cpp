// The snapshot action's own parameters: `dataMover` and `snapshotClass`. Mirrors
// `Action.GetDataMover`, `Action.GetSnapshotClass` and `validDataMovers` (velero
// internal/resourcepolicies/resource_policies.go) and pkg/util/datamover.
#include <fmt/core.h>

#include "volpol/policy/action.h"

namespace volpol::policy {

namespace {

diagnostic only_for_snapshot(std::string_view parameter, const action& a) {
  return make_error(fmt::format("the `{}` parameter is only supported for the `snapshot` action, not `{}`", parameter,
                                a.type_name()));
}

diagnostic not_a_string(std::string_view parameter, const value& v) {
  return make_error(
      fmt::format("parameter `{}` must be a string, got {} `{}`", parameter, v.go_type_name(), v.to_string()));
}

}  // namespace

bool is_velero_fs_data_mover(std::string_view name) {
  return name.empty() || name == data_mover_velero || name == data_mover_velero_fs;
}

bool is_builtin_data_mover(std::string_view name) {
  return is_velero_fs_data_mover(name) || name == data_mover_velero_block;
}

bool is_valid_data_mover(std::string_view name) { return is_builtin_data_mover(name); }

result<std::string> action::data_mover() const {
  if (type != action_type::snapshot) return only_for_snapshot(data_mover_parameter, *this);
  const value* raw = parameter(data_mover_parameter);
  if (!raw) return std::string(default_builtin_data_mover);
  if (!raw->is_string()) return not_a_string(data_mover_parameter, *raw);
  const std::string& name = raw->as_string();
  if (!is_valid_data_mover(name))
    return make_error(fmt::format("invalid `{}` value `{}`, valid values are `{}`, `{}`, `{}`", data_mover_parameter,
                                  name, data_mover_velero, data_mover_velero_fs, data_mover_velero_block));
  if (name.empty() || name == data_mover_velero) return std::string(default_builtin_data_mover);
  return name;
}

result<std::string> action::snapshot_class() const {
  if (type != action_type::snapshot) return only_for_snapshot(snapshot_class_parameter, *this);
  const value* raw = parameter(snapshot_class_parameter);
  if (!raw) return std::string();
  if (!raw->is_string()) return not_a_string(snapshot_class_parameter, *raw);
  return raw->as_string();
}

}  // namespace volpol::policy
