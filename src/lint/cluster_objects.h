// Internal: the cluster objects behind a plan record, and what several cluster rules ask of a
// traced record. Rules read the records' structured fields (names, method, deciding policy,
// data mover, decision and steps) and the cluster's objects, never a record's text.
#pragma once

#include <optional>
#include <set>
#include <span>
#include <string>

#include "context.h"
#include "volpol/k8s/cluster.h"
#include "volpol/plan/volume_record.h"

namespace volpol::lint::detail {

/// The objects behind one plan record (each null when the record has none).
struct record_objects {
  const k8s::persistent_volume* pv = nullptr;
  const k8s::persistent_volume_claim* pvc = nullptr;
  const k8s::pod* pod = nullptr;
  const k8s::pod_volume* pod_volume = nullptr;
};

[[nodiscard]] record_objects objects_of(const k8s::cluster& c, const plan::volume_record& r);
/// "PersistentVolumeClaim ns/name", "PersistentVolume name" or "Pod ns/name volume `v`".
[[nodiscard]] std::string object_of(const plan::volume_record& r);
/// "`a`, `b`, `c`", at most five, then "and N more".
[[nodiscard]] std::string list_some(const std::set<std::string>& names);
/// The record's steps: every step of a traced plan (plan_input::trace), else the deciding one
/// (a copy: a record keeps its decision compact). Iterate it where it is made:
/// `for (const plan::volume_decision& s : steps_of(r))`.
class record_steps {
 public:
  explicit record_steps(const plan::volume_record& r) : traced_(r.steps()), deciding_(r.decision) {}
  [[nodiscard]] const plan::volume_decision* begin() const { return traced_.empty() ? &deciding_ : traced_.data(); }
  [[nodiscard]] const plan::volume_decision* end() const {
    return traced_.empty() ? &deciding_ + 1 : traced_.data() + traced_.size();
  }

 private:
  std::span<const plan::volume_decision> traced_;
  plan::volume_decision deciding_;
};
[[nodiscard]] inline record_steps steps_of(const plan::volume_record& r) { return record_steps(r); }
/// The traced ShouldPerformFSBackup step that selected fs-backup for `pod`'s volume `v` (its
/// `policy` says which policy, null when the annotations did), or nullopt.
[[nodiscard]] std::optional<plan::volume_decision> fs_backup_choice(const plan::volume_record& r, const k8s::pod& pod,
                                                                    const k8s::pod_volume& v);

}  // namespace volpol::lint::detail
