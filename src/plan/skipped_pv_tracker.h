// src/plan/skipped_pv_tracker.h (private to the plan layer) — why a volume was not backed up, per approach.
//
// Mirrors Velero's `skipPVTracker` (pkg/backup/pv_skip_tracker.go): Track(pv, approach,
// reason) records one reason per approach; Untrack marks the volume as backed up for good
// (later Track calls are ignored). Reasons are kept as data (skip_cause plus the pod they
// name); serialize_skipped_reasons() writes Velero's `approach: reason;` text — the
// `skippedReason` of BackupVolumeInfo — when output is written.
#pragma once

#include <string>
#include <string_view>

#include "volpol/detail/flat_index.h"
#include "volpol/plan/volume_decision.h"
#include "volpol/plan/volume_record.h"
#include "walk_key.h"

namespace volpol::plan {

class skipped_pv_tracker {
 public:
  /// Records `cause` for `approach`; `pod` / `pod_volume` are the pod (and its volume) a
  /// pod-volume cause names. Ignored for an empty key, skip_cause::none, or when the volume
  /// was untracked before. `key` is Velero's getVolumeKey ("pv:NAME" or "pvc:NS/NAME"); use
  /// key_for(). Its views must outlive the tracker. Mirrors `skipPVTracker.Track`.
  void track(const detail::walk_key& key, skip_approach approach, skip_cause cause, const k8s::pod* pod = nullptr,
             const k8s::pod_volume* pod_volume = nullptr);
  /// The volume is backed up: forget its reasons, never track it again. Mirrors `Untrack`.
  void untrack(const detail::walk_key& key);
  [[nodiscard]] bool is_skipped(const detail::walk_key& key) const;
  [[nodiscard]] bool is_included(const detail::walk_key& key) const {
    const entry* e = volumes_.find(key);
    return e != nullptr && e->included;
  }
  /// The volume's entries; empty when it is not skipped.
  [[nodiscard]] skipped_reasons reasons(const detail::walk_key& key) const;

  /// The walk's record of the volume under `key`, null until the walk sets it. Velero's
  /// getVolumeKey is also the key the walk finds its PV and PVC records by, so the tracker's
  /// table is that index too: one table (one probe, one set of slots) for both. A key given
  /// here and never tracked is not skipped (is_skipped false, reasons empty).
  [[nodiscard]] volume_record*& record_of(const detail::walk_key& key) { return volumes_[key].record; }

  /// Room for `volumes` volumes without rehashing (the walk knows how many PVs and PVCs).
  void reserve(std::size_t volumes) { volumes_.reserve(volumes); }

  /// Velero's getVolumeKey: the PV's key, else the PVC's, else an empty key.
  [[nodiscard]] static detail::walk_key key_for(zstring_view pv_name, zstring_view pvc_namespace,
                                                zstring_view pvc_name) {
    return detail::walk_key::of(pv_name, pvc_namespace, pvc_name);
  }

 private:
  /// One volume the tracker was told of: its reasons, or `included` once untracked (Velero's
  /// two maps, `pvs` and `includedPVs`, as one entry), and the walk's record of it.
  struct entry {
    skipped_reasons reasons;
    volume_record* record = nullptr;  ///< record_of()
    bool included = false;
  };
  flat_hash_map<detail::walk_key, entry, detail::walk_key_hash> volumes_;
};

/// Velero's reason text for one cause (the pod-volume causes name `pod` and `pod_volume`).
[[nodiscard]] std::string skip_reason_text(skip_cause cause, const k8s::pod* pod, const k8s::pod_volume* pod_volume);

/// `approach: reason;` for every approach that has a cause, in Velero's sorted order; "" when
/// none. Mirrors `skipPVTracker.Summary` / the volume info's `SkippedReason`.
[[nodiscard]] std::string serialize_skipped_reasons(const skipped_reasons& r);

}  // namespace volpol::plan
