// volpol/detail/plan/reason_text.h — the words for a plan's decisions, made when output is written.
//
// Records and steps hold data (volume_decision.h); these functions turn it into the sentences
// `volpol plan` and `volpol explain` print. The wording is stable (golden tests pin it). They
// allocate: call them while writing output, not in the walk.
#pragma once

#include <string>

#include "volpol/helper/decision.h"
#include "volpol/plan/planner.h"

namespace volpol::plan {

/// A helper decision in one phrase; for a matched policy its conditions are spelled out:
///     "volumePolicies[0] matched (conditions {storageClass: [gp3-csi]}, action snapshot)"
///     "not listed in backup.velero.io/backup-volumes (opt-in mode)"
[[nodiscard]] std::string helper_decision_text(const helper::decision& d);

/// What one step concluded, as the plan's REASON column says it (record `r` supplies the
/// snapshot class and data mover of a CSI snapshot; `plan` the volume snapshot locations):
///     "CSI snapshot: volumePolicies[0] matched (...); VolumeSnapshotClass ebs-gp3; data moved by velero-fs"
///     "no fs-backup: hostPath volumes are never fs-backed-up"
///     "error: PVC shop/data is in phase Pending and is not bound to a volume"
/// "" for reason_kind::none.
[[nodiscard]] std::string decision_text(const volume_decision& d, const volume_record& r, const plan_result& plan);

/// The record's reason: decision_text of the deciding step.
[[nodiscard]] std::string reason_text(const volume_record& r, const plan_result& plan);

/// Velero's message for one volume error (as Velero logs it):
///     "Cannot snapshot PVC shop/data, PVC has no storage class."
[[nodiscard]] std::string error_text(const volume_error& e);

/// Every error of the record, joined by "; " ("" when none).
[[nodiscard]] std::string error_messages(const volume_record& r);

/// Velero's BackupVolumeInfo.skippedReason for the record (`approach: reason;` ...), "" when none.
[[nodiscard]] std::string skipped_reason_text(const volume_record& r);

}  // namespace volpol::plan
