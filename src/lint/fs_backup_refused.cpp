// VP206: fs-backup selected for a hostPath-backed or Block volume, which the pod volume backupper
// refuses (pkg/podvolume/backupper.go `BackupPodVolumes`).
#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <set>

#include "cluster_objects.h"

namespace volpol::lint::detail {

void check_fs_backup_refused(context& c) {
  const lint_input& in = c.input();
  const helper::volume_helper core(effective_policies(in), core_options(in), *in.cluster);
  std::set<std::pair<const k8s::pod*, const k8s::pod_volume*>> seen;
  for (const plan::volume_record& r : in.plan->volumes) {
    const record_objects o = objects_of(*in.cluster, r);
    const auto mounts = mounts_of(*in.cluster, o);
    const bool host_path_pv = o.pv != nullptr && o.pv->sources.has(k8s::volume_source::host_path);
    const bool block_pvc = o.pvc != nullptr && o.pvc->volume_mode && *o.pvc->volume_mode == "Block";
    for (const auto& [pod, vol] : mounts) {
      if (!seen.insert({pod, vol}).second) continue;
      const bool block = block_pvc || std::binary_search(pod->device_volumes.begin(), pod->device_volumes.end(), vol->name);
      if (!host_path_pv && !block) continue;
      auto d = core.should_perform_fs_backup(*vol, *pod);
      if (!d || !d->perform) continue;
      const std::string by = d->policy != nullptr ? label(*d->policy) : std::string("the pod's annotations");
      c.add_object(rule_id::fs_backup_refused,
                   fmt::format("Pod {}/{} volume `{}`", pod->metadata.namespace_, pod->metadata.name, vol->name),
                   fmt::format("{} select{} fs-backup for a {} volume, which the pod volume backupper refuses: nothing "
                               "is backed up",
                               by, d->policy != nullptr ? "s" : "", host_path_pv ? "hostPath-backed" : "Block"),
                   block ? "use a CSI snapshot (with `dataMover: velero-block` to move the data) for Block volumes"
                         : "use a snapshot, or a `skip` policy to say the volume is not backed up",
                   d->policy);
    }
  }
}

}  // namespace volpol::lint::detail
