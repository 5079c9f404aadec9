#include "volpol/detail/helper/reason.h"

namespace volpol::helper {

std::string_view to_string(reason r) {
  switch (r) {
    case reason::policy_action: return "policy-action";
    case reason::custom_parameters_differ: return "custom-parameters-differ";
    case reason::no_policy_match: return "no-policy-match";
    case reason::pv_not_found: return "pv-not-found";
    case reason::excluded_volume: return "excluded-volume";
    case reason::annotation_opt_in: return "annotation-opt-in";
    case reason::not_opted_in: return "not-opted-in";
    case reason::annotation_opt_out: return "annotation-opt-out";
    case reason::default_fs_backup: return "default-fs-backup";
    case reason::pod_fs_backup: return "pod-fs-backup";
    case reason::snapshot_volumes_unset: return "snapshot-volumes-unset";
    case reason::snapshot_volumes_true: return "snapshot-volumes-true";
    case reason::snapshot_volumes_false: return "snapshot-volumes-false";
  }
  return "";
}

std::string_view to_string(volume_exclusion e) {
  switch (e) {
    case volume_exclusion::none: return "";
    case volume_exclusion::host_path: return "hostPath";
    case volume_exclusion::secret: return "secret";
    case volume_exclusion::config_map: return "configMap";
    case volume_exclusion::projected: return "projected";
    case volume_exclusion::downward_api: return "downwardAPI";
    case volume_exclusion::excluded_pvc: return "excluded-pvc";
    case volume_exclusion::default_token: return "default-token";
  }
  return "";
}

}  // namespace volpol::helper
