// volpol/plan/report.h — a plan as a table (for people) or as JSON / YAML (for machines).
//
// The machine formats carry everything the table shows. Records keep the plan's order
// (deterministic: sorted by namespace, PVC / pod, volume, PV).
//
// Each volume is shaped like Velero's BackupVolumeInfo (internal/volume/volumes_information.go:
// `pvcName`, `pvcNamespace`, `pvName`, `backupMethod` = PodVolumeBackup / CSISnapshot /
// NativeSnapshot, `snapshotDataMoved`, `skipped`, `skippedReason`) plus volpol's fields:
// `method` (fs-backup, csi-snapshot, csi-snapshot-data-movement, native-snapshot, custom,
// skipped, shared-pvc, not-backed-up, error), `podNamespace`, `podName`, `podVolume`, `storageClass`, `volumeType`,
// `policy` {index, document (backup|global), action, parameters}, `dataMover`,
// `snapshotClass`, `reason`, `error`.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "volpol/core/diagnostic.h"
#include "volpol/plan/planner.h"

namespace volpol::plan {

/// What the report says besides the volumes.
struct report_context {
  std::vector<diagnostic> input_problems;  ///< objects that could not be loaded (all listed)
  std::vector<std::string> inputs;         ///< the -f paths, for the header
  std::string policy_file;                 ///< "" when none
  std::string global_policy_file;          ///< "" when none
  /// Notes after the plan's own: what was read from a live cluster (`volpol plan --cluster`:
  /// node agents against nodes, snapshot classes), printed and written like the plan's notes.
  std::vector<std::string> cluster_notes;
  /// Threads that make the records' text for write_json / write_yaml (0: one per core); the
  /// output is the same bytes whatever the number.
  unsigned threads = 1;
};

/// Every name method_label gives, in the order of the plan's summary.
inline constexpr std::string_view method_labels[] = {"fs-backup",       "csi-snapshot",  "csi-snapshot-data-movement",
                                                     "native-snapshot", "custom",        "skipped",
                                                     "shared-pvc",      "not-backed-up", "error"};

/// volpol's name for how a record is handled: "fs-backup", "csi-snapshot",
/// "csi-snapshot-data-movement", "native-snapshot", "custom", "skipped", "shared-pvc" (a second
/// pod's row of a PVC another pod's PodVolumeBackup covers), "not-backed-up" (a filter left the
/// item out), "error".
[[nodiscard]] std::string_view method_label(const volume_record& r);

/// "volumePolicies[2]" or "global volumePolicies[0] (skip)"-style short label; "" when none.
[[nodiscard]] std::string policy_label(const volume_record& r);

/// How render_table lays the plan out (kubectl's printers: `-o wide`, `--no-headers`).
struct table_options {
  /// `-o wide`: POD/VOLUME, PVC, PV, STORAGECLASS, SNAPSHOTCLASS and DATAMOVER beside the
  /// default columns, and the whole reason whatever `width`.
  bool wide = false;
  /// `--no-headers`: the rows only (no header row, summary or notes: -o json has them).
  bool no_headers = false;
  /// ANSI colours on METHOD (errors red, skipped and not-backed-up yellow, fs-backup cyan,
  /// snapshots green, custom magenta): `--color`, on a terminal by default.
  bool color = false;
  /// Columns of the terminal: a row's REASON is cut to fit, ending in "…" (U+2026), when at
  /// least 24 columns are left for it (else the row is whole); the header is never cut. 0 (a
  /// pipe, a file) never cuts.
  std::size_t width = 0;
};

/// A table, one row per volume, then a summary and the notes. Columns NAMESPACE, VOLUME (what
/// `volpol explain VOLUME -n NAMESPACE` takes: the PVC, POD/VOLUME or pv/NAME), METHOD,
/// POLICY, REASON; `opt.wide` adds POD/VOLUME, PVC, PV, STORAGECLASS, SNAPSHOTCLASS,
/// DATAMOVER. Cells are escaped (escape_text); columns padded to 253 bytes at most.
[[nodiscard]] std::string render_table(const plan_result& plan, const report_context& ctx,
                                       const table_options& opt = {});
/// Streams the JSON document to `out`, one volume at a time (memory does not grow with the
/// output): {"kind": "VolumeBackupPlan", "summary", "notes", "problems", "volumes"}.
void write_json(const plan_result& plan, const report_context& ctx, std::FILE* out);
/// Streams the same document as YAML.
void write_yaml(const plan_result& plan, const report_context& ctx, std::FILE* out);

}  // namespace volpol::plan
