// volpol/core/velero_version.h — the Velero releases volpol predicts for, and one table of what
// each has (document keys, conditions, action types, parameters, helper and walk behaviour).
//
// Every layer asks `has(version, feature)`; nothing compares versions anywhere else. The rows
// come from Velero's code at each tag (velero-io/velero: internal/resourcepolicies/,
// internal/volumehelper/ — pkg/util/volumehelper/ from v1.18.1 —, pkg/backup/,
// pkg/backup/actions/csi/pvc_action.go), and each names the pull request that brought it.
//
//     const auto v = parse_velero_version("v1.18");        // velero_version::v1_18_2
//     has(*v, velero_feature::condition_pvc_volume_mode);  // false: main only
//     not_in_version_text(*v, velero_feature::condition_pvc_volume_mode)
//         // "`pvcVolumeMode` is not a condition in Velero v1.18.2 (main has it, velero-io/velero#9906)"
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace volpol {

/// A Velero release volpol predicts for, oldest first. Each is one row of the release table.
enum class velero_version : std::uint8_t {
  v1_17_2,  ///< v1.17.2 (what `v1.17` means)
  v1_18_0,  ///< v1.18.0
  v1_18_2,  ///< v1.18.2 (what `v1.18` means; v1.18.1 has the same policy code)
  main,     ///< main at d2241adb, the commit the conformance corpus was taken from
};

/// The default when nothing names or shows a version.
inline constexpr velero_version default_velero_version = velero_version::main;

/// One release: its name, the git ref of the code volpol mirrors, and the names a user may
/// give for it (`--velero-version`, an image tag).
struct velero_release {
  velero_version id;
  std::string_view name;                      ///< "v1.18.2", "main"
  std::string_view git_ref;                   ///< the tag, or main's commit
  std::span<const std::string_view> aliases;  ///< other accepted spellings ("v1.18", "v1.18.1")
};

/// Every release, oldest first (index = enum value).
[[nodiscard]] std::span<const velero_release> velero_releases();
[[nodiscard]] const velero_release& release_of(velero_version v);
/// "v1.17.2", "v1.18.0", "v1.18.2", "main".
[[nodiscard]] std::string_view to_string(velero_version v);
/// `--velero-version`: a release name or alias, with or without the leading `v` (exact case
/// except the `v`); nullopt for any other text.
[[nodiscard]] std::optional<velero_version> parse_velero_version(std::string_view text);
/// "v1.17 (v1.17.2), v1.18.0, v1.18 (v1.18.2), main": the accepted names, for messages.
[[nodiscard]] std::string known_velero_versions_text();

/// The release whose code a Velero image tag runs (`velero/velero:v1.18.1` → v1_18_2), for
/// detection: a known release or alias is itself; another patch of 1.17 is v1.17.2 (same
/// policy code); 1.18.1+ is v1.18.2; `latest` (the newest release) is v1.18.2; 1.19 and later
/// and `main` are main. `exact` is
/// set false when the tag is not one of the table's own names (the caller says so). nullopt:
/// not a version tag (a digest, a custom tag) or older than 1.17.
struct detected_release {
  velero_version version;
  bool exact = true;
};
[[nodiscard]] std::optional<detected_release> velero_version_from_image_tag(std::string_view tag);

/// What a release may have or lack: a document key, a condition, an action type, a
/// parameter's meaning, or a behaviour of the helper or the backup walk.
enum class velero_feature : std::uint8_t {
  filter_policies,             ///< document keys namespacedFilterPolicies, clusterScopedFilterPolicy
  restore_policies,            ///< a Restore's resourcePolicy (ValidateForRestore)
  global_policies,             ///< the server's global backup volume policies ConfigMap
  condition_pvc_phase,         ///< condition `pvcPhase`
  condition_pvc_volume_mode,   ///< condition `pvcVolumeMode`
  condition_pvc_access_modes,  ///< condition `pvcAccessModes`
  condition_volume_name,       ///< condition `volumeName` (proposed, in no release)
  action_custom,               ///< action type `custom`, ShouldPerformCustomAction, GetActionParameters
  parameter_validation,        ///< `dataMover` and `snapshotClass` checked by Action.validate
  policy_snapshot_class,       ///< a policy's `snapshotClass` picks the VolumeSnapshotClass
  policy_data_mover,           ///< a policy's `dataMover` (default velero-fs) sets the DataUpload's
  volume_type_image,           ///< the `image` pod volume type
  pvc_only_match,              ///< a PVC without a PV is matched on the PVC; its PV error deferred
  node_agent_check,            ///< the CSI plugin fails a data-movement PVC when no node-agent runs
};

/// What kind of thing a feature is, for messages ("is not a condition in ...").
enum class velero_feature_kind : std::uint8_t { document_key, condition, action_type, parameter, behaviour };

/// One row of the feature table.
struct velero_feature_row {
  velero_feature id;
  velero_feature_kind kind;
  std::string_view name;                ///< as the user writes it (`pvcPhase`, `custom`), or a short description
  std::optional<velero_version> since;  ///< the first release that has it; nullopt: none has it
  std::string_view reference;           ///< "velero-io/velero#9166"
  std::string_view first_tag = {};      ///< the first tag with it when not `since`'s name ("v1.18.1")
};

/// Every feature (index = enum value).
[[nodiscard]] std::span<const velero_feature_row> velero_features();
[[nodiscard]] const velero_feature_row& feature_row(velero_feature f);
/// Whether release `v` has feature `f`.
[[nodiscard]] bool has(velero_version v, velero_feature f);

/// Why `f` is refused at `v`, for messages: "`pvcVolumeMode` is not a condition in Velero
/// v1.18.2 (main has it, velero-io/velero#9906)"; for a feature no release has, "(proposed in
/// velero-io/velero#10356, in no release)". `name`: what the user wrote, when the row covers
/// more than one spelling (`clusterScopedFilterPolicy` for filter_policies).
[[nodiscard]] std::string not_in_version_text(velero_version v, velero_feature f, std::string_view name = {});
/// "(main has it, velero-io/velero#9906)": the parenthesis of not_in_version_text alone.
[[nodiscard]] std::string where_feature_is(velero_feature f);

}  // namespace volpol
