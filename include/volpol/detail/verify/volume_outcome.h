// volpol/detail/verify/volume_outcome.h — what a plan says about one volume, reduced to the fields
// tests, diffs and audits compare, and the names a volume is known by.
//
// Everything here is read from a record's structured fields (method, policy pointer,
// snapshot class, data mover, names); never from its reason text.
#pragma once

#include <string>
#include <string_view>

#include "volpol/plan/planner.h"
#include "volpol/plan/volume_record.h"

namespace volpol::verify {

/// The compared outcome of one volume. Strings are "" when the plan has nothing to say.
struct volume_outcome {
  std::string method;          ///< report method_label: fs-backup, csi-snapshot, ..., skipped, error
  std::string policy;          ///< deciding policy: `volumePolicies[1]`, `global volumePolicies[0]`, or ""
  std::string snapshot_class;  ///< VolumeSnapshotClass from the policy's snapshotClass
  std::string data_mover;      ///< for CSI snapshots with data movement
  /// How the deciding step concluded: plan::reason_kind's stable name (`csi-snapshot`,
  /// `fs-backup-declined`, `no-volume-snapshotter` ...).
  std::string reason_kind;
  friend bool operator==(const volume_outcome&, const volume_outcome&) = default;
};

[[nodiscard]] volume_outcome outcome_of(const plan::volume_record& r);

/// `volumePolicies[N]` / `global volumePolicies[N]` for the record's deciding policy, "" when none.
[[nodiscard]] std::string policy_name(const plan::volume_record& r);

/// The key that finds the same volume in two plans (of two policies, two dumps of a cluster)
/// is plan::volume_key: `NS/PVC` when the record has a PVC, else `NS/POD/VOLUME`, else
/// `pv/NAME`. This is the same key from names (empty when absent), for a backup's volume info.
[[nodiscard]] std::string volume_key_of(std::string_view pvc_namespace, std::string_view pvc_name,
                                        std::string_view pv_name, std::string_view pod_namespace,
                                        std::string_view pod_name, std::string_view pod_volume);

/// How people name the volume, as the plan table does: `NS POD/VOLUME` or `NS PVC`, with
/// the PVC and PV in parentheses when known: `shop postgres-0/data (PVC data-postgres-0,
/// PV pvc-3f1c9a2e-postgres-0)`.
[[nodiscard]] std::string volume_title(const plan::volume_record& r);

/// Why the plan decided so, for people: the plan table's REASON (plan::reason_text), with the
/// errors Velero will report appended. Only ever printed; nothing reads it back.
[[nodiscard]] std::string explanation(const plan::volume_record& r, const plan::plan_result& plan);

/// The full `volpol explain` text of one volume (every step, each policy and condition
/// verdict, near misses, suggestions), each line indented by `indent`. Needs a traced plan
/// for the steps (plan_input::trace); otherwise only the deciding step.
[[nodiscard]] std::string explain_text(const plan::volume_record& r, const plan::plan_result& plan,
                                       std::string_view indent);

}  // namespace volpol::verify
