// VP112: a `fs-backup` policy for volumes the pod volume backupper refuses: hostPath volumes and
// Block volumes (pkg/podvolume/backupper.go `BackupPodVolumes` skips both with a warning).
#include <fmt/format.h>

#include <algorithm>

#include "context.h"

namespace volpol::lint::detail {

void check_unsupported_fs_backup(context& c) {
  for (const policy::volume_policy* p : c.policies()) {
    if (p->act.type != policy::action_type::fs_backup || c.said_never_matches(*p)) continue;
    const auto& types = p->conditions.volume_types;
    if (!types.empty() &&
        std::all_of(types.begin(), types.end(), [](const std::string& t) { return t == "hostPath"; })) {
      c.add(rule_id::unsupported_fs_backup, *p, p->type_mark, policy_path(*p) + ".action.type",
            fmt::format("{} selects fs-backup for hostPath volumes, which the pod volume backupper refuses: "
                        "nothing is backed up and the backup still ends Completed",
                        label(*p)),
            "use `skip` to say these volumes are not backed up, or back the data up another way");
    } else if (p->conditions.pvc_volume_mode == "Block") {
      c.add(rule_id::unsupported_fs_backup, *p, p->type_mark, policy_path(*p) + ".action.type",
            fmt::format("{} selects fs-backup for Block volumes, which the pod volume backupper refuses: "
                        "nothing is backed up and the backup still ends Completed",
                        label(*p)),
            "use `snapshot` (with `dataMover: velero-block` to move the data) for Block volumes");
    }
  }
}

}  // namespace volpol::lint::detail
