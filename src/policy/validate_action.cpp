// Action checks of `Policies.Validate` (velero internal/resourcepolicies/
// volume_resources_validator.go `Action.validate`).
#include <fmt/format.h>

#include "decode_node.h"
#include "policies_build.h"
#include "validate_parts.h"

namespace volpol::policy::detail {

namespace {

const std::vector<std::string_view> action_types(action_type_names.begin(), action_type_names.end());
const std::vector<std::string_view> data_movers = {data_mover_velero, data_mover_velero_fs, data_mover_velero_block};

value_mark parameter_mark(const action& a, std::string_view key, value_mark fallback) {
  const value& p = a.parameters;
  for (std::size_t i = 0; i < p.entries().size(); ++i)
    if (p.entries()[i].first == key) return p.key_mark(i).line ? p.key_mark(i) : fallback;
  return fallback;
}

void check_type(const volume_policy& vp, const std::string& path, diagnostics& out) {
  const action& a = vp.act;
  const velero_version release = vp.origin.version;
  if (a.type == action_type::custom && !has(release, velero_feature::action_custom)) {
    // Before v1.18.1 `(*Action).validate` accepts skip, snapshot and fs-backup only:
    // "invalid action type custom".
    out.add(vp.origin.diagnose(vp.type_mark, path, not_in_version_text(release, velero_feature::action_custom),
                               version_help(velero_feature::action_custom)));
    return;
  }
  if (a.type != action_type::other) return;
  if (a.type_string.empty()) {
    out.add(vp.origin.diagnose(vp.type_mark, path, "missing action type",
                               "set `type` to `skip`, `snapshot`, `fs-backup` or `custom`"));
    return;
  }
  const std::string near = closest(a.type_string, action_types);
  out.add(vp.origin.diagnose(vp.type_mark, path, fmt::format("unknown action type `{}`", a.type_string),
                             near.empty() ? "action types are `skip`, `snapshot`, `fs-backup` and `custom`"
                                          : fmt::format("did you mean `{}`? action types are case-sensitive", near)));
}

/// A snapshot-only parameter: present elsewhere is an error. Returns the value to check further.
const value* snapshot_parameter(const volume_policy& vp, std::string_view key, const std::string& path,
                                diagnostics& out) {
  const value* v = vp.act.parameter(key);
  if (!v) return nullptr;
  if (vp.act.type == action_type::snapshot) return v;
  out.add(vp.origin.diagnose(parameter_mark(vp.act, key, vp.act.mark), path + "." + std::string(key),
                             fmt::format("parameter `{}` is only supported for the `snapshot` action, but the action "
                                         "type is `{}`",
                                         key, vp.act.type_string),
                             fmt::format("remove `{}` or change the type to `snapshot`", key)));
  return nullptr;
}

void check_data_mover(const volume_policy& vp, const std::string& path, diagnostics& out) {
  const value* v = snapshot_parameter(vp, data_mover_parameter, path, out);
  if (!v) return;
  const value_mark m = v->mark().line ? v->mark() : parameter_mark(vp.act, data_mover_parameter, vp.act.mark);
  const std::string p = path + ".dataMover";
  if (!v->is_string()) {
    out.add(vp.origin.diagnose(m, p, fmt::format("parameter `dataMover` must be a string, got {}", describe(*v)),
                               "valid values are `velero`, `velero-fs` and `velero-block` (or empty)"));
    return;
  }
  if (is_valid_data_mover(v->as_string())) return;
  const std::string near = closest(v->as_string(), data_movers);
  out.add(vp.origin.diagnose(m, p, fmt::format("invalid `dataMover` value `{}`", v->as_string()),
                             fmt::format("{}valid values are `velero`, `velero-fs` and `velero-block` (or empty)",
                                         near.empty() ? "" : fmt::format("did you mean `{}`? ", near))));
}

void check_snapshot_class(const volume_policy& vp, const std::string& path, diagnostics& out) {
  const value* v = snapshot_parameter(vp, snapshot_class_parameter, path, out);
  if (!v) return;
  const value_mark m = v->mark().line ? v->mark() : parameter_mark(vp.act, snapshot_class_parameter, vp.act.mark);
  const std::string p = path + ".snapshotClass";
  if (!v->is_string())
    out.add(vp.origin.diagnose(m, p, fmt::format("parameter `snapshotClass` must be a string, got {}", describe(*v)),
                               "quote the class name if YAML reads it as another type"));
  else if (v->as_string().empty())
    out.add(vp.origin.diagnose(m, p, "parameter `snapshotClass` must not be empty",
                               "remove it to let Velero choose the VolumeSnapshotClass as usual"));
}

}  // namespace

void validate_action(const volume_policy& vp, diagnostics& out) {
  const std::string path = fmt::format("volumePolicies[{}].action", vp.index);
  check_type(vp, path + ".type", out);
  // Before main, `(*Action).validate` has `// TODO validate parameters`: any parameters pass.
  if (!has(vp.origin.version, velero_feature::parameter_validation)) return;
  check_data_mover(vp, path + ".parameters", out);
  check_snapshot_class(vp, path + ".parameters", out);
}

}  // namespace volpol::policy::detail
