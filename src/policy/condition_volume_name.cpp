// The `volumeName` condition: a volume matches when one of the listed names is its PV's name,
// its pod volume's name or its PVC's name. Documented by Velero (resource-filtering.md,
// "volume Name"); built by `BuildPolicy` as `volumeNameCondition` (resource_policies.go).
#include "volpol/detail/policy/volume_conditions.h"

#include "volpol/detail/policy/structured_volume.h"

namespace volpol::policy {

bool volume_name_condition_matches(const std::vector<std::string>& c, const structured_volume& v) {
  if (c.empty()) return true;
  for (const std::string& name : c) {
    if (name.empty()) continue;
    if (name == v.pv_name || name == v.pvc_name || name == v.pod_volume_name) return true;
  }
  return false;
}

}  // namespace volpol::policy
