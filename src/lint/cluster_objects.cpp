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
void structured_volumes_of(const record_objects& o, std::vector<policy::structured_volume>& out) {
  const policy::volume_filter_data tries[] = {
      {.pv = o.pv, .pvc = o.pvc, .pod_volume = nullptr},
      {.pv = nullptr, .pvc = o.pvc, .pod_volume = o.pod_volume},
  };
  for (const policy::volume_filter_data& d : tries) {
    if (d.pv == nullptr && d.pvc == nullptr && d.pod_volume == nullptr) continue;
    if (d.pod_volume != nullptr && o.pv != nullptr) continue;  // Velero reads the PV when there is one
    if (auto v = policy::make_structured_volume(d)) out.push_back(*v);
  }
}

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

const policy::policies* effective_policies(const lint_input& in) {
  if (in.plan->merged_policies) return in.plan->merged_policies.get();
  return in.backup != nullptr ? in.backup : in.global;
}

helper::helper_options core_options(const lint_input& in) {
  helper::helper_options o;
  o.snapshot_volumes = in.backup_options.snapshot_volumes;
  o.default_volumes_to_fs_backup =
      in.backup_options.default_volumes_to_fs_backup.value_or(in.server.default_volumes_to_fs_backup);
  return o;
}

std::vector<std::pair<const k8s::pod*, const k8s::pod_volume*>> mounts_of(const k8s::cluster& cl, const record_objects& o) {
  std::vector<std::pair<const k8s::pod*, const k8s::pod_volume*>> mounts;
  if (o.pvc != nullptr) {
    for (const k8s::pod* pod : cl.pods_using_pvc(o.pvc->metadata.namespace_, o.pvc->metadata.name))
      for (const k8s::pod_volume& v : pod->volumes)
        if (v.sources.has(k8s::volume_source::persistent_volume_claim) && v.sources.claim_name == o.pvc->metadata.name)
          mounts.emplace_back(pod, &v);
  } else if (o.pod != nullptr && o.pod_volume != nullptr) {
    mounts.emplace_back(o.pod, o.pod_volume);
  }
  return mounts;
}

/// Who selects fs-backup for the volume (the deciding policy, or "the annotations of pod ns/name"),
/// as the volume helper decides for each pod that mounts it; "" when nobody does.
std::string fs_backup_selected_by(const helper::volume_helper& core, const k8s::cluster& cl, const record_objects& o) {
  for (const auto& [pod, vol] : mounts_of(cl, o)) {
    auto d = core.should_perform_fs_backup(*vol, *pod);
    if (d && d->perform)
      return d->policy != nullptr ? label(*d->policy)
                                  : fmt::format("the annotations of pod {}/{}", pod->metadata.namespace_, pod->metadata.name);
  }
  return {};
}


}  // namespace volpol::lint::detail
