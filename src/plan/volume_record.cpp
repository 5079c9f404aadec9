#include "volpol/plan/volume_record.h"

namespace volpol::plan {

std::string_view to_string(backup_method m) {
  switch (m) {
    case backup_method::pod_volume_backup: return "PodVolumeBackup";
    case backup_method::csi_snapshot: return "CSISnapshot";
    case backup_method::native_snapshot: return "NativeSnapshot";
    case backup_method::custom: return "Custom";
    case backup_method::none: return "";
  }
  return "";
}

std::string_view policy_action(const volume_record& r) {
  if (r.policy == nullptr) return {};
  return r.policy->act.type == policy::action_type::other ? std::string_view(r.policy->act.type_string)
                                                          : policy::to_string(r.policy->act.type);
}

}  // namespace volpol::plan
