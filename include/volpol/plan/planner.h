// volpol/plan/planner.h — the whole-backup walk: what a Velero backup will do with every
// volume of a cluster, and why.
//
// Walks the way Velero's backup does (pkg/backup/item_collector.go orders pods, then PVCs,
// then PVs; pkg/backup/item_backupper.go `backupItemInternal`, `executeActions`,
// `takePVSnapshot`; pkg/podvolume/backupper.go `BackupPodVolumes`; the CSI PVC backup action
// pkg/backup/actions/csi/pvc_action.go), keeping Velero's own bookkeeping (the PVC snapshot
// tracker and the skipped-PV tracker) so the outcome and `skippedReason` are Velero's:
//
//  1. pods of the included namespaces, sorted by namespace/name: each volume through the
//     fs-backup decision; one PodVolumeBackup per PVC even when several pods mount it;
//     each pod's PVCs are then backed up (the pod action returns them), and its
//     PodVolumeBackups created (pod running, volume mounted, not hostPath, not block);
//  2. PVCs: a matched `skip` policy stops the CSI action; otherwise, with EnableCSI, the core
//     snapshot decision gates the CSI action, which checks the storage class and the bound PV,
//     passes over non-CSI PVs, and decides again with its own helper (the Backup's policy only,
//     backupExcludePVC = snapshotMoveData); CSI snapshot, with data movement when
//     snapshotMoveData; the PVC's PV is then backed up;
//  3. PVs: the native-snapshot path (skipped for CSI PVs with EnableCSI; a matched `skip`
//     policy stops it; needs a volume snapshot location whose provider recognises the PV).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "volpol/core/result.h"
#include "volpol/detail/plan/item_collection.h"
#include "volpol/detail/record_list.h"
#include "volpol/k8s/cluster.h"
#include "volpol/plan/backup_options.h"
#include "volpol/plan/volume_record.h"
#include "volpol/policy/policies.h"

namespace volpol::plan {

struct plan_input {
  const k8s::cluster* cluster = nullptr;
  /// The backup's resource policies (built and validated), or null for none.
  const policy::policies* backup_policies = nullptr;
  /// The global volume policies (built and validated), or null for none.
  const policy::policies* global_policies = nullptr;
  backup_options backup;
  server_options server;
  /// Keep every step of every volume (volume_record::steps), for `volpol explain`. Off, a
  /// record keeps only the step that decided it.
  bool trace = false;
  /// Threads the walk may use (`--threads`; 0: one per core): 1 walks on the calling thread
  /// alone; more lets a second thread index the pods by PVC and order the PVCs and PVs while
  /// the pods are walked. The plan is the same either way.
  unsigned threads = 1;
  /// Kinds the loader read and ignored (k8s::load_counts::other_kinds), for the note.
  std::map<std::string, std::size_t, std::less<>> ignored_kinds;
  /// The `namespace/name` of the Backup's policy ConfigMap when the input lacks it ("" = none).
  std::string missing_policy_config_map;
  /// `--custom-action-params`: the parameters a plugin passes to ShouldPerformCustomAction
  /// (a mapping); records of the PVCs it would take get custom_action_taken. Null = not asked.
  value custom_action_params;
};

struct plan_result;

/// What the plan assumed or could not do, as data; plan_note_text() spells it.
enum class plan_note : std::uint8_t {
  velero_release,               ///< the Velero release was read from the input or assumed (server_options::velero)
  enable_csi_assumed,           ///< --features not given: EnableCSI assumed on
  no_volume_snapshot_location,  ///< no volume snapshot location: no Velero-native snapshot can happen
  snapshot_volumes_unset,       ///< spec.snapshotVolumes unset: counts as true where nothing else decides
  node_agent_assumed,           ///< the node agent runs on every node; VolumeSnapshotClasses exist (the input has
                                ///< no node agent, StorageClass or VolumeSnapshotClass)
  node_agent_running_assumed,   ///< the node agent runs on every node (classes are in the input)
  snapshot_classes_assumed,     ///< node agent known from the input, but no StorageClass / VolumeSnapshotClass in it
  failed_validation,            ///< the backup fails validation (plan_result::validation_errors): nothing is backed up
  ignored_kinds,                ///< objects of other kinds were read and ignored (plan_input::ignored_kinds)
  policy_config_map_missing,    ///< the Backup names a policy ConfigMap the input lacks
                                ///< (plan_input::missing_policy_config_map)
  backup_from_schedule,         ///< the Backup is the one a Schedule creates (backup_options::schedule_name)
  /// spec.datamover names a data mover but snapshotMoveData is not true: Velero reads the
  /// data mover only when it moves snapshot data (pvc_action.go), so it has no effect.
  data_mover_without_move_data,
};

/// The note as printed: "EnableCSI assumed on (current Velero installs run with it); ...".
/// Notes with data take it from `plan`.
[[nodiscard]] std::string plan_note_text(plan_note n, const plan_result& plan);

struct plan_result {
  /// One record per volume, sorted by namespace, then PVC / pod / volume name, then PV.
  record_list volumes;
  plan_summary summary;
  /// Assumptions the plan made (EnableCSI on by default, node agent running ...), in a fixed order.
  std::vector<plan_note> notes;
  /// The options the plan was made with (records' decisions index the volume snapshot
  /// locations; explanations name the options).
  backup_options backup;
  server_options server;
  /// The backup + global policies merged (when both were given): records may point into them.
  /// Records otherwise point into plan_input's policies, which must outlive the result.
  std::shared_ptr<const policy::policies> merged_policies;
  /// What decided which items are in the backup; records' not_collected decisions view into it.
  std::shared_ptr<const item_collection> collection;
  /// The texts records name that are not in the cluster or the policies (data movers,
  /// VolumeSnapshotClass and VolumeSnapshotLocation names), once each: records view into it.
  /// Shared, so a copy of the result views the same texts.
  std::shared_ptr<const std::set<std::string, std::less<>>> record_texts;
  /// Velero's ValidationErrors (prepareBackupRequest, validateAndGetSnapshotLocations): when
  /// any, the backup is FailedValidation and every volume is an error.
  std::vector<std::string> validation_errors;
  std::map<std::string, std::size_t, std::less<>> ignored_kinds;
  std::string missing_policy_config_map;
  value custom_action_params;  ///< as given (null: not asked)
  /// What the server's volume helper matched against (backup + global, or whichever was
  /// given; null for none) and what the CSI plugin's own helper did (the backup's only).
  const policy::policies* server_policies = nullptr;
  const policy::policies* backup_policies = nullptr;
};

/// Plans the backup. Never fails for a volume: per-volume errors are records with `error`
/// set (as Velero would log them and mark the backup PartiallyFailed). The records' names
/// are views into `input.cluster` and their policies point into the input's policies (or the
/// result's merged_policies): keep those alive as long as the result.
/// @return the plan, or an error for unusable options (a malformed namespace pattern).
[[nodiscard]] result<plan_result> make_plan(const plan_input& input);

}  // namespace volpol::plan
