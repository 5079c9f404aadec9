// VP208, VP209: what the pods' backup annotations (backup.velero.io/backup-volumes,
// backup-volumes-excludes) say, read with the helper's own functions (pod_volumes.h).
#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <set>

#include "cluster_objects.h"
#include "volpol/helper/pod_volumes.h"
#include "volpol/helper/volume_helper.h"

namespace volpol::lint::detail {

namespace {
/// Namespaces the plan looked at.
std::set<std::string_view> planned_namespaces(const plan::plan_result& p) {
  std::set<std::string_view> ns;
  for (const plan::volume_record& r : p.volumes) {
    if (!r.pvc_namespace.empty()) ns.insert(r.pvc_namespace);
    if (!r.pod_namespace.empty()) ns.insert(r.pod_namespace);
  }
  return ns;
}
}  // namespace

void check_annotation_unknown_volumes(context& c) {
  const lint_input& in = c.input();
  const std::set<std::string_view> ns = planned_namespaces(*in.plan);
  for (const k8s::pod& pod : in.cluster->pods()) {
    if (!ns.contains(pod.metadata.namespace_)) continue;
    std::vector<std::string> names;
    for (const k8s::pod_volume& v : pod.volumes) names.push_back(v.name);
    const std::pair<std::string_view, std::vector<std::string>> lists[] = {
        {helper::volumes_to_backup_annotation, helper::volumes_to_backup(pod)},
        {helper::volumes_to_exclude_annotation, helper::volumes_to_exclude(pod)},
    };
    for (const auto& [annotation, listed] : lists) {
      for (const std::string& name : listed) {
        if (name.empty() || pod.find_volume(name) != nullptr) continue;
        std::string help;
        const std::size_t b = name.find_first_not_of(' '), e = name.find_last_not_of(' ');
        if (b != std::string::npos && pod.find_volume(name.substr(b, e - b + 1)) != nullptr)
          help = "annotation lists are split on `,` without trimming: remove the spaces";
        else
          help = did_you_mean(closest(name, names));
        if (help.empty()) help = names.empty() ? std::string("the pod has no volumes")
                                               : fmt::format("the pod's volumes: {}", list_some({names.begin(), names.end()}));
        c.add_object(rule_id::annotation_unknown_volume, fmt::format("Pod {}/{}", pod.metadata.namespace_, pod.metadata.name),
                     fmt::format("{} names `{}`, which is not a volume of the pod", annotation, name), help);
      }
    }
  }
}

void check_conflicting_pod_annotations(context& c) {
  const lint_input& in = c.input();
  const helper::helper_options options = core_options(in);
  const bool opt_out_mode = options.default_volumes_to_fs_backup;
  const helper::volume_helper core(effective_policies(in), options, *in.cluster);
  std::set<const k8s::persistent_volume_claim*> seen;
  for (const plan::volume_record& r : in.plan->volumes) {
    const record_objects o = objects_of(*in.cluster, r);
    if (o.pvc == nullptr || !seen.insert(o.pvc).second) continue;
    const auto mounts = mounts_of(*in.cluster, o);
    if (mounts.size() < 2 || std::none_of(mounts.begin(), mounts.end(), [](const auto& m) {
          return helper::is_opted_out(*m.first, m.second->name);
        }))
      continue;  // no pod opts it out: nothing to conflict (the cheap test first)
    std::string in_by, out_by;
    for (const auto& [pod, v] : mounts) {
      // A matching volume policy decides before the annotations are read: nothing to conflict.
      auto d = core.should_perform_fs_backup(*v, *pod);
      if (!d || d->policy != nullptr) continue;
      const std::string who = fmt::format("pod {}/{} (volume `{}`)", pod->metadata.namespace_, pod->metadata.name, v->name);
      if (helper::is_opted_out(*pod, v->name)) {
        if (out_by.empty()) out_by = who;
      } else if (d->perform) {
        if (in_by.empty()) in_by = who;
      }
    }
    if (in_by.empty() || out_by.empty()) continue;
    c.add_object(rule_id::conflicting_pod_annotations, object_of(r),
                 fmt::format("{} selects this PVC for fs-backup{} and {} excludes it: Velero takes one PodVolumeBackup "
                             "per PVC, so the exclusion is lost",
                             in_by, opt_out_mode ? " (defaultVolumesToFsBackup)" : "", out_by),
                 fmt::format("make the annotations of the pods that mount it agree"));
  }
}

}  // namespace volpol::lint::detail
