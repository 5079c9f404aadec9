// The `csi` condition. Mirrors `csiCondition.match` (velero volume_resources.go).
#include "text_equal.h"
#include "volpol/detail/policy/volume_conditions.h"

namespace volpol::policy {

namespace {

// Every condition attribute equals the volume's value for its key; Go reads a missing key of a
// map as "", so `protocol: ""` holds for a volume whose attributes lack `protocol`.
bool attributes_match(const k8s::string_map& wanted, const k8s::string_map& have) {
  for (const auto& [key, value] : wanted) {
    if (!detail::text_equal(value, have.find(key).value_or(std::string_view()))) return false;
  }
  return true;
}

}  // namespace

bool csi_condition_matches(const std::optional<csi_condition>& c, const structured_volume& v) {
  if (!c) return true;
  if (c->driver.empty()) return v.csi != nullptr;  // `csi: {}` (attributes are not looked at)
  if (!v.csi || !detail::text_equal(c->driver, v.csi->driver)) return false;
  if (!c->volume_attributes || c->volume_attributes->empty()) return true;
  if (v.csi->volume_attributes.empty()) return false;
  return attributes_match(*c->volume_attributes, v.csi->volume_attributes);
}

}  // namespace volpol::policy
