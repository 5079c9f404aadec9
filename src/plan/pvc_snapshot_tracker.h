// src/plan/pvc_snapshot_tracker.h (private to the plan layer) — which PVCs are handled by pod volume backup.
//
// Mirrors Velero's `pvcSnapshotTracker` (pkg/backup/pvc_snapshot_tracker.go): a PVC goes
// NotTracked → Tracked (a pod selects it for fs-backup) → Taken (its PodVolumeBackup was
// created), or NotTracked → Optedout (a pod does not back it up with fs-backup). Each call
// also records the pod's name as the PVC's pod, whatever the state change, as Velero does.
#pragma once

#include <cstddef>
#include <string_view>

#include "volpol/detail/flat_index.h"
#include "volpol/detail/k8s/pod.h"

namespace volpol::plan {

class pvc_snapshot_tracker {
 public:
  enum class status : std::uint8_t { not_tracked, tracked, taken, opted_out };

  /// The pod selects its volume `v` for fs-backup: its PVC goes NotTracked → Tracked. Mirrors
  /// `pvcSnapshotTracker.Track`, which looks the volume up by name; the walk passes the volume
  /// it is at (one of pod.volumes: the API server refuses two of one name), so the walk stays
  /// linear in the volumes of a pod. Volumes that are no PVC are ignored (by all three).
  void track(const k8s::pod& pod, const k8s::pod_volume& v) { record(pod, v, status::tracked, status::not_tracked); }
  /// The PodVolumeBackup was created: Tracked → Taken. Mirrors `Take`.
  void take(const k8s::pod& pod, const k8s::pod_volume& v) { record(pod, v, status::taken, status::tracked); }
  /// The pod does not fs-back the volume up: NotTracked → Optedout. Mirrors `Optout`.
  void opt_out(const k8s::pod& pod, const k8s::pod_volume& v) {
    record(pod, v, status::opted_out, status::not_tracked);
  }

  /// The pod that opted PVC `ns/name` out, or nullptr when it is not opted out. Mirrors
  /// `OptedoutByPod`.
  /// The pods given must outlive the tracker (it views their names).
  [[nodiscard]] const k8s::pod* opted_out_by_pod(std::string_view ns, std::string_view name) const;
  /// True when the pod volume uses a PVC whose PodVolumeBackup was already created. Mirrors
  /// `TakenForPodVolume`.
  [[nodiscard]] bool taken_for_pod_volume(const k8s::pod& pod, const k8s::pod_volume& v) const;
  [[nodiscard]] status status_of(std::string_view ns, std::string_view name) const;
  /// Room for `pvcs` claims without rehashing.
  void reserve(std::size_t pvcs) { pvcs_.reserve(pvcs); }

 private:
  struct entry {
    status st = status::not_tracked;
    const k8s::pod* pod = nullptr;
  };
  /// Velero's key, pvcKey's `namespace/name`, as views of the two names (into the pods the
  /// tracker was given: nothing is copied). Two keys are equal when their texts are, as in
  /// Velero ("a/b" + "c" is "a" + "b/c").
  struct claim_key {
    std::string_view ns, name;
  };
  struct claim_key_hash {
    [[nodiscard]] std::size_t operator()(const claim_key& k) const noexcept;
  };
  struct claim_key_equal {
    [[nodiscard]] bool operator()(const claim_key& a, const claim_key& b) const noexcept;
  };
  void record(const k8s::pod& pod, const k8s::pod_volume& v, status to, status from);
  flat_hash_map<claim_key, entry, claim_key_hash, claim_key_equal> pvcs_;
};

}  // namespace volpol::plan
