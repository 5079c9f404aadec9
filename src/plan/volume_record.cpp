#include "volpol/plan/volume_record.h"

namespace volpol::plan {

std::string_view to_string(backup_method m) {
  switch (m) {
    case backup_method::pod_volume_backup: return "PodVolumeBackup";
    case backup_method::csi_snapshot: return "CSISnapshot";
    case backup_method::native_snapshot: return "NativeSnapshot";
    case backup_method::custom: return "Custom";
    case backup_method::none: return "";
    case backup_method::not_backed_up: return "";
  }
  return "";
}

const skipped_reasons& skipped_reasons_of(const volume_record& r) {
  static const skipped_reasons none;
  return r.skip ? *r.skip : none;
}

std::string volume_key(const volume_record& r) {
  std::string out;
  // A second pod's row of a shared PVC is named by its pod volume (the PVC's own row has NS/PVC).
  if (!r.pvc_name.empty() && r.decision.kind != reason_kind::pvc_covered_by_pod) {
    out.append(r.pvc_namespace).append("/").append(r.pvc_name);
  } else if (!r.pod_name.empty()) {
    out.append(r.pod_namespace).append("/").append(r.pod_name).append("/").append(r.pod_volume);
  } else {
    out.append("pv/").append(r.pv_name);
  }
  return out;
}

std::string_view policy_action(const volume_record& r) {
  return r.policy == nullptr ? std::string_view() : r.policy->act.type_name();
}

}  // namespace volpol::plan
