// VP208, VP209: what the pods' backup annotations (backup.velero.io/backup-volumes,
// backup-volumes-excludes) say. VP208 reads the annotations with the helper's own functions
// (pod_volumes.h); VP209 reads each claim's traced ShouldPerformFSBackup steps (which pod's
// annotations selected it) and the explicit opt-outs of the other pods.
#include <fmt/format.h>

#include <set>

#include "cluster_objects.h"
#include "volpol/detail/helper/pod_volumes.h"

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
        else help = did_you_mean(closest(name, names));
        if (help.empty())
          help = names.empty() ? std::string("the pod has no volumes")
                               : fmt::format("the pod's volumes: {}", list_some({names.begin(), names.end()}));
        c.add_object(rule_id::annotation_unknown_volume,
                     fmt::format("Pod {}/{}", pod.metadata.namespace_, pod.metadata.name),
                     fmt::format("{} names `{}`, which is not a volume of the pod", annotation, name), help);
      }
    }
  }
}

void check_conflicting_pod_annotations(context& c) {
  const lint_input& in = c.input();
  const bool opt_out_mode = in.backup_options.default_volumes_to_fs_backup.value_or(
      in.server.default_volumes_to_fs_backup);
  for (const plan::volume_record& r : in.plan->volumes) {
    if (r.pvc_name.empty()) continue;
    std::string in_by, out_by;
    for (const plan::volume_decision& step : steps_of(r)) {
      // The annotations decide only where no volume policy matched (a policy decides first).
      if (step.step != plan::step_kind::should_perform_fs_backup || !step.has_helper || step.policy != nullptr ||
          step.pod == nullptr || step.pod_volume == nullptr)
        continue;
      const std::string who = fmt::format("pod {}/{} (volume `{}`)", step.pod->metadata.namespace_,
                                          step.pod->metadata.name, step.pod_volume->name);
      if (step.perform) {
        if (in_by.empty()) in_by = who;
      } else if (helper::is_opted_out(*step.pod, *step.pod_volume)) {
        if (out_by.empty()) out_by = who;
      }
    }
    if (in_by.empty() || out_by.empty()) continue;
    c.add_object(rule_id::conflicting_pod_annotations, object_of(r),
                 fmt::format("{} selects this PVC for fs-backup{} and {} excludes it: Velero takes one PodVolumeBackup "
                             "per PVC, so the exclusion is lost",
                             in_by, opt_out_mode ? " (defaultVolumesToFsBackup)" : "", out_by),
                 "make the annotations of the pods that mount it agree");
  }
}

}  // namespace volpol::lint::detail
