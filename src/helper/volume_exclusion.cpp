// Kinds of pod volume fs-backup never takes (volume_policy_helper.go shouldIncludeVolumeInBackup).
#include "exclusion_rules.h"
#include "volpol/detail/helper/pod_volumes.h"

namespace volpol::helper {

namespace {
constexpr std::string_view default_token_prefix = "default-token";
}  // namespace

namespace detail {

volume_exclusion kind_exclusion_of(const k8s::pod_volume& v, bool backup_exclude_pvc) {
  using k8s::volume_source;
  const k8s::volume_sources& s = v.sources;
  if (s.has(volume_source::host_path)) return volume_exclusion::host_path;
  if (s.has(volume_source::secret)) return volume_exclusion::secret;
  if (s.has(volume_source::config_map)) return volume_exclusion::config_map;
  if (s.has(volume_source::projected)) return volume_exclusion::projected;
  if (s.has(volume_source::downward_api)) return volume_exclusion::downward_api;
  if (backup_exclude_pvc && s.has(volume_source::persistent_volume_claim)) return volume_exclusion::excluded_pvc;
  return volume_exclusion::none;
}

bool has_default_token_name(const k8s::pod_volume& v) { return v.name.starts_with(default_token_prefix); }

}  // namespace detail

volume_exclusion exclusion_of(const k8s::pod_volume& v, bool backup_exclude_pvc) {
  const volume_exclusion e = detail::kind_exclusion_of(v, backup_exclude_pvc);
  if (e != volume_exclusion::none) return e;
  return detail::has_default_token_name(v) ? volume_exclusion::default_token : volume_exclusion::none;
}

bool should_include_volume(const k8s::pod_volume& v, bool backup_exclude_pvc) {
  return exclusion_of(v, backup_exclude_pvc) == volume_exclusion::none;
}

}  // namespace volpol::helper
