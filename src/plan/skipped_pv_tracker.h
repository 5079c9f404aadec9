// src/plan/skipped_pv_tracker.h (private to the plan layer) — why a volume was not backed up, per approach.
//
// Mirrors Velero's `skipPVTracker` (pkg/backup/pv_skip_tracker.go): Track(pv, approach,
// reason) records one reason per approach; Untrack marks the volume as backed up for good
// (later Track calls are ignored). Reasons are kept as data (skip_cause plus the pod they
// name); serialize_skipped_reasons() writes Velero's `approach: reason;` text — the
// `skippedReason` of BackupVolumeInfo — when output is written.
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>

#include "volpol/plan/volume_decision.h"

namespace volpol::plan {

class skipped_pv_tracker {
 public:
  /// Records `cause` for `approach`; `pod` / `pod_volume` are the pod (and its volume) a
  /// pod-volume cause names. Ignored for an empty key, skip_cause::none, or when the volume
  /// was untracked before. `key` is "pv:NAME" or "pvc:NS/NAME" (Velero's getVolumeKey); use
  /// key_for(). Mirrors `skipPVTracker.Track`.
  void track(const std::string& key, skip_approach approach, skip_cause cause, const k8s::pod* pod = nullptr,
             const k8s::pod_volume* pod_volume = nullptr);
  /// The volume is backed up: forget its reasons, never track it again. Mirrors `Untrack`.
  void untrack(const std::string& key);
  [[nodiscard]] bool is_skipped(const std::string& key) const;
  [[nodiscard]] bool is_included(const std::string& key) const { return included_.count(key) != 0; }
  /// The volume's entries; empty when it is not skipped.
  [[nodiscard]] skipped_reasons reasons(const std::string& key) const;

  /// Velero's getVolumeKey: "pv:NAME", else "pvc:NS/NAME", else "".
  [[nodiscard]] static std::string key_for(std::string_view pv_name, std::string_view pvc_namespace,
                                           std::string_view pvc_name);

 private:
  std::map<std::string, skipped_reasons, std::less<>> reasons_;
  std::set<std::string, std::less<>> included_;
};

/// Velero's reason text for one cause (the pod-volume causes name `pod` and `pod_volume`).
[[nodiscard]] std::string skip_reason_text(skip_cause cause, const k8s::pod* pod, const k8s::pod_volume* pod_volume);

/// `approach: reason;` for every approach that has a cause, in Velero's sorted order; "" when
/// none. Mirrors `skipPVTracker.Summary` / the volume info's `SkippedReason`.
[[nodiscard]] std::string serialize_skipped_reasons(const skipped_reasons& r);

}  // namespace volpol::plan
