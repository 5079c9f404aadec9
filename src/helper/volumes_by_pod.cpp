// The fs-backup volume list of a pod (pkg/util/podvolume/pod_volume.go GetVolumesByPod,
// GetVolumesToProcess, IsPVCDefaultToFSBackup).
#include <algorithm>

#include "exclusion_rules.h"
#include "volpol/detail/helper/pod_volumes.h"

namespace volpol::helper {

namespace {

bool processed(const k8s::pod_volume& v, std::span<const std::string> legacy_volumes) {
  return legacy_volumes.empty() ||
         std::find(legacy_volumes.begin(), legacy_volumes.end(), v.name) != legacy_volumes.end();
}

pod_volume_selection opt_in_selection(const k8s::pod& p) {
  pod_volume_selection out;
  out.volumes = volumes_to_backup(p);
  out.choices.reserve(p.volumes.size());
  for (const auto& v : p.volumes) {
    const bool listed = is_opted_in(p, v);
    out.choices.push_back({&v, listed, listed ? reason::annotation_opt_in : reason::not_opted_in});
  }
  return out;
}

/// One volume in opt-out mode: the choice, in GetVolumesByPod's order of checks.
pod_volume_choice opt_out_choice(const k8s::pod& p, const k8s::pod_volume& v, bool backup_exclude_pvc) {
  const volume_exclusion kind = detail::kind_exclusion_of(v, backup_exclude_pvc);
  if (kind != volume_exclusion::none) return {&v, false, reason::excluded_volume, kind};
  if (is_opted_out(p, v)) return {&v, false, reason::annotation_opt_out};
  if (detail::has_default_token_name(v)) return {&v, false, reason::excluded_volume, volume_exclusion::default_token};
  return {&v, true, reason::default_fs_backup};
}

}  // namespace

pod_volume_selection volumes_by_pod(const k8s::pod& p, bool default_volumes_to_fs_backup, bool backup_exclude_pvc,
                                    std::span<const std::string> legacy_volumes) {
  if (!default_volumes_to_fs_backup) return opt_in_selection(p);
  pod_volume_selection out;
  for (const auto& v : p.volumes) {
    if (!processed(v, legacy_volumes)) continue;
    const pod_volume_choice c = opt_out_choice(p, v, backup_exclude_pvc);
    if (c.selected) out.volumes.push_back(v.name);
    if (c.why == reason::annotation_opt_out) out.opted_out.push_back(v.name);
    out.choices.push_back(c);
  }
  return out;
}

namespace {

/// Does volumes_by_pod(p, mode, false) select the first volume of `p` that mounts `claim_name`?
/// Computed without building the lists.
bool pod_selects_claim(const k8s::pod& p, std::string_view claim_name, bool default_volumes_to_fs_backup) {
  const k8s::pod_volume* mount = nullptr;
  for (const auto& v : p.volumes) {
    if (v.sources.has(k8s::volume_source::persistent_volume_claim) && v.sources.claim_name == claim_name) {
      mount = &v;
      break;
    }
  }
  if (mount == nullptr) return false;
  if (!default_volumes_to_fs_backup) return is_opted_in(p, *mount);
  // Opt-out mode lists pod volumes by name; the mount is selected when a volume of that name
  // passes the checks (names are unique in a valid pod, so that is the mount itself).
  for (const auto& v : p.volumes)
    if (v.name == mount->name && opt_out_choice(p, v, false).selected) return true;
  return false;
}

}  // namespace

bool is_pvc_default_to_fs_backup(const k8s::cluster& c, std::string_view namespace_, std::string_view claim_name,
                                 bool default_volumes_to_fs_backup) {
  for (const k8s::pod* p : c.pods_using_pvc(namespace_, claim_name))
    if (pod_selects_claim(*p, claim_name, default_volumes_to_fs_backup)) return true;
  return false;
}

}  // namespace volpol::helper
