// The `pvcLabels` condition. Mirrors `pvcLabelsCondition.match` (velero volume_resources.go):
// `labels.SelectorFromSet(c).Matches(pvcLabels)`, i.e. every condition label is on the PVC with
// the same value.
#include "text_equal.h"
#include "volpol/detail/policy/volume_conditions.h"

namespace volpol::policy {

bool pvc_labels_condition_matches(const k8s::string_map& c, const structured_volume& v) {
  if (c.empty()) return true;
  if (!v.pvc_labels) return false;
  for (const auto& [key, value] : c) {
    const k8s::string_map::found got = v.pvc_labels->find(key);
    if (!got || !detail::text_equal(*got, value)) return false;  // unlike csi attributes, a missing key never matches
  }
  return true;
}

}  // namespace volpol::policy
