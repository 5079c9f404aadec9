// volpol/plan/volume_record.h — one volume of a plan: Velero's BackupVolumeInfo fields plus
// what volpol knows of the decision, as data (volume_decision.h).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "volpol/core/value.h"
#include "volpol/detail/deep_ptr.h"
#include "volpol/detail/lazy_vector.h"
#include "volpol/detail/policy/volume_policy.h"
#include "volpol/detail/zstring_view.h"
#include "volpol/plan/volume_decision.h"

namespace volpol::plan {

namespace detail {
class item_backupper;
/// The backup walk's own bookkeeping on a record while it makes the plan (item_backupper):
/// not part of the record's data, and no output reads it. Kept in the record (in what would
/// be padding) instead of an entry beside each of 660k records.
struct walk_state {
  /// pod_rank when the record names no pod (more pods than this cannot be loaded).
  static constexpr std::uint32_t no_pod_rank = (std::uint32_t{1} << 29) - 1;
  /// The rank of the record's pod in the walk's (namespace, name) order, for the plan's
  /// order of records.
  std::uint32_t pod_rank : 29 = no_pod_rank;
  /// The record's PVC is in the backup as an item (backed up, not refused by the
  /// inclusion checks): a PV left out then leaves the volume skipped, not unprotected by
  /// the filters (the PVC is restored, its data is not).
  std::uint32_t pvc_item_backed_up : 1 = 0;
  /// A backup method was chosen: later steps do not change the reason.
  std::uint32_t decided : 1 = 0;
  /// A row of a pod volume whose PVC another pod's volume already has a row for (its
  /// outcome is the PVC's; the row says which pod's PodVolumeBackup covers it).
  std::uint32_t shared_pvc_row : 1 = 0;
};
}  // namespace detail

/// BackupVolumeInfo.backupMethod, plus volpol's `custom` (handed to a third-party
/// BackupItemAction plugin; Velero itself records such a volume as skipped) and `none`.
/// `not_backed_up`: the item is not collected at all (a filter left it out; the record's
/// decision says which).
enum class backup_method : std::uint8_t {
  pod_volume_backup,
  csi_snapshot,
  native_snapshot,
  custom,
  none,
  not_backed_up
};

/// "PodVolumeBackup", "CSISnapshot", "NativeSnapshot", "Custom", "" (Velero's spelling).
[[nodiscard]] std::string_view to_string(backup_method m);

/// Names are views into the cluster the plan was made from (and policies into its
/// policies): a record is valid while those live. They are zstring_views (8 bytes each, not
/// 16): a plan of 300k objects holds some 660k records, so a record is kept to 144 bytes: its
/// decision compact (recorded_decision), its volume type one byte, and what few records have
/// (snapshot class, data mover, location, skipped reasons, errors, trace) behind one pointer,
/// read and set through member functions. It holds no prose: the reason, Velero's
/// skippedReason and the error messages are made from its data when output is written
/// (report.h: reason_text, skipped_reason_text, error_text).
struct volume_record {
  // ---- BackupVolumeInfo --------------------------------------------------------
  zstring_view pvc_name;
  zstring_view pvc_namespace;
  zstring_view pv_name;
  backup_method method = backup_method::none;
  bool snapshot_data_moved : 1 = false;
  bool skipped : 1 = false;
  /// --custom-action-params given: a plugin calling ShouldPerformCustomAction with them takes
  /// this PVC (the custom-action design's partial-parameter match).
  bool custom_action_taken : 1 = false;

 private:
  friend class detail::item_backupper;
  /// volume_type(): an index into policy::supported_volume_types(), or no_volume_type.
  std::uint8_t volume_type_ = no_volume_type;
  static constexpr std::uint8_t no_volume_type = 0xff;
  detail::walk_state walk_;  // the walk's, while it makes the plan (4 bytes, beside the flags)

 public:
  // ---- volpol ------------------------------------------------------------------
  zstring_view pod_namespace;  ///< for pod volumes: the pod (for PVCs: the pod that took the PVB, if any)
  zstring_view pod_name;
  zstring_view pod_volume;  ///< the volume's name in the pod
  zstring_view storage_class;
  /// The volume policy that decided, if any: a pointer into the policies given to make_plan,
  /// which must outlive the plan (its index, scope, conditions as written and action).
  const policy::volume_policy* policy = nullptr;
  /// Why: the step that decided the outcome (or the last that concluded, when none decided).
  recorded_decision decision;

