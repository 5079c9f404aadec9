// volpol/verify/audit.h — after a backup: did Velero do what the plan predicted?
// (`volpol audit`)
//
// Reads the BackupVolumeInfo array a backup stored (`<backup>-volumeinfo.json.gz` in the
// backup storage location, next to `<backup>.tar.gz`; see velero
// pkg/persistence/object_store_layout.go `getBackupVolumeInfoKey`) and compares it, volume by
// volume, with the array the plan predicts (plan::backup_volume_infos): backupMethod,
// snapshotDataMoved and skipped. Volumes are matched by plan::volume_key (PVC, else the
// PodVolumeBackup's pod volume, else PV).
//
//     auto actual = read_backup_volume_infos("nightly-20261201-volumeinfo.json.gz");
//     audit_result a = audit(plan, cluster, actual.value());
//     a.findings.empty();   // true: Velero did what was planned
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "volpol/core/result.h"
#include "volpol/plan/backup_volume_info.h"
#include "volpol/plan/planner.h"

namespace volpol::verify {

/// Parses a BackupVolumeInfo JSON array (what Velero's json.Encoder wrote). Unknown fields are
/// ignored (newer Velero versions add some); a field of the wrong JSON type is an error.
/// @return the entries, or an error naming `source`, the entry index and the field.
[[nodiscard]] result<std::vector<plan::backup_volume_info>> parse_backup_volume_infos(std::string_view json,
                                                                                      std::string_view source);

/// Reads a backup's volume info from `path`: the `.json.gz` Velero stores, the `.json` inside it,
/// a tar archive (compressed or not) holding one, or a folder holding one (a copy of
/// `backups/<name>/` from the storage location). At most 256 MiB once decompressed.
/// @return the entries, or an error (unreadable, not gzip/tar/JSON, no volume info file in the
///         archive or folder, several in a folder, too large).
[[nodiscard]] result<std::vector<plan::backup_volume_info>> read_backup_volume_infos(const std::string& path);

/// One volume where Velero did something other than predicted.
struct audit_finding {
  enum class kind : std::uint8_t {
    differs,        ///< in both: backupMethod, snapshotDataMoved or skipped differ
    not_in_backup,  ///< predicted, but the backup has no entry for it
    not_planned,    ///< the backup has an entry the plan does not predict
  };
  kind what = kind::differs;
  std::string key;    ///< plan::volume_key
  std::string title;  ///< the plan's name for the volume (volume_title), or one made from the entry
  std::optional<plan::backup_volume_info> planned, actual;
  std::vector<std::string> fields;  ///< which differ: backupMethod, snapshotDataMoved, skipped
  std::string explanation;          ///< the plan's explanation for the volume ("" if not in the plan)
};

struct audit_result {
  std::vector<audit_finding> findings;             ///< in the plan's order, then entries not planned
  std::size_t planned = 0;                         ///< entries the plan predicts
  std::size_t actual = 0;                          ///< entries in the backup
  std::size_t agreed = 0;                          ///< in both, same backupMethod / snapshotDataMoved / skipped
  velero_version velero = default_velero_version;  ///< the release the plan predicted for
};

/// Compares the backup's entries with the prediction of `plan` (made from `cluster`).
[[nodiscard]] audit_result audit(const plan::plan_result& plan, const k8s::cluster& cluster,
                                 const std::vector<plan::backup_volume_info>& actual);

/// One block per finding (planned vs actual, the plan's explanation, Velero's skippedReason),
/// then `N volumes agree, M differ`.
[[nodiscard]] std::string render_audit_text(const audit_result& a, std::string_view volume_info_path);
/// {"kind": "VolumeBackupAudit", "volumeInfo", "summary", "findings": [...]}.
[[nodiscard]] std::string render_audit_json(const audit_result& a, std::string_view volume_info_path);

}  // namespace volpol::verify
