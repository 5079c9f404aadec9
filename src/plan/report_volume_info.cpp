// A plan as Velero's BackupVolumeInfo array (internal/volume/volumes_information.go).
#include <cstdio>
#include <string>

#include "volpol/detail/json_text.h"
#include "volpol/detail/plan/reason_text.h"
#include "volpol/plan/backup_volume_info.h"
#include "volpol/policy/action.h"

namespace volpol::plan {

namespace {

// Velero's constants (volumes_information.go `FieldValueIsUnknown`; velerov1api.BackupRepositoryTypeKopia).
// Its `veleroDatamover` ("velero", what a DataUpload without spec.dataMover is reported as) is
// policy::data_mover_velero.
constexpr std::string_view field_value_is_unknown = "unknown";
constexpr std::string_view kopia = "kopia";

pv_info pv_info_of(const k8s::persistent_volume& pv) { return pv_info{pv.reclaim_policy, pv.metadata.labels}; }

/// The PVC name Velero's pvMap holds for a PV: the PVC the item backupper came from, which
/// is the one the PV's claimRef names (or the record's PVC).
void fill_names(backup_volume_info& v, const volume_record& r, const k8s::persistent_volume& pv) {
  v.pv_name = pv.metadata.name;
  v.pvc_name = std::string(r.pvc_name);
  v.pvc_namespace = std::string(r.pvc_namespace);
  if (v.pvc_name.empty() && pv.claim_ref) {
    v.pvc_name = pv.claim_ref->name;
    v.pvc_namespace = pv.claim_ref->namespace_;
  }
  v.pv = pv_info_of(pv);
}

}  // namespace

std::vector<backup_volume_info> backup_volume_infos(const plan_result& plan, const k8s::cluster& cluster) {
  // BackupVolumesInformation.Result: generateVolumeInfoForSkippedPV, ...ForVeleroNativeSnapshot,
  // ...ForCSIVolumeSnapshot, ...FromPVB, ...FromDataUpload — in that order.
  std::vector<backup_volume_info> skipped, native, csi, pvb, data_upload;
  for (const volume_record& r : plan.volumes) {
    const k8s::persistent_volume* pv = r.pv_name.empty() ? nullptr : cluster.find_pv(r.pv_name);
    backup_volume_info v;
    switch (r.method) {
      case backup_method::pod_volume_backup: {
        // generateVolumeInfoFromPVB: a PVB of a PVC whose PV is not in the backup is dropped.
        if (!r.pvc_name.empty()) {
          if (pv == nullptr) continue;
          fill_names(v, r, *pv);
        }
        v.backup_method = pod_volume_backup_method;
        pod_volume_info i;
        i.uploader_type = kopia;
        i.volume_name = std::string(r.pod_volume);
        i.pod_name = std::string(r.pod_name);
        i.pod_namespace = std::string(r.pod_namespace);
        if (const k8s::pod* p = cluster.find_pod(r.pod_namespace, r.pod_name)) i.node_name = p->node_name;
        v.pvb = std::move(i);
        pvb.push_back(std::move(v));
        break;
      }
      case backup_method::native_snapshot: {
        if (pv == nullptr) continue;
        fill_names(v, r, *pv);
        v.backup_method = native_snapshot_method;
        v.native_snapshot = native_snapshot_info{};
        native.push_back(std::move(v));
        break;
      }
      case backup_method::csi_snapshot: {
        if (pv == nullptr) continue;
        fill_names(v, r, *pv);
        v.backup_method = csi_snapshot_method;
        csi_snapshot_info c;
        c.driver = std::string(pv->sources.csi().driver.view());
        if (r.snapshot_data_moved) {
          // generateVolumeInfoFromDataUpload
          v.snapshot_data_moved = true;
          c.snapshot_handle = field_value_is_unknown;
          c.vsc_name = field_value_is_unknown;
          c.operation_id = field_value_is_unknown;
          v.csi_snapshot = std::move(c);
          snapshot_data_movement_info m;
          m.data_mover = r.data_mover().empty() ? std::string(policy::data_mover_velero) : r.data_mover().str();
          m.uploader_type = kopia;
          v.snapshot_data_movement = std::move(m);
          data_upload.push_back(std::move(v));
        } else {
          // generateVolumeInfoForCSIVolumeSnapshot
          v.preserve_local_snapshot = true;
          v.csi_snapshot = std::move(c);
          csi.push_back(std::move(v));
        }
        break;
      }
      case backup_method::not_backed_up: continue;  // not collected: Velero has no entry for it
      case backup_method::custom:
      case backup_method::none: {
        // generateVolumeInfoForSkippedPV: the skipped-PV tracker's entries that are PVs.
        if (pv == nullptr || !r.skipped || skipped_reasons_of(r).empty()) continue;
        fill_names(v, r, *pv);
        v.skipped = true;
        v.skipped_reason = skipped_reason_text(r);
        skipped.push_back(std::move(v));
        break;
      }
    }
  }
  std::vector<backup_volume_info> out;
  out.reserve(skipped.size() + native.size() + csi.size() + pvb.size() + data_upload.size());
  for (auto* group : {&skipped, &native, &csi, &pvb, &data_upload})
    for (backup_volume_info& v : *group) out.push_back(std::move(v));
  return out;
}

// ---- Go's encoding/json, as json.Encoder writes it --------------------------------------

namespace {

class go_object {
 public:
  explicit go_object(std::string& out) : out_(out) { out_ += '{'; }
  ~go_object() { out_ += '}'; }
  go_object(const go_object&) = delete;
  go_object& operator=(const go_object&) = delete;
  std::string& key(std::string_view k) {
    if (!first_) out_ += ',';
    first_ = false;
    append_go_json_string(out_, k);
    out_ += ':';
    return out_;
  }
  void text(std::string_view k, std::string_view v) { append_go_json_string(key(k), v); }
  void text_omitempty(std::string_view k, std::string_view v) {
    if (!v.empty()) text(k, v);
  }
  void number(std::string_view k, std::int64_t v) { key(k) += std::to_string(v); }
  void number_omitempty(std::string_view k, std::int64_t v) {
    if (v != 0) number(k, v);
  }
  void boolean(std::string_view k, bool v) { key(k) += v ? "true" : "false"; }

