// Matching a volume to the first volume policy whose every condition holds. Mirrors
// `Policies.match` and `Policies.GetMatchAction` (velero internal/resourcepolicies/
// resource_policies.go). Hot path: no allocation, absent conditions cost one test each.
#include "volpol/policy/policies.h"

#include <fmt/format.h>

namespace volpol::policy {

// all_conditions_match and first_match, the hot path, are beside the condition rows
// (condition_table.cpp), in one translation unit: the loop inlines the conditions.

result<const volume_policy*> policies::match(const volume_filter_data& data) const {
  const velero_version release = velero();
  // Before v1.18.0 GetMatchAction has no `case data.PVC != nil`: a claim alone is no volume.
  if (data.pv == nullptr && data.pod_volume == nullptr && !has(release, velero_feature::pvc_only_match))
    return make_error(
        fmt::format("failed to convert object: no persistent volume or pod volume given (Velero {} "
                    "does not match a claim alone; v1.18.0 and later do)",
                    to_string(release)));
  std::optional<structured_volume> v = make_structured_volume(data);
  if (!v) return make_error("failed to convert object: no persistent volume, pod volume or claim given");
  // getVolumeTypeFromVolume knows `image` on main only: before, such a volume has no type.
  if (v->volume_type == "image" && !has(release, velero_feature::volume_type_image)) v->volume_type = {};
  return first_match(volume_policies_, *v);
}

}  // namespace volpol::policy
