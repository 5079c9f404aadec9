// volume_helper::should_perform_snapshot (volume_policy_helper.go ShouldPerformSnapshot).
#include <algorithm>

#include "resolved.h"
#include "volpol/detail/helper/pod_volumes.h"
#include "volpol/helper/volume_helper.h"

namespace volpol::helper {

namespace {

/// A pod that mounts the PV's claim and fs-backs that volume up by its annotations; fills
/// d.pod, d.pod_volume, d.pod_reason. Only the pods using the claim are visited.
bool find_fs_backup_pod(const k8s::persistent_volume& pv, const k8s::cluster& c, const helper_options& o, decision& d) {
  if (!pv.claim_ref) return false;
  const k8s::object_reference& ref = *pv.claim_ref;
  const bool default_volumes_to_fs_backup = o.default_volumes_to_fs_backup;
  // GetPodsUsingPVCWithCache: a namespace the cache was not built for has no pods.
  if (!o.pod_lookup_namespaces.empty() &&
      !std::binary_search(o.pod_lookup_namespaces.begin(), o.pod_lookup_namespaces.end(), ref.namespace_))
    return false;
  // The pods' volumes that name the claim, as Velero's loop over each pod's volumes finds
  // them (pods in order, volumes in spec order), from the cluster's index.
  for (const k8s::pod_claim_volume& pv : c.volumes_using_pvc(ref.namespace_, ref.name)) {
    const annotation_choice choice = fs_backup_by_annotations(*pv.p, *pv.volume, default_volumes_to_fs_backup);
    if (!choice.selected) continue;
    d.pod = pv.p;
    d.pod_volume = pv.volume;
    d.pod_reason = choice.why;
    return true;
  }
  return false;
}

reason snapshot_volumes_reason(const std::optional<bool>& snapshot_volumes) {
  if (!snapshot_volumes) return reason::snapshot_volumes_unset;
  return *snapshot_volumes ? reason::snapshot_volumes_true : reason::snapshot_volumes_false;
}

}  // namespace

result<decision> volume_helper::should_perform_snapshot(volume_object target) const {
  const resolved r = resolve(target);
  decision d = r.seed();
  if (r.match != nullptr) {
    d.why = reason::policy_action;
    d.policy = r.match;
    d.perform = r.match->act.type == policy::action_type::snapshot;
    return d;
  }
  if (r.pv_unknown()) return pv_lookup_error(*r.pvc, r.lookup);
  if (find_fs_backup_pod(*r.pv, *cluster_, options_, d)) {
    d.why = reason::pod_fs_backup;
    return d;
  }
  d.why = snapshot_volumes_reason(options_.snapshot_volumes);
  d.perform = options_.snapshot_volumes.value_or(true);
  return d;
}

}  // namespace volpol::helper
