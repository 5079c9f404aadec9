// volume_helper::should_perform_fs_backup (volume_policy_helper.go ShouldPerformFSBackup).
#include "volpol/detail/helper/pod_volumes.h"
#include "volpol/detail/helper/pvc_pv.h"
#include "volpol/helper/volume_helper.h"

namespace volpol::helper {

result<decision> volume_helper::should_perform_fs_backup(const k8s::pod_volume& v, const k8s::pod& p) const {
  decision d;
  d.exclusion = exclusion_of(v, options_.backup_exclude_pvc);
  if (d.exclusion != volume_exclusion::none) {
    d.why = reason::excluded_volume;
    return d;
  }
  if (policies_ != nullptr) {
    if (v.sources.has(k8s::volume_source::persistent_volume_claim)) {
      d.pvc = get_pvc_for_pod_volume(v, p, *cluster_);
      if (d.pvc == nullptr) return pvc_lookup_error(v, p);
      const pv_lookup found = get_pv_for_pvc(*d.pvc, *cluster_);
      d.pv = found.pv;
      d.lookup = found.status;
      // v1.17: GetPVForPVC's error returns before any matching (ShouldPerformFSBackup at v1.17.2).
      if (d.pv == nullptr && !has(options_.version, velero_feature::pvc_only_match))
        return pv_lookup_error(*d.pvc, d.lookup);
    }
    // The PV when found, else the pod volume itself (Velero's getVolumeFromResource), with the PVC.
    d.consulted_policies = true;
    d.matched_on = {.pv = d.pv, .pvc = d.pvc, .pod_volume = d.pv ? nullptr : &v};
    const auto m = policies_->match(d.matched_on);
    if (const diagnostic* e = m.error()) return *e;
    if (m.value() != nullptr) {
      d.why = reason::policy_action;
      d.policy = m.value();
      d.perform = d.policy->act.type == policy::action_type::fs_backup;
      return d;
    }
    if (d.pvc != nullptr && d.pv == nullptr) return pv_lookup_error(*d.pvc, d.lookup);
  }
  const annotation_choice choice = fs_backup_by_annotations(p, v, options_.default_volumes_to_fs_backup);
  d.perform = choice.selected;
  d.why = choice.why;
  return d;
}

}  // namespace volpol::helper
