// volume_helper: construction, target resolution and the parameter lookups
// (internal/volumehelper/volume_policy_helper.go getPVAndMatchAction, GetActionParameters,
// GetDataMoverFromActionParameters, GetSnapshotClass).
#include "volpol/helper/volume_helper.h"

#include <fmt/core.h>

#include "resolved.h"
#include "volpol/detail/helper/problem.h"
#include "volpol/detail/helper/pvc_pv.h"

namespace volpol::helper {

volume_helper::volume_helper(const policy::policies* policies, helper_options options, const k8s::cluster& cluster)
    : policies_(policies), options_(options), cluster_(&cluster) {}

volume_helper::volume_helper(std::shared_ptr<const policy::policies> policies, helper_options options,
                             const k8s::cluster& cluster)
    : owned_(std::move(policies)), policies_(owned_.get()), options_(options), cluster_(&cluster) {}

volume_helper::resolved volume_helper::resolve(volume_object target) const {
  resolved r;
  r.pv = target.pv();
  r.pvc = target.pvc();
  if (r.pvc != nullptr) {
    const pv_lookup found = get_pv_for_pvc(*r.pvc, *cluster_);
    r.pv = found.pv;
    r.lookup = found.status;
  }
  // v1.17: GetPVForPVC's error returns at once (volume_policy_helper.go ShouldPerformSnapshot at
  // v1.17.2); from v1.18.0 the claim alone is matched first (pvNotFoundErr deferred).
  if (r.pv_unknown() && !has(options_.version, velero_feature::pvc_only_match)) return r;
  if (policies_ != nullptr) {
    r.consulted = true;
    // A PV or PVC is always given, so match() cannot fail ("failed to convert object").
    const auto m = policies_->match({.pv = r.pv, .pvc = r.pvc, .pod_volume = nullptr});
    if (m.ok()) r.match = m.value();
  }
  return r;
}

namespace {

const value& null_value() {
  static const value v;
  return v;
}

}  // namespace

action_parameters volume_helper::get_action_parameters(volume_object target) const {
  const resolved r = resolve(target);
  action_parameters out;
  out.parameters = &null_value();
  if (r.pv_unknown() || r.match == nullptr) return out;
  out.matched = true;
  out.policy = r.match;
  out.type = r.match->act.type_name();
  out.parameters = &r.match->act.parameters;
  return out;
}

std::string volume_helper::data_mover_for_volume(volume_object target) const {
  // GetDataMoverFromActionParameters is main's: before, the DataUpload takes the Backup's mover.
  if (!has(options_.version, velero_feature::policy_data_mover)) return {};
  const action_parameters p = get_action_parameters(target);
  if (!p.matched) return {};
  auto mover = p.policy->act.data_mover();
  if (!mover.ok()) return {};  // Velero logs the error and returns ""
  return std::move(mover).value();
}

result<std::string> volume_helper::get_snapshot_class(volume_object target) const {
  // GetSnapshotClass is main's: before, the policy names no VolumeSnapshotClass.
  if (!has(options_.version, velero_feature::policy_snapshot_class)) return std::string();
  const action_parameters p = get_action_parameters(target);
  if (!p.matched) return std::string();
  auto cls = p.policy->act.snapshot_class();
  if (const diagnostic* e = cls.error()) {
    diagnostic d = *e;  // the policy layer's message names the `snapshotClass` parameter
    d.message = fmt::format("{}: {}", policy_label(*p.policy), d.message);
    d.kind = static_cast<std::uint16_t>(problem::invalid_snapshot_class);
    return d;
  }
  return std::move(cls).value();
}

}  // namespace volpol::helper
