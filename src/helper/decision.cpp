// Human text for decisions (printed by `volpol plan`).
#include "volpol/helper/decision.h"

#include <fmt/core.h>

#include "volpol/detail/helper/pod_volumes.h"

namespace volpol::helper {

std::string policy_label(const policy::volume_policy& p) {
  return fmt::format("{}volumePolicies[{}]", p.scope == policy::policy_scope::global ? "global " : "", p.index);
}

std::string policy_label_with_action(const policy::volume_policy& p) {
  return fmt::format("{} ({})", policy_label(p), p.act.type_name());
}

namespace {

std::string exclusion_text(volume_exclusion e) {
  switch (e) {
    case volume_exclusion::excluded_pvc: return "PVC volumes are not fs-backed-up when backupExcludePVC is set";
    case volume_exclusion::default_token: return "volumes named default-token* are never fs-backed-up";
    case volume_exclusion::none: return "volume is not excluded";
    default: return fmt::format("{} volumes are never fs-backed-up", to_string(e));
  }
}

std::string lookup_text(const decision& d) {
  switch (d.lookup) {
    case pv_lookup_status::no_volume_name: return "the PVC has no spec.volumeName";
    case pv_lookup_status::not_bound:
      return fmt::format("the PVC is in phase `{}`, not Bound", d.pvc ? d.pvc->phase.view() : std::string_view());
    case pv_lookup_status::pv_missing:
      return fmt::format("PV `{}` is not in the cluster", d.pvc ? d.pvc->volume_name.view() : std::string_view());
    default: return "its PV is unknown";
  }
}

std::string annotation_text(reason r) {
  switch (r) {
    case reason::annotation_opt_in: return fmt::format("listed in {}", volumes_to_backup_annotation);
    case reason::not_opted_in: return fmt::format("not listed in {} (opt-in mode)", volumes_to_backup_annotation);
    case reason::annotation_opt_out: return fmt::format("listed in {}", volumes_to_exclude_annotation);
    case reason::default_fs_backup:
      return fmt::format("defaultVolumesToFsBackup and not listed in {}", volumes_to_exclude_annotation);
    default: return std::string(to_string(r));
  }
}

std::string snapshot_volumes_text(reason r) {
  const char* value = r == reason::snapshot_volumes_unset  ? "unset"
                      : r == reason::snapshot_volumes_true ? "true"
                                                           : "false";
  return fmt::format("no volume policy matched; snapshotVolumes is {}", value);
}

}  // namespace

std::string describe(const decision& d) {
  switch (d.why) {
    case reason::policy_action: return d.policy ? policy_label_with_action(*d.policy) : "volume policy";
    case reason::custom_parameters_differ:
      return fmt::format("custom action parameter `{}` differs in {}", d.parameter,
                         d.policy ? policy_label(*d.policy) : std::string("the matched policy"));
    case reason::no_policy_match: return "no volume policy matched";
    case reason::pv_not_found: return fmt::format("no volume policy matched the PVC alone and {}", lookup_text(d));
    case reason::excluded_volume: return exclusion_text(d.exclusion);
    case reason::pod_fs_backup:
      return fmt::format("pod {} volume `{}` is fs-backed-up ({})", d.pod ? d.pod->metadata.key() : std::string(),
                         d.pod_volume ? d.pod_volume->name.view() : std::string_view(), annotation_text(d.pod_reason));
    case reason::snapshot_volumes_unset:
    case reason::snapshot_volumes_true:
    case reason::snapshot_volumes_false: return snapshot_volumes_text(d.why);
    default: return annotation_text(d.why);
  }
}

}  // namespace volpol::helper