  /// volumeTypes name (csi, nfs, emptyDir, ...; policy::volume_type_of), "" when none.
  [[nodiscard]] zstring_view volume_type() const;
  /// Sets it from a volumeTypes name: one of policy::supported_volume_types() (every name
  /// policy::volume_type_of returns is), or "" for none; any other name leaves none.
  void set_volume_type(std::string_view name);

  // What few records have, kept behind one pointer (null for most records: 8 bytes, not 56).
  // Names are views into plan_result::record_texts (one copy of each name for the whole plan);
  // "" when unset. Reads never allocate; spans are valid until the next add_*() on the record.
  /// For CSI snapshots with data movement: BackupVolumeInfo's SnapshotDataMovementInfo.DataMover
  /// (internal/volume/volumes_information.go); "" is Velero's own mover.
  [[nodiscard]] zstring_view data_mover() const;
  [[nodiscard]] zstring_view snapshot_class() const;     ///< the VolumeSnapshotClass of a CSI snapshot
  [[nodiscard]] zstring_view snapshot_location() const;  ///< the VolumeSnapshotLocation of a native snapshot
  /// Errors Velero reports for this volume, in the order the walk met them.
  [[nodiscard]] std::span<const volume_error> errors() const;
  /// With plan_input::trace: every step the walk took for this volume, in order.
  [[nodiscard]] std::span<const volume_decision> steps() const;
  /// Set the names above. `name` must outlive the record (a view of plan_result::record_texts,
  /// a literal). Setting "" on a record with no rare part allocates nothing. No errors (throws
  /// std::bad_alloc only).
  void set_data_mover(zstring_view name);
  void set_snapshot_class(zstring_view name);
  void set_snapshot_location(zstring_view name);
  /// Appends to errors() / steps() (the walk: item_backupper's fail and trace).
  void add_error(const volume_error& e);
  void add_step(const volume_decision& d);
  /// Velero's skipped-PV tracker entries for the volume (pv_skip_tracker.go `Summary`; read
  /// them with skipped_reasons_of()). Empty reasons on a record without any allocate nothing.
  void set_skipped_reasons(const skipped_reasons& s);

  [[nodiscard]] bool error() const { return !errors().empty(); }

 private:
  friend const skipped_reasons& skipped_reasons_of(const volume_record& r);
  struct rare_part {
    /// Velero's skipped-PV tracker entries (BackupVolumeInfo.skippedReason, `approach: reason;`).
    skipped_reasons skip;
    zstring_view data_mover, snapshot_class, snapshot_location;
    lazy_vector<volume_error> errors;
    lazy_vector<volume_decision> steps;
  };
  deep_ptr<rare_part> rare_;
};
static_assert(sizeof(volume_record) <= 144, "a plan holds 660k records at 300k objects: keep them small");

/// The record's skipped-PV tracker entries: what BackupVolumeInfo.skippedReason is written from
/// (pv_skip_tracker.go `Summary`; serialize with skipped_reason_text, reason_text.h). Empty entries
/// when the tracker holds none for the volume. No errors.
[[nodiscard]] const skipped_reasons& skipped_reasons_of(const volume_record& r);

/// How volpol names the volume (what `volpol explain` takes): "NS/PVC" for a claim,
/// "NS/POD/VOLUME" for a pod volume without claim, "pv/NAME" for a PV no claim names.
[[nodiscard]] std::string volume_key(const volume_record& r);

/// The deciding policy's action type as written ("skip", "fs-backup" ...); "" when none.
[[nodiscard]] std::string_view policy_action(const volume_record& r);

/// Counts per method, for the summary. `fs_backup`: backup_method::pod_volume_backup volumes
/// (`fsBackup` in JSON and YAML, `fs-backup` in the table).
/// The plan's counts. `volumes` counts volumes (a PVC mounted by several pods once); the
/// methods, skipped, errors and not_backed_up split them; `shared_pvc_rows` counts the other
/// rows, a second pod's mount of a PVC whose own row says what happens to it. Together they
/// count every row of the plan. (not_backed_up also counts the row of a PVC item left out
/// whose data a pod's PodVolumeBackup copies: that volume is counted as fs-backup.)
struct plan_summary {
  std::size_t fs_backup = 0, csi_snapshot = 0, csi_data_movement = 0, native_snapshot = 0, custom = 0, skipped = 0,
              errors = 0, volumes = 0, not_backed_up = 0, shared_pvc_rows = 0;
};

}  // namespace volpol::plan
