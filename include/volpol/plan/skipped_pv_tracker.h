// volpol/plan/skipped_pv_tracker.h — why a volume was not backed up, per approach.
//
// Mirrors Velero's `skipPVTracker` (pkg/backup/pv_skip_tracker.go): Track(pv, approach,
// reason) records one reason per approach; Untrack marks the volume as backed up for good
// (later Track calls are ignored). The serialised reason is every approach, sorted, as
// `approach: reason;` — the `skippedReason` of Velero's BackupVolumeInfo.
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>

namespace volpol::plan {

/// Velero's approach names.
inline constexpr std::string_view pod_volume_approach = "podvolume";
inline constexpr std::string_view csi_snapshot_approach = "csiSnapshot";
inline constexpr std::string_view volume_snapshot_approach = "volumeSnapshot";
inline constexpr std::string_view any_approach = "any";

class skipped_pv_tracker {
 public:
  /// Records `reason` for `approach` ("" = "any"). Ignored for an empty key or reason, or
  /// when the volume was untracked before. `key` is "pv:NAME" or "pvc:NS/NAME" (Velero's
  /// getVolumeKey); use key_for().
  void track(const std::string& key, std::string_view approach, std::string_view reason);
  /// The volume is backed up: forget its reasons, never track it again.
  void untrack(const std::string& key);
  [[nodiscard]] bool is_skipped(const std::string& key) const;
  [[nodiscard]] bool is_included(const std::string& key) const { return included_.count(key) != 0; }
  /// `approach: reason;` for every approach, sorted; "" when not skipped.
  [[nodiscard]] std::string serialized_reasons(const std::string& key) const;

  /// Velero's getVolumeKey: "pv:NAME", else "pvc:NS/NAME", else "".
  [[nodiscard]] static std::string key_for(std::string_view pv_name, std::string_view pvc_namespace,
                                           std::string_view pvc_name);

 private:
  std::map<std::string, std::map<std::string, std::string>, std::less<>> reasons_;
  std::set<std::string, std::less<>> included_;
};

}  // namespace volpol::plan
