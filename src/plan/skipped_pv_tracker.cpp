// Velero's skipped-PV tracker (pkg/backup/pv_skip_tracker.go) and its reason texts, word for
// word (they end up in BackupVolumeInfo.skippedReason).
#include "skipped_pv_tracker.h"

#include "volpol/detail/plan/node_agent.h"

#include <fmt/format.h>

namespace volpol::plan {

bool skipped_reasons::empty() const {
  for (skip_cause c : cause)
    if (c != skip_cause::none) return false;
  return true;
}

std::string_view to_string(skip_approach a) {
  switch (a) {
    case skip_approach::any: return "any";
    case skip_approach::csi_snapshot: return "csiSnapshot";
    case skip_approach::pod_volume: return "podvolume";
    case skip_approach::volume_snapshot: return "volumeSnapshot";
  }
  return "any";
}

void skipped_pv_tracker::track(const detail::walk_key& key, skip_approach approach, skip_cause cause,
                               const k8s::pod* pod, const k8s::pod_volume* pod_volume) {
  if (key.empty() || cause == skip_cause::none) return;
  entry& e = volumes_[key];
  if (e.included) return;
  e.reasons.cause[static_cast<std::size_t>(approach)] = cause;
  if (approach == skip_approach::pod_volume) {
    e.reasons.pod = pod;
    e.reasons.pod_volume = pod_volume;
  }
}

void skipped_pv_tracker::untrack(const detail::walk_key& key) {
  if (key.empty()) return;
  entry& e = volumes_[key];
  e.included = true;
  e.reasons = {};
}

bool skipped_pv_tracker::is_skipped(const detail::walk_key& key) const {
  const entry* e = volumes_.find(key);
  return e != nullptr && !e->reasons.empty();
}

skipped_reasons skipped_pv_tracker::reasons(const detail::walk_key& key) const {
  if (key.empty()) return {};
  const entry* e = volumes_.find(key);
  return e == nullptr ? skipped_reasons{} : e->reasons;
}

std::string skip_reason_text(skip_cause cause, const k8s::pod* pod, const k8s::pod_volume* v) {
  const std::string pod_key = pod ? pod->metadata.namespace_ + "/" + pod->metadata.name : std::string();
  const std::string_view volume = v ? std::string_view(v->name) : std::string_view();
  switch (cause) {
    case skip_cause::none: return {};
    case skip_cause::exclude_label: return "item has label velero.io/exclude-from-backup=true";
    case skip_cause::opted_out_by_pod:
      return "opted out due to annotation in pod " + (pod ? pod->metadata.name.str() : std::string());
    case skip_cause::resource_policy_skip: return "skipped due to resource policy ";
    case skip_cause::not_satisfy_criteria:
      return "not satisfy the criteria for VolumePolicy or the legacy snapshot way";
    case skip_cause::not_csi_volume: return "skipped b/c it's not a CSI volume";
    case skip_cause::no_volume_snapshotter: return "no applicable volumesnapshotter found";
    case skip_cause::matched_skip: return "matched action is 'skip' in chosen resource policies";
    case skip_cause::pod_not_running:
      if (pod != nullptr)
        if (auto why = pod_not_running(*pod))  // kube.IsPodRunning's words ("pod is not scheduled, ...")
          return fmt::format("encountered a problem with backing up the PVC of pod {}: {}", pod_key, *why);
      return fmt::format(
          "encountered a problem with backing up the PVC of pod {}: pod is not in the expected status, name={}, "
          "namespace={}, phase={}: pod is not running",
          pod_key, pod ? pod->metadata.name : "", pod ? pod->metadata.namespace_ : "", pod ? pod->phase : "");
    case skip_cause::block_volume:
      return fmt::format(
          "volume {} declared in pod {} is a block volume. Block volumes are not supported for fs backup, skipping",
          volume, pod_key);
    case skip_cause::volume_not_mounted:
      return fmt::format("volume {} is declared in pod {} but not mounted by any container, skipping", volume, pod_key);
  }
  return {};
}

std::string serialize_skipped_reasons(const skipped_reasons& r) {
  std::string out;
  for (std::size_t i = 0; i < skip_approach_count; ++i) {
    if (r.cause[i] == skip_cause::none) continue;
    const auto approach = static_cast<skip_approach>(i);
    const bool pod_volume = approach == skip_approach::pod_volume;
    out += fmt::format("{}: {};", to_string(approach),
                       skip_reason_text(r.cause[i], pod_volume ? r.pod : nullptr, pod_volume ? r.pod_volume : nullptr));
  }
  return out;
}

}  // namespace volpol::plan
