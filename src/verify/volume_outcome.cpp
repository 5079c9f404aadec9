#include "volpol/verify/volume_outcome.h"

#include <fmt/format.h>

#include "volpol/plan/report.h"

namespace volpol::verify {

std::string policy_name(const plan::volume_record& r) {
  if (r.policy == nullptr) return {};
  return fmt::format("{}volumePolicies[{}]", r.policy->origin == policy::policy_origin::global ? "global " : "",
                     r.policy->index);
}

volume_outcome outcome_of(const plan::volume_record& r) {
  volume_outcome o;
  o.method = std::string(plan::method_label(r));
  o.policy = policy_name(r);
  o.snapshot_class = r.snapshot_class;
  o.data_mover = r.data_mover;
  return o;
}

std::string volume_key(std::string_view pvc_namespace, std::string_view pvc_name, std::string_view pv_name,
                       std::string_view pod_namespace, std::string_view pod_name, std::string_view pod_volume) {
  if (!pvc_name.empty()) return fmt::format("pvc:{}/{}", pvc_namespace, pvc_name);
  if (!pv_name.empty()) return fmt::format("pv:{}", pv_name);
  return fmt::format("pod:{}/{}/{}", pod_namespace, pod_name, pod_volume);
}

std::string volume_key(const plan::volume_record& r) {
  return volume_key(r.pvc_namespace, r.pvc_name, r.pv_name, r.pod_namespace, r.pod_name, r.pod_volume);
}

std::string volume_title(const plan::volume_record& r) {
  const std::string_view ns = r.pvc_namespace.empty() ? r.pod_namespace : r.pvc_namespace;
  std::string out;
  if (!ns.empty()) out = fmt::format("{} ", ns);
  std::string extra;
  if (!r.pod_name.empty()) {
    out += fmt::format("{}/{}", r.pod_name, r.pod_volume);
    if (!r.pvc_name.empty()) extra = fmt::format("PVC {}", r.pvc_name);
  } else if (!r.pvc_name.empty()) {
    out += fmt::format("PVC {}", r.pvc_name);
  } else {
    out += fmt::format("PV {}", r.pv_name);
  }
  if (!r.pv_name.empty() && !(r.pod_name.empty() && r.pvc_name.empty()))
    extra += fmt::format("{}PV {}", extra.empty() ? "" : ", ", r.pv_name);
  if (!extra.empty()) out += fmt::format(" ({})", extra);
  return out;
}

std::string explanation(const plan::volume_record& r) {
  // An undecided volume's reason already is its error; a decided one gets it appended.
  if (r.error && r.method != plan::backup_method::none) return r.reason + "; error: " + r.error_message;
  return r.reason;
}

}  // namespace volpol::verify
