// Internal: the cluster objects behind a plan record, and what several cluster rules ask of
// them. Rules read the records' structured fields (names, method, deciding policy, data mover)
// and these objects, never a record's text.
#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "context.h"
#include "volpol/helper/volume_helper.h"
#include "volpol/k8s/cluster.h"
#include "volpol/plan/volume_record.h"
#include "volpol/policy/structured_volume.h"

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
/// Appends the structured volumes Velero builds for this record's questions: the PV with its
/// PVC; without a PV, the PVC alone and the pod volume with its PVC. Views into the cluster.
void structured_volumes_of(const record_objects& o, std::vector<policy::structured_volume>& out);
/// "`a`, `b`, `c`", at most five, then "and N more".
[[nodiscard]] std::string list_some(const std::set<std::string>& names);
/// The effective policies of the backup (backup then global), as the plan used them.
[[nodiscard]] const policy::policies* effective_policies(const lint_input& in);
/// The options of the backup's own volume helper (the plan's core helper).
[[nodiscard]] helper::helper_options core_options(const lint_input& in);
/// The pods (and their volumes) that mount the record's claim, or the record's own pod volume.
[[nodiscard]] std::vector<std::pair<const k8s::pod*, const k8s::pod_volume*>> mounts_of(const k8s::cluster& cl,
                                                                                      const record_objects& o);
/// Who selects fs-backup for the volume — the deciding policy's label, or "the annotations of pod
/// ns/name" — as the volume helper decides for each pod that mounts it; "" when nobody does.
[[nodiscard]] std::string fs_backup_selected_by(const helper::volume_helper& core, const k8s::cluster& cl,
                                                const record_objects& o);

}  // namespace volpol::lint::detail
