// The pod step of the walk: fs-backup decisions, the pod's PVCs, PodVolumeBackups.
// Mirrors item_backupper.go `backupItemInternal` (pods) and podvolume/backupper.go
// `BackupPodVolumes`.
#include <algorithm>
#include <fmt/format.h>

#include "volpol/helper/decision.h"
#include "volpol/helper/pvc_pv.h"
#include "walker.h"

namespace volpol::plan::detail {

namespace {

bool contains(const std::vector<std::string>& sorted, std::string_view name) {
  return std::binary_search(sorted.begin(), sorted.end(), name);
}

std::string pod_key(const k8s::pod& p) { return p.metadata.namespace_ + "/" + p.metadata.name; }

}  // namespace

volume_entry& walker::entry_for_pod_volume_or_pvc(const k8s::pod& pod, const k8s::pod_volume& v,
                                                  const k8s::persistent_volume_claim*& pvc) {
  pvc = helper::get_pvc_for_pod_volume(v, pod, c_);
  if (pvc == nullptr) return entry_for_pod_volume(pod, v);
  volume_entry& e = entry_for_pvc(*pvc);
  if (e.rec.pod_name.empty()) {  // the first pod that mounts it, until a PodVolumeBackup says otherwise
    e.rec.pod_namespace = pod.metadata.namespace_;
    e.rec.pod_name = pod.metadata.name;
    e.rec.pod_volume = v.name;
  }
  return e;
}

void walker::backup_pod(const k8s::pod& pod) {
  const bool by_label = excluded_by_label(pod.metadata);
  if (by_label || pod.has_deletion_timestamp) {
    const std::string why = by_label ? "pod has label velero.io/exclude-from-backup=true: not backed up"
                                     : "pod is being deleted: Velero skips it";
    for (const k8s::pod_volume& v : pod.volumes) {
      const k8s::persistent_volume_claim* pvc = nullptr;
      volume_entry& e = entry_for_pod_volume_or_pvc(pod, v, pvc);
      if (!e.decided && e.rec.reason.empty()) e.rec.reason = why;
    }
    return;
  }
  std::vector<selected_volume> pvb_volumes;
  decide_pod_volumes(pod, pvb_volumes);
  // executeActions: the pod action returns the pod's PVCs as additional items.
  if (rf_.should_include(resource_kind::persistent_volume_claims))
    for (const k8s::pod_volume& v : pod.volumes)
      if (v.sources.has(k8s::volume_source::persistent_volume_claim) && !v.sources.claim_name.empty())
        if (const auto* pvc = c_.find_pvc(pod.metadata.namespace_, v.sources.claim_name)) backup_pvc(*pvc);
  create_pod_volume_backups(pod, pvb_volumes);
}

void walker::decide_pod_volumes(const k8s::pod& pod, std::vector<selected_volume>& pvb_volumes) {
  for (const k8s::pod_volume& v : pod.volumes) {
    const k8s::persistent_volume_claim* pvc = nullptr;
    volume_entry& e = entry_for_pod_volume_or_pvc(pod, v, pvc);
    auto d = core_.should_perform_fs_backup(v, pod);
    if (const diagnostic* err = d.error()) {
      fail(e, *err);
      pvc_tracker_.opt_out(pod, v.name);
      continue;
    }
    note_policy(e, d->policy);
    const std::string why = explain(*d);
    if (!d->perform) {
      pvc_tracker_.opt_out(pod, v.name);
      if (!e.decided) e.rec.reason = "no fs-backup: " + why;
      continue;
    }
    pvc_tracker_.track(pod, v.name);
    if (pvc_tracker_.taken_for_pod_volume(pod, v.name)) {
      if (!e.decided) e.rec.reason = "PVC already backed up by a PodVolumeBackup from another pod";
      continue;
    }
    pvb_volumes.push_back({&v, why});
  }
}

void walker::create_pod_volume_backups(const k8s::pod& pod, const std::vector<selected_volume>& volumes) {
  if (volumes.empty()) return;
  if (pod.phase != "Running" || pod.node_name.empty()) {
    const std::string err = fmt::format(
        "pod is not in the expected status, name={}, namespace={}, phase={}: pod is not running",
        pod.metadata.name, pod.metadata.namespace_, pod.phase);
    for (const selected_volume& s : volumes) {
      const k8s::persistent_volume_claim* pvc = nullptr;
      volume_entry& e = entry_for_pod_volume_or_pvc(pod, *s.volume, pvc);
      const std::string why =
          fmt::format("encountered a problem with backing up the PVC of pod {}: {}", pod_key(pod), err);
      if (pvc != nullptr) track(e, pod_volume_approach, why, "fs-backup selected (" + s.why + "), but " + err);
      else if (!e.decided) e.rec.reason = "fs-backup selected (" + s.why + "), but " + err;
    }
    return;
  }
  for (const selected_volume& s : volumes) create_pod_volume_backup(pod, s);
}

void walker::create_pod_volume_backup(const k8s::pod& pod, const selected_volume& s) {
  const k8s::pod_volume& v = *s.volume;
  const k8s::persistent_volume_claim* pvc = nullptr;
  volume_entry& e = entry_for_pod_volume_or_pvc(pod, v, pvc);
  const bool is_pvc = v.sources.has(k8s::volume_source::persistent_volume_claim);
  if (is_pvc && pvc == nullptr) {
    fail(e, make_error(fmt::format("error getting persistent volume claim for volume: persistentvolumeclaims \"{}\" not found",
                                   v.sources.claim_name)));
    return;
  }
  const k8s::persistent_volume* pv = pvc ? helper::get_pv_for_pvc(*pvc, c_).pv : nullptr;
  if (effective_ != nullptr) {
    const policy::volume_policy* p = pvc ? match(pv, pvc, nullptr) : match(nullptr, nullptr, &v);
    if (p != nullptr && p->act.type == policy::action_type::skip) {
      note_policy(e, p);
      const std::string why = "volume policy `skip` matched: no PodVolumeBackup";
      if (pvc) track(e, pod_volume_approach, matched_skip_reason, why);
      else if (!e.decided) e.rec.reason = why;
      return;
    }
  }
  const k8s::persistent_volume* bound = pvc && !pvc->volume_name.empty() ? c_.find_pv(pvc->volume_name) : nullptr;
  if (v.sources.has(k8s::volume_source::host_path) || (bound && bound->sources.has(k8s::volume_source::host_path))) {
    if (!e.decided)
      e.rec.reason = "fs-backup selected (" + s.why +
                     "), but hostPath volumes are not supported for pod volume backup: Velero warns and skips it";
    return;
  }
  const std::string key = pod_key(pod);
  if (contains(pod.device_volumes, v.name)) {
    const std::string msg = fmt::format(
        "volume {} declared in pod {} is a block volume. Block volumes are not supported for fs backup, skipping",
        v.name, key);
    if (pvc) track(e, pod_volume_approach, msg, msg);
    else if (!e.decided) e.rec.reason = msg;
    return;
  }
  if (!contains(pod.mounted_volumes, v.name)) {
    const std::string msg =
        fmt::format("volume {} is declared in pod {} but not mounted by any container, skipping", v.name, key);
    if (pvc) track(e, pod_volume_approach, msg, msg);
    else if (!e.decided) e.rec.reason = msg;
    return;
  }
  pvc_tracker_.take(pod, v.name);
  e.rec.pod_namespace = pod.metadata.namespace_;
  e.rec.pod_name = pod.metadata.name;
  e.rec.pod_volume = v.name;
  decide(e, backup_method::pod_volume_backup, "fs-backup: " + s.why);
}

}  // namespace volpol::plan::detail
