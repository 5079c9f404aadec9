// VP121: action parameters no Velero code path reads: `Action.GetDataMover` and
// `Action.GetSnapshotClass` (resource_policies.go) read the only two, of `snapshot`; skip and
// fs-backup read none.
#include <fmt/format.h>

#include <array>

#include "context.h"

namespace volpol::lint::detail {

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

}  // namespace volpol::lint::detail
