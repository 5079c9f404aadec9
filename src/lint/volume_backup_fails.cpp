// VP210: a volume the plan says Velero fails on: the backup ends PartiallyFailed (an error
// for the volume) or FailedValidation (the backup's spec; nothing is backed up).
// Reads the records' errors (volume_record::errors) and the plan's validation errors
// (plan_result::validation_errors); the message carries Velero's own error texts (error_text)
// and the help the first change `volpol explain` would suggest (explain_volume).
#include <fmt/format.h>

#include <algorithm>

#include "cluster_objects.h"
#include "volpol/detail/plan/reason_text.h"
#include "volpol/plan/explanation.h"

namespace volpol::lint::detail {

namespace {

/// Whether VP210 is about `r`: Velero reports an error for it. A second pod's row of a shared
/// PVC is not: its outcome, errors included, is the PVC's own row.
bool failing_volume(const plan::volume_record& r) {
  return r.error() && r.decision.kind != plan::reason_kind::pvc_covered_by_pod;
}

/// The errors of the record in Velero's words, joined by "; ". A record errs with
/// failed_validation only when the whole backup does (check_volumes_backup_fails reports that once).
std::string volume_error_texts(const plan::volume_record& r) {
  std::string out;
  for (const plan::volume_error& e : r.errors()) {
    if (e.kind == plan::volume_error_kind::failed_validation) continue;
    if (!out.empty()) out += "; ";
    out += plan::error_text(e);
  }
  return out;
}

/// The help of a per-volume VP210 finding: the first change `volpol explain` suggests (a
/// storageClassName for the PVC, a bound PV, a near-miss policy ...), else where to look.
std::string volume_backup_fails_help(const plan::volume_record& r, const plan::plan_result& plan) {
  const plan::volume_explanation x = plan::explain_volume(r, plan);
  if (!x.suggestions.empty())
    if (std::string help = plan::suggestion_text(x.suggestions.front(), x); !help.empty()) return help;
  return fmt::format("fix what the error names: `volpol explain {}` shows each step Velero takes with the volume",
                     plan::volume_key(r));
}

/// The FailedValidation finding: Velero's backup controller (pkg/controller/backup_controller.go
/// prepareBackupRequest, validateAndGetSnapshotLocations) refuses the Backup before any item is
/// backed up, so every volume fails for the same reasons: one finding, for the Backup.
void report_failed_validation(context& c, std::size_t volumes) {
  const lint_input& in = c.input();
  const plan::plan_result& plan = *in.plan;
  std::string errors;
  for (const std::string& e : plan.validation_errors) errors += (errors.empty() ? "" : "; ") + e;
  c.add_object(rule_id::volume_backup_fails, fmt::format("Backup {}/{}", plan.backup.namespace_, plan.backup.name),
               fmt::format("the backup fails validation (FailedValidation) and backs up none of its {} volume{}: {}",
                           volumes, volumes == 1 ? "" : "s", errors),
               "fix the Backup's spec (or the flags that stand for it) as the validation errors say");
}

}  // namespace

void check_volumes_backup_fails(context& c) {
  const lint_input& in = c.input();
  const plan::plan_result& plan = *in.plan;
  if (!plan.validation_errors.empty()) {
    const auto volumes = static_cast<std::size_t>(
        std::count_if(plan.volumes.begin(), plan.volumes.end(),
                      [](const plan::volume_record& r) { return failing_volume(r); }));
    if (volumes > 0) report_failed_validation(c, volumes);
    return;
  }
  // PartiallyFailed: each error Velero logs for a volume (pkg/backup/item_backupper.go
  // backupItemInternal / executeActions, the CSI PVC action pkg/backup/actions/csi/pvc_action.go,
  // the pod volume backupper pkg/podvolume/backupper.go) fails that volume's backup.
  for (const plan::volume_record& r : plan.volumes) {
    if (!failing_volume(r)) continue;
    const std::string errors = volume_error_texts(r);
    c.add_object(rule_id::volume_backup_fails, object_of(r),
                 fmt::format("Velero fails this volume's backup{}{}", errors.empty() ? "" : ": ", errors),
                 volume_backup_fails_help(r, plan), r.policy);
  }
}

}  // namespace volpol::lint::detail
