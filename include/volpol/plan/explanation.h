// volpol/plan/explanation.h — why one volume ends as it does, in full: every step of the walk,
// every volume policy with each condition's verdict, near misses, and what would change the
// outcome. The data behind `volpol explain` (and lint / test / diff), built from a traced plan
// (plan_input::trace) without re-running it.
//
//     plan_input in = ...;  in.trace = true;
//     auto plan = make_plan(in);
//     for (const volume_record& r : plan->volumes) {
//       const volume_explanation x = explain_volume(r, *plan);
//       for (const near_miss& m : x.near_misses) ...   // "volumePolicies[2] but for storageClass"
//     }
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "volpol/plan/planner.h"
#include "volpol/policy/evaluation.h"

namespace volpol::plan {

/// Which volume policies a step's match saw.
enum class policy_list : std::uint8_t {
  server,  ///< the backup's, then the global ones: the server's volume helper and item backupper
  backup,  ///< the Backup's policy only: the CSI plugin's own volume helper
};

/// One step of a traced record, with the policies it judged (when it asked them).
struct step_explanation {
  const volume_decision* step = nullptr;  ///< into volume_record::steps, or volume_explanation::decision
  policy_list list = policy_list::server;
  /// Every policy of the list judged on the step's matched_on volume, in order; empty when the
  /// step asked no policy.
  std::vector<policy::policy_evaluation> policies;
  const policy::volume_policy* first_match = nullptr;  ///< what Velero's match returned
  /// When an earlier step judged the same list on the same data (the same answer, Velero
  /// asks again), its index: `policies` is then empty and that step's apply.
  std::optional<std::size_t> same_as;
};

/// A policy before the first match (or of a list nothing matched) of the deciding step that
/// failed on exactly one condition, one on an attribute the volume has: it "would have matched
/// but for" that condition.
struct near_miss {
  const policy::volume_policy* policy = nullptr;
  policy::condition_kind condition = policy::condition_kind::capacity;
  std::size_t step = 0;  ///< index into volume_explanation::steps where it was judged
};

/// Something the user can change to get another outcome. Text: suggestion_text().
enum class suggestion_kind : std::uint8_t {
  widen_condition,               ///< make `policy`'s `condition` hold (a near miss): it would decide instead
  annotate_opt_in,               ///< list `volume` in the pod's backup.velero.io/backup-volumes (opt-in mode)
  remove_opt_out,                ///< remove `volume` from backup.velero.io/backup-volumes-excludes (opt-out mode)
  remove_opt_in,                 ///< remove `volume` from backup.velero.io/backup-volumes to let a snapshot happen
  set_snapshot_volumes,          ///< spec.snapshotVolumes is false: set it (or match a `snapshot` policy)
  add_volume_snapshot_location,  ///< a volume snapshot location whose provider recognises the PV
  move_policy_to_backup,         ///< the CSI plugin reads only the Backup's policy: put the rule there
  run_pod,                       ///< the pod must be Running on a node when the backup runs
  mount_volume,                  ///< a container must mount the volume
  bind_pvc,                      ///< the PVC must be bound to an existing PV
  set_storage_class,             ///< the PVC needs a storageClassName for a CSI snapshot
  remove_exclude_label,          ///< remove velero.io/exclude-from-backup=true
};

struct suggestion {
  suggestion_kind kind = suggestion_kind::widen_condition;
  const policy::volume_policy* policy = nullptr;
  policy::condition_kind condition = policy::condition_kind::capacity;
  const k8s::pod* pod = nullptr;
  std::string_view volume;  ///< the pod volume's name
  std::size_t step = 0;     ///< widen_condition: the step whose policies were judged
};

/// The legacy rules as they stood for this volume (annotations, options).
struct legacy_rules {
  const k8s::pod* pod = nullptr;          ///< the pod whose annotations were read, if any
  std::string_view pod_volume;            ///< the volume's name in that pod
  bool opt_out_mode = false;              ///< defaultVolumesToFsBackup (backup, else server)
  bool listed_in_backup_volumes = false;  ///< in backup.velero.io/backup-volumes
  bool listed_in_excludes = false;        ///< in backup.velero.io/backup-volumes-excludes
  std::optional<bool> snapshot_volumes;   ///< spec.snapshotVolumes as given
};

struct volume_explanation {
  const volume_record* record = nullptr;
  /// The record's decision, whole (a record keeps it compact: recorded_decision): what the
  /// one step of an untraced record points at. Shared, so copies of the explanation keep it.
  std::shared_ptr<const volume_decision> decision;
  std::vector<step_explanation> steps;  ///< parallel to record->steps
  std::vector<near_miss> near_misses;
  std::vector<suggestion> suggestions;
  legacy_rules legacy;
  /// Index into steps of the step that decided the outcome (the record's decision), if traced.
  std::optional<std::size_t> deciding_step;
};

/// The step whose policy evaluations apply to step `i` (itself, or the one it is the same as).
[[nodiscard]] const step_explanation& evaluated_step(const volume_explanation& x, std::size_t i);

/// Explains one record of a traced plan (record.steps empty: only the deciding decision is
/// explained). Re-judges each step's policies on the data the step matched (pure, no I/O).
[[nodiscard]] volume_explanation explain_volume(const volume_record& record, const plan_result& plan);

/// "Velero function" names of the steps, as explain prints them: "ShouldPerformFSBackup",
/// "BackupPodVolumes", "takePVSnapshot" ...
[[nodiscard]] std::string_view velero_function(step_kind s);

/// The suggestion in words: "add `gp3-csi` to volumePolicies[2].conditions.storageClass
/// (policy.yaml:12:7): it would then decide (fs-backup)".
[[nodiscard]] std::string suggestion_text(const suggestion& s, const volume_explanation& x);

}  // namespace volpol::plan
