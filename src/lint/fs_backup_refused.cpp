// VP206: fs-backup selected for a hostPath-backed or Block volume, which the pod volume backupper
// refuses (pkg/podvolume/backupper.go `BackupPodVolumes`). Reads the traced steps of each
// record: the backupper's host-path-volume / block-volume steps, and the ShouldPerformFSBackup
// step of the same pod volume for who selected it (a policy, or the pod's annotations).
#include <fmt/format.h>

#include <set>

#include "cluster_objects.h"

namespace volpol::lint::detail {

void check_fs_backup_refused(context& c) {
  const lint_input& in = c.input();
  std::set<std::pair<const k8s::pod*, const k8s::pod_volume*>> seen;
  for (const plan::volume_record& r : in.plan->volumes) {
    for (const plan::volume_decision& step : steps_of(r)) {
      const bool host_path = step.kind == plan::reason_kind::host_path_volume;
      if (!host_path && step.kind != plan::reason_kind::block_volume) continue;
      if (step.pod == nullptr || step.pod_volume == nullptr || !seen.insert({step.pod, step.pod_volume}).second)
        continue;
      const std::optional<plan::volume_decision> chose = fs_backup_choice(r, *step.pod, *step.pod_volume);
      const policy::volume_policy* by = chose ? chose->policy : nullptr;
      c.add_object(rule_id::fs_backup_refused,
                   fmt::format("Pod {}/{} volume `{}`", step.pod->metadata.namespace_, step.pod->metadata.name,
                               step.pod_volume->name),
                   fmt::format("{} fs-backup for a {} volume, which the pod volume backupper refuses: nothing is "
                               "backed up",
                               by != nullptr ? label(*by) + " selects" : std::string("the pod's annotations select"),
                               host_path ? "hostPath-backed" : "Block"),
                   host_path ? "use a snapshot, or a `skip` policy to say the volume is not backed up"
                             : "use a CSI snapshot (with `dataMover: velero-block` to move the data) for Block volumes",
                   by);
    }
  }
}

}  // namespace volpol::lint::detail
