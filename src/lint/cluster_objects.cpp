// The cluster objects behind plan records (see cluster_objects.h).
#include "cluster_objects.h"

#include <fmt/format.h>

namespace volpol::lint::detail {

record_objects objects_of(const k8s::cluster& c, const plan::volume_record& r) {
  record_objects o;
  if (!r.pv_name.empty()) o.pv = c.find_pv(r.pv_name);
  if (!r.pvc_name.empty()) o.pvc = c.find_pvc(r.pvc_namespace, r.pvc_name);
  if (!r.pod_name.empty()) {
    o.pod = c.find_pod(r.pod_namespace, r.pod_name);
    if (o.pod != nullptr) o.pod_volume = o.pod->find_volume(r.pod_volume);
  }
  return o;
}

/// "PersistentVolumeClaim ns/name", "PersistentVolume name" or "Pod ns/name volume `v`".
std::string object_of(const plan::volume_record& r) {
  if (!r.pvc_name.empty()) return fmt::format("PersistentVolumeClaim {}/{}", r.pvc_namespace, r.pvc_name);
  if (!r.pv_name.empty()) return fmt::format("PersistentVolume {}", r.pv_name);
  return fmt::format("Pod {}/{} volume `{}`", r.pod_namespace, r.pod_name, r.pod_volume);
}

/// True when some structured volume Velero builds for this record meets every condition of `p`.
std::string list_some(const std::set<std::string>& names) {
  std::string out;
  std::size_t n = 0;
  for (const std::string& s : names) {
    if (n == 5) {
      out += fmt::format(" and {} more", names.size() - 5);
      break;
    }
    out += (n++ ? ", `" : "`") + s + "`";
  }
  return out;
}

std::optional<plan::volume_decision> fs_backup_choice(const plan::volume_record& r, const k8s::pod& pod,
                                                      const k8s::pod_volume& v) {
  for (const plan::volume_decision& step : steps_of(r))
    if (step.step == plan::step_kind::should_perform_fs_backup && step.perform && step.pod == &pod &&
        step.pod_volume == &v)
      return step;
  return std::nullopt;
}

}  // namespace volpol::lint::detail
