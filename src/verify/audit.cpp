// Comparing a backup's BackupVolumeInfo with the plan's prediction.
#include "volpol/verify/audit.h"

#include <fmt/format.h>

#include <unordered_map>

#include "text_escape.h"
#include "volpol/detail/verify/volume_outcome.h"

namespace volpol::verify {

using detail::json_string;

namespace {

std::string info_key(const plan::backup_volume_info& v) {
  if (v.pvb)
    return volume_key_of(v.pvc_namespace, v.pvc_name, v.pv_name, v.pvb->pod_namespace, v.pvb->pod_name,
                         v.pvb->volume_name);
  return volume_key_of(v.pvc_namespace, v.pvc_name, v.pv_name, "", "", "");
}

std::string info_title(const plan::backup_volume_info& v) {
  if (v.pvb && v.pvc_name.empty())
    return fmt::format("{} {}/{}", v.pvb->pod_namespace, v.pvb->pod_name, v.pvb->volume_name);
  if (!v.pvc_name.empty())
    return v.pv_name.empty() ? fmt::format("{} PVC {}", v.pvc_namespace, v.pvc_name)
                             : fmt::format("{} PVC {} (PV {})", v.pvc_namespace, v.pvc_name, v.pv_name);
  return fmt::format("PV {}", v.pv_name);
}

}  // namespace

audit_result audit(const plan::plan_result& plan, const k8s::cluster& cluster,
                   const std::vector<plan::backup_volume_info>& actual) {
  audit_result out;
  out.velero = plan.server.velero.version;
  const std::vector<plan::backup_volume_info> predicted = plan::backup_volume_infos(plan, cluster);
  out.planned = predicted.size();
  out.actual = actual.size();
  // Each record under every name it has, so an entry finds it whichever name it carries.
  std::unordered_map<std::string, const plan::volume_record*> records;
  for (const plan::volume_record& r : plan.volumes) {
    records.emplace(plan::volume_key(r), &r);
    if (!r.pv_name.empty()) records.emplace(volume_key_of("", "", r.pv_name, "", "", ""), &r);
    if (!r.pod_name.empty()) records.emplace(volume_key_of("", "", "", r.pod_namespace, r.pod_name, r.pod_volume), &r);
  }
  std::unordered_map<std::string, std::size_t> actual_by_key;
  for (std::size_t i = 0; i < actual.size(); ++i) actual_by_key.emplace(info_key(actual[i]), i);
  std::vector<bool> matched(actual.size(), false);

  for (const plan::backup_volume_info& want : predicted) {
    audit_finding f;
    f.key = info_key(want);
    f.planned = want;
    const plan::volume_record* r = nullptr;
    if (auto it = records.find(f.key); it != records.end()) r = it->second;
    f.title = r ? volume_title(*r) : info_title(want);
    if (r) f.explanation = explanation(*r, plan);
    const auto it = actual_by_key.find(f.key);
    if (it == actual_by_key.end()) {
      f.what = audit_finding::kind::not_in_backup;
      out.findings.push_back(std::move(f));
      continue;
    }
    matched[it->second] = true;
    const plan::backup_volume_info& got = actual[it->second];
    f.actual = got;
    if (want.backup_method != got.backup_method) f.fields.emplace_back("backupMethod");
    if (want.snapshot_data_moved != got.snapshot_data_moved) f.fields.emplace_back("snapshotDataMoved");
    if (want.skipped != got.skipped) f.fields.emplace_back("skipped");
    if (f.fields.empty()) {
      ++out.agreed;
      continue;
    }
    out.findings.push_back(std::move(f));
  }
  for (std::size_t i = 0; i < actual.size(); ++i) {
    if (matched[i]) continue;
    audit_finding f;
    f.what = audit_finding::kind::not_planned;
    f.key = info_key(actual[i]);
    f.actual = actual[i];
    const plan::volume_record* r = nullptr;
    if (auto it = records.find(f.key); it != records.end()) r = it->second;
    f.title = r ? volume_title(*r) : info_title(actual[i]);
    if (r) f.explanation = explanation(*r, plan);
    out.findings.push_back(std::move(f));
  }
  return out;
}

namespace {

std::string describe(const plan::backup_volume_info& v) {
  if (v.skipped) return "skipped";
  std::string m = v.backup_method.empty() ? std::string("no backupMethod") : v.backup_method;
  if (v.snapshot_data_moved) m += ", data moved";
  return m;
}

}  // namespace

std::string render_audit_text(const audit_result& a, std::string_view volume_info_path) {
  std::string out = fmt::format("volume info: {} ({} entries; the plan predicts {})\n", volume_info_path, a.actual,
                                a.planned);
  for (const audit_finding& f : a.findings) {
    out += fmt::format("\n{}\n", f.title);
    switch (f.what) {
      case audit_finding::kind::differs: {
        std::string fields;
        for (const std::string& x : f.fields) fields += (fields.empty() ? "" : ", ") + x;
        out += fmt::format("  planned: {}\n  backup:  {}   ({} differ{})\n", describe(*f.planned), describe(*f.actual),
                           fields, f.fields.size() == 1 ? "s" : "");
        break;
      }
      case audit_finding::kind::not_in_backup:
        out += fmt::format("  planned: {}\n  backup:  no entry for this volume\n", describe(*f.planned));
        break;
      case audit_finding::kind::not_planned:
        out += fmt::format("  planned: no entry for this volume\n  backup:  {}\n", describe(*f.actual));
        break;
    }
    if (f.actual && !f.actual->skipped_reason.empty())
      out += fmt::format("  Velero's skippedReason: {}\n", f.actual->skipped_reason);
    if (!f.explanation.empty()) out += fmt::format("  plan: {}\n", f.explanation);
  }
  if (a.findings.empty()) out += fmt::format("\nVelero did what was planned: {} volumes agree\n", a.agreed);
  else out += fmt::format("\n{} volumes agree, {} differ\n", a.agreed, a.findings.size());
  return out;
}

namespace {

std::string brief_json(const std::optional<plan::backup_volume_info>& v) {
  if (!v) return "null";
  return fmt::format("{{\"backupMethod\": {}, \"snapshotDataMoved\": {}, \"skipped\": {}, \"skippedReason\": {}}}",
                     json_string(v->backup_method), v->snapshot_data_moved ? "true" : "false",
                     v->skipped ? "true" : "false", json_string(v->skipped_reason));
}

std::string_view kind_name(audit_finding::kind k) {
  switch (k) {
    case audit_finding::kind::differs: return "differs";
    case audit_finding::kind::not_in_backup: return "notInBackup";
    case audit_finding::kind::not_planned: return "notPlanned";
  }
  return "differs";
}

}  // namespace

std::string render_audit_json(const audit_result& a, std::string_view volume_info_path) {
  std::string out = fmt::format(
      "{{\n  \"kind\": \"VolumeBackupAudit\",\n  \"volumeInfo\": {},\n  \"veleroVersion\": {},\n  \"summary\": "
      "{{\"planned\": {}, \"actual\": {}, \"agreed\": {}, \"differ\": {}}},\n  \"findings\": [",
      json_string(volume_info_path), json_string(to_string(a.velero)), a.planned, a.actual, a.agreed,
      a.findings.size());
  for (std::size_t i = 0; i < a.findings.size(); ++i) {
    const audit_finding& f = a.findings[i];
    std::string fields;
    for (const std::string& x : f.fields) fields += fmt::format("{}{}", fields.empty() ? "" : ", ", json_string(x));
    out += fmt::format(
        "{}\n    {{\"finding\": \"{}\", \"key\": {}, \"volume\": {}, \"fields\": [{}], \"planned\": {}, \"actual\": "
        "{}, "
        "\"explanation\": {}}}",
        i ? "," : "", kind_name(f.what), json_string(f.key), json_string(f.title), fields, brief_json(f.planned),
        brief_json(f.actual), json_string(f.explanation));
  }
  out += a.findings.empty() ? "]\n}\n" : "\n  ]\n}\n";
  return out;
}

}  // namespace volpol::verify
