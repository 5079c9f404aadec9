// VP120-VP122: what actions and their parameters do in Velero.
//   VP120: `custom` without parameters (ShouldPerformCustomAction compares parameters).
//   VP121: parameters no code path reads (Action.GetDataMover / GetSnapshotClass read the only
//          two; skip and fs-backup read none).
//   VP122: a global `snapshot` policy: the CSI plugin builds its volume helper from the Backup's
//          policy only (pkg/plugin/utils/volumehelper `NewVolumeHelperWithCache` calls
//          `GetResourcePoliciesFromBackup`), so it does not see global policies.
#include <fmt/format.h>

#include <array>

#include "context.h"

namespace volpol::lint::detail {

void check_custom_without_parameters(context& c) {
  for (const policy::volume_policy* p : c.policies()) {
    if (p->act.type != policy::action_type::custom) continue;
    const value& params = p->act.parameters;
    if (params.is_mapping() && !params.entries().empty()) continue;
    c.add(rule_id::custom_without_parameters, *p, p->type_mark, policy_path(*p) + ".action",
          fmt::format("{} has no parameters: no plugin can tell the volume is its own", label(*p)),
          "add the parameters your BackupItemAction plugin looks for (`parameters: {myPlugin: true}`)");
  }
}

void check_unread_parameters(context& c) {
  constexpr std::array<std::string_view, 2> snapshot_reads = {policy::data_mover_parameter,
                                                             policy::snapshot_class_parameter};
  for (const policy::volume_policy* p : c.policies()) {
    const value& params = p->act.parameters;
    const policy::action_type t = p->act.type;
    if (!params.is_mapping() || t == policy::action_type::custom || t == policy::action_type::other) continue;
    for (std::size_t i = 0; i < params.entries().size(); ++i) {
      const std::string& key = params.entries()[i].first;
      if (t == policy::action_type::snapshot && (key == snapshot_reads[0] || key == snapshot_reads[1])) continue;
      // dataMover / snapshotClass on other actions: validate already rejects them.
      if (key == snapshot_reads[0] || key == snapshot_reads[1]) continue;
      std::string help;
      if (t == policy::action_type::snapshot) {
        help = did_you_mean(closest(key, snapshot_reads));
        if (help.empty()) help = "a snapshot action reads `dataMover` and `snapshotClass` only";
      } else {
        help = fmt::format("Velero reads no parameter of a `{}` action; remove it", p->act.type_name());
      }
      const value_mark km = params.key_mark(i);
      c.add(rule_id::unread_parameter, *p, km.line ? km : p->type_mark,
            fmt::format("{}.action.parameters.{}", policy_path(*p), key),
            fmt::format("parameter `{}` of {} is read by no Velero code path", key, label(*p)), help);
    }
  }
}

void check_global_snapshot_overridden(context& c) {
  for (const policy::volume_policy* p : c.policies()) {
    if (p->origin != policy::policy_origin::global || p->act.type != policy::action_type::snapshot) continue;
    c.add(rule_id::global_snapshot_overridden, *p, p->type_mark, policy_path(*p) + ".action.type",
          fmt::format("{} says snapshot, but the CSI plugin decides again from the Backup's policy alone: for CSI "
                      "volumes its snapshotClass and dataMover are not applied, and with snapshotVolumes: false no "
                      "snapshot is taken",
                      label(*p)),
          "put snapshot rules for CSI volumes in the backup's own policy");
  }
}

void check_velero_warnings(context& c) {
  for (const diagnostic& d : c.input().velero_warnings)
    if (d.level == severity::warning) c.add_diagnostic(rule_id::velero_warning, d);
}

}  // namespace volpol::lint::detail
