// The `pvcLabels` condition. Mirrors `pvcLabelsCondition.match` (velero volume_resources.go):
// `labels.SelectorFromSet(c).Matches(pvcLabels)`, i.e. every condition label is on the PVC with
// the same value.
#include "text_equal.h"
#include "volpol/policy/volume_conditions.h"

namespace volpol::policy {

namespace {

// The value of `key` in `labels`, or nullptr. A PVC has a handful of labels: a scan with the
// cheap equality beats the binary search's three-way compares; large maps use the search.
const std::string* label_value(const k8s::string_map& labels, std::string_view key) {
  if (labels.size() > 8) return labels.find(key);
  for (const auto& [k, v] : labels)
    if (detail::text_equal(k, key)) return &v;
  return nullptr;
}

}  // namespace

bool pvc_labels_condition_matches(const k8s::string_map& c, const structured_volume& v) {
  if (c.empty()) return true;
  if (!v.pvc_labels) return false;
  for (const auto& [key, value] : c) {
    const std::string* got = label_value(*v.pvc_labels, key);
    if (!got || !detail::text_equal(*got, value)) return false;  // unlike csi attributes, a missing key never matches
  }
  return true;
}

}  // namespace volpol::policy
