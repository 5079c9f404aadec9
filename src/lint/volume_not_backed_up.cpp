// VP205: a persistent volume nothing backs up while the backup succeeds (velero-io/velero#7235).
#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <set>

#include "cluster_objects.h"

namespace volpol::lint::detail {

namespace {

/// volume helper's fs-backup decision, the PV's source, the server's snapshot locations).
std::string not_backed_up_help(const lint_input& in, const helper::volume_helper& core, const plan::volume_record& r,
                               const record_objects& o) {
  const bool csi = o.pv != nullptr && o.pv->sources.has(k8s::volume_source::csi) && in.server.enable_csi;
  const bool host_path = o.pv != nullptr && o.pv->sources.has(k8s::volume_source::host_path);
  const bool block = o.pvc != nullptr && o.pvc->volume_mode && *o.pvc->volume_mode == "Block";
  const std::string fs_by = fs_backup_selected_by(core, *in.cluster, o);
  if (!fs_by.empty() && (host_path || block))
    return fmt::format("fs-backup is selected by {}, but the pod volume backupper refuses {} volumes: take a snapshot "
                       "instead",
                       fs_by, host_path ? "hostPath-backed" : "Block");
  if (!fs_by.empty())
    return fmt::format("fs-backup is selected by {}, but no PodVolumeBackup is made for it (`volpol plan` says why: "
                       "pod not running, volume not mounted ...)",
                       fs_by);
  const policy::action_type chosen = r.policy != nullptr ? r.policy->act.type : policy::action_type::other;
  if (chosen == policy::action_type::fs_backup)
    return fmt::format("{} selects fs-backup, which needs a running pod that mounts the claim; no pod mounts it",
                       label(*r.policy));
  if (!csi && in.server.volume_snapshot_locations.empty())
    return fmt::format("{}no volume snapshot location is given, so no native snapshot can be taken of this non-CSI "
                       "volume (--volume-snapshot-locations NAME=PROVIDER), and no fs-backup is selected",
                       r.policy != nullptr ? label(*r.policy) + " says snapshot, but " : std::string());
  if (r.policy == nullptr && in.backup_options.snapshot_volumes == false)
    return "snapshotVolumes is false and no fs-backup is selected: add a volume policy or a pod annotation that "
           "covers it, or a `skip` policy to say it is intended";
  if (r.policy != nullptr)
    return fmt::format("{} matched it, but its action could not be carried out for this volume (`volpol plan` says why)",
                       label(*r.policy));
  return "add a volume policy (snapshot or fs-backup) or a pod annotation that covers it, or a `skip` policy to say it "
         "is intended";
}


}  // namespace

void check_volumes_not_backed_up(context& c) {
  const lint_input& in = c.input();
  const helper::volume_helper core(effective_policies(in), core_options(in), *in.cluster);
  constexpr std::string_view exclude_label = "velero.io/exclude-from-backup";
  auto excluded = [&](const k8s::object_meta* m) {
    const std::string* v = m ? m->labels.find(exclude_label) : nullptr;
    return v != nullptr && *v == "true";
  };
  for (const plan::volume_record& r : in.plan->volumes) {
    if (r.method != plan::backup_method::none || r.error) continue;
    if (r.pvc_name.empty() && r.pv_name.empty()) continue;  // pod volumes (emptyDir ...) hold no persistent data
    if (r.policy != nullptr && r.policy->act.type == policy::action_type::skip) continue;  // asked for
    const record_objects o = objects_of(*in.cluster, r);
    if (o.pvc != nullptr && o.pvc->volume_name.empty()) continue;  // unbound: no data yet
    if (excluded(o.pvc ? &o.pvc->metadata : nullptr) || excluded(o.pv ? &o.pv->metadata : nullptr) ||
        excluded(o.pod ? &o.pod->metadata : nullptr))
      continue;
    c.add_object(rule_id::volume_not_backed_up, object_of(r),
                 "nothing backs up this volume's data (no snapshot, no fs-backup) and the backup still ends Completed",
                 not_backed_up_help(in, core, r, o), r.policy);
  }
}

}  // namespace volpol::lint::detail
