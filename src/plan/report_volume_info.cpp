// A plan as Velero's BackupVolumeInfo array (internal/volume/volumes_information.go).
#include <cstdio>
#include <string>

#include "volpol/plan/backup_volume_info.h"
#include "volpol/plan/reason_text.h"
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

/// encoding/json `appendString` with HTML escaping (the Encoder's default).
void go_string(std::string& out, std::string_view s) {
  static constexpr char hex[] = "0123456789abcdef";
  out += '"';
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    switch (c) {
      case '"': out += "\\\""; continue;
      case '\\': out += "\\\\"; continue;
      case '\n': out += "\\n"; continue;
      case '\r': out += "\\r"; continue;
      case '\t': out += "\\t"; continue;
      case '\b': out += "\\b"; continue;
      case '\f': out += "\\f"; continue;
      default: break;
    }
    if (c < 0x20 || c == '<' || c == '>' || c == '&') {
      out += "\\u00";
      out += hex[c >> 4];
      out += hex[c & 0xf];
      continue;
    }
    // U+2028 and U+2029 (E2 80 A8 / E2 80 A9) are escaped too.
    if (c == 0xe2 && i + 2 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x80 &&
        (static_cast<unsigned char>(s[i + 2]) == 0xa8 || static_cast<unsigned char>(s[i + 2]) == 0xa9)) {
      out += static_cast<unsigned char>(s[i + 2]) == 0xa8 ? "\\u2028" : "\\u2029";
      i += 2;
      continue;
    }
    out += static_cast<char>(c);
  }
  out += '"';
}

class go_object {
 public:
  explicit go_object(std::string& out) : out_(out) { out_ += '{'; }
  ~go_object() { out_ += '}'; }
  go_object(const go_object&) = delete;
  go_object& operator=(const go_object&) = delete;
  std::string& key(std::string_view k) {
    if (!first_) out_ += ',';
    first_ = false;
    go_string(out_, k);
    out_ += ':';
    return out_;
  }
  void text(std::string_view k, std::string_view v) { go_string(key(k), v); }
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

void write_csi(std::string& out, const csi_snapshot_info& c) {
  go_object o(out);
  o.text("snapshotHandle", c.snapshot_handle);
  o.number("size", c.size);
  o.text("driver", c.driver);
  o.text("vscName", c.vsc_name);
  o.text_omitempty("operationID", c.operation_id);
  o.key("ReadyToUse") += c.ready_to_use ? (*c.ready_to_use ? "true" : "false") : "null";
  o.text_omitempty("volumeGroupSnapshotHandle", c.volume_group_snapshot_handle);
}

void write_data_movement(std::string& out, const snapshot_data_movement_info& m) {
  go_object o(out);
  o.text("dataMover", m.data_mover);
  o.text("uploaderType", m.uploader_type);
  o.text_omitempty("retainedSnapshot", m.retained_snapshot);
  o.text("snapshotHandle", m.snapshot_handle);
  o.text("operationID", m.operation_id);
  o.number("size", m.size);
  o.number_omitempty("incrementalSize", m.incremental_size);
  o.text("Phase", m.phase);
}

void write_native(std::string& out, const native_snapshot_info& n) {
  go_object o(out);
  o.text("snapshotHandle", n.snapshot_handle);
  o.text("volumeType", n.volume_type);
  o.text("volumeAZ", n.volume_az);
  o.text("iops", n.iops);
  o.text("Phase", n.phase);
}

void write_pvb(std::string& out, const pod_volume_info& p) {
  go_object o(out);
  o.text_omitempty("snapshotHandle", p.snapshot_handle);
  o.number_omitempty("size", p.size);
  o.number_omitempty("incrementalSize", p.incremental_size);
  o.text("uploaderType", p.uploader_type);
  o.text("volumeName", p.volume_name);
  o.text("podName", p.pod_name);
  o.text("podNamespace", p.pod_namespace);
  o.text_omitempty("nodeName", p.node_name);
  o.text("Phase", p.phase);
}

void write_pv(std::string& out, const pv_info& p) {
  go_object o(out);
  o.text("reclaimPolicy", p.reclaim_policy);
  std::string& l = o.key("labels");
  if (p.labels.empty()) {
    l += "null";
    return;
  }
  go_object labels(l);
  for (const auto& [k, v] : p.labels) labels.text(k, v);
}

void write_info(std::string& out, const backup_volume_info& v) {
  go_object o(out);
  o.text_omitempty("pvcName", v.pvc_name);
  o.text_omitempty("pvcNamespace", v.pvc_namespace);
  o.text_omitempty("pvName", v.pv_name);
  o.text_omitempty("backupMethod", v.backup_method);
  o.boolean("snapshotDataMoved", v.snapshot_data_moved);
  o.boolean("preserveLocalSnapshot", v.preserve_local_snapshot);
  o.boolean("skipped", v.skipped);
  o.text_omitempty("skippedReason", v.skipped_reason);
  o.text_omitempty("startTimestamp", v.start_timestamp);
  o.text_omitempty("completionTimestamp", v.completion_timestamp);
  o.text_omitempty("result", v.result);
  if (v.csi_snapshot) write_csi(o.key("csiSnapshotInfo"), *v.csi_snapshot);
  if (v.snapshot_data_movement) write_data_movement(o.key("snapshotDataMovementInfo"), *v.snapshot_data_movement);
  if (v.native_snapshot) write_native(o.key("nativeSnapshotInfo"), *v.native_snapshot);
  if (v.pvb) write_pvb(o.key("pvbInfo"), *v.pvb);
  if (v.pv) write_pv(o.key("pvInfo"), *v.pv);
}

}  // namespace

std::string render_backup_volume_infos(const std::vector<backup_volume_info>& infos) {
  std::string out = "[";
  for (std::size_t i = 0; i < infos.size(); ++i) {
    if (i > 0) out += ',';
    write_info(out, infos[i]);
  }
  out += "]\n";
  return out;
}

void write_backup_volume_infos(const std::vector<backup_volume_info>& infos, std::FILE* out) {
  const std::string text = render_backup_volume_infos(infos);
  std::fwrite(text.data(), 1, text.size(), out);
}

}  // namespace volpol::plan
