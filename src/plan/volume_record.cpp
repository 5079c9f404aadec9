#include "volpol/plan/volume_record.h"

#include "volpol/detail/policy/structured_volume.h"

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
  return r.rare_ ? r.rare_->skip : none;
}

zstring_view volume_record::volume_type() const {
  if (volume_type_ == no_volume_type) return {};
  return zstring_view::terminated(policy::supported_volume_types()[volume_type_]);
}

void volume_record::set_volume_type(std::string_view name) {
  volume_type_ = no_volume_type;
  if (name.empty()) return;
  const std::span<const std::string_view> names = policy::supported_volume_types();
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) {
      volume_type_ = static_cast<std::uint8_t>(i);
      return;
    }
}

zstring_view volume_record::data_mover() const { return rare_ ? rare_->data_mover : zstring_view(); }
zstring_view volume_record::snapshot_class() const { return rare_ ? rare_->snapshot_class : zstring_view(); }
zstring_view volume_record::snapshot_location() const { return rare_ ? rare_->snapshot_location : zstring_view(); }

std::span<const volume_error> volume_record::errors() const {
  if (!rare_) return {};
  return {rare_->errors.begin(), rare_->errors.end()};
}

std::span<const volume_decision> volume_record::steps() const {
  if (!rare_) return {};
  return {rare_->steps.begin(), rare_->steps.end()};
}

// Setting an empty name allocates nothing (a record without the part reads empty names).
void volume_record::set_data_mover(zstring_view name) {
  if (!name.empty() || rare_) rare_.get_or_make().data_mover = name;
}
void volume_record::set_snapshot_class(zstring_view name) {
  if (!name.empty() || rare_) rare_.get_or_make().snapshot_class = name;
}
void volume_record::set_snapshot_location(zstring_view name) {
  if (!name.empty() || rare_) rare_.get_or_make().snapshot_location = name;
}
void volume_record::add_error(const volume_error& e) { rare_.get_or_make().errors.push_back(e); }
void volume_record::add_step(const volume_decision& d) { rare_.get_or_make().steps.push_back(d); }
void volume_record::set_skipped_reasons(const skipped_reasons& s) {
  if (!s.empty() || rare_) rare_.get_or_make().skip = s;
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