 private:
  std::string& out_;
  bool first_ = true;
};

/// Writes one struct's fields (for_each_field, the table in backup_volume_info.h) as Go's
/// json.Encoder does.
template <class S>
void write_object(std::string& out, const S& s);

/// One field, by its C++ type; `omit::empty` leaves a zero value out.
class field_writer {
 public:
  explicit field_writer(go_object& o) : o_(o) {}
  void operator()(std::string_view k, const std::string& v, omit e) {
    if (e == omit::never || !v.empty()) o_.text(k, v);
  }
  void operator()(std::string_view k, std::int64_t v, omit e) {
    if (e == omit::never || v != 0) o_.number(k, v);
  }
  void operator()(std::string_view k, bool v, omit /*never*/) { o_.boolean(k, v); }
  void operator()(std::string_view k, const std::optional<bool>& v, omit /*never*/) {
    o_.key(k) += v ? (*v ? "true" : "false") : "null";
  }
  void operator()(std::string_view k, const k8s::string_map& m, omit /*never*/) {
    std::string& out = o_.key(k);
    if (m.empty()) {
      out += "null";  // a nil Go map
      return;
    }
    go_object entries(out);
    for (const auto& [name, value] : m) entries.text(name, value);
  }
  template <class S>
  void operator()(std::string_view k, const std::optional<S>& v, omit /*empty: a nil pointer*/) {
    if (v) write_object(o_.key(k), *v);
  }

 private:
  go_object& o_;
};

template <class S>
void write_object(std::string& out, const S& s) {
  go_object o(out);
  for_each_field(s, field_writer(o));
}

}  // namespace

std::string render_backup_volume_infos(const std::vector<backup_volume_info>& infos) {
  std::string out = "[";
  for (std::size_t i = 0; i < infos.size(); ++i) {
    if (i > 0) out += ',';
    write_object(out, infos[i]);
  }
  out += "]\n";
  return out;
}

void write_backup_volume_infos(const std::vector<backup_volume_info>& infos, std::FILE* out) {
  const std::string text = render_backup_volume_infos(infos);
  std::fwrite(text.data(), 1, text.size(), out);
}

}  // namespace volpol::plan
