// VP122: a global `snapshot` policy. The CSI plugin builds its volume helper from the Backup's
// policy only (pkg/plugin/utils/volumehelper `NewVolumeHelperWithCache` calls
// `GetResourcePoliciesFromBackup`), so it does not see global policies.
#include <fmt/format.h>

#include "context.h"

namespace volpol::lint::detail {

void check_global_snapshot_overridden(context& c) {
  for (const policy::volume_policy* p : c.policies()) {
    if (p->scope != policy::policy_scope::global || p->act.type != policy::action_type::snapshot) continue;
    c.add(rule_id::global_snapshot_overridden, *p, p->type_mark, policy_path(*p) + ".action.type",
          fmt::format("{} says snapshot, but the CSI plugin decides again from the Backup's policy alone: for CSI "
                      "volumes its snapshotClass and dataMover are not applied, and with snapshotVolumes: false no "
                      "snapshot is taken",
                      label(*p)),
          "put snapshot rules for CSI volumes in the backup's own policy");
  }
}

}  // namespace volpol::lint::detail
