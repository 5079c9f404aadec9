// volpol/detail/lint/rule.h — the lint rules: stable IDs, names, default severities, documentation.
//
// `volpol validate` answers "will Velero accept this policy"; `volpol lint` answers "will it do
// what you meant". Each rule has a stable ID (`VP110`) that never changes meaning, a short name
// (`unreachable-policy`), a default severity and a paragraph of documentation
// (`volpol lint --explain VP110`, doc/lint-rules.md). Document rules (VP1xx) read the decoded
// and built policy documents; cluster rules (VP2xx) read a plan of a cluster (`-f`).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace volpol::lint {

/// How bad a finding is. Ordered: error > warning > info (`--fail-level`).
enum class level : std::uint8_t { error, warning, info };

/// "error", "warning", "info".
[[nodiscard]] std::string_view to_string(level l);
/// The level for its name (exact, lower case), or nullopt.
[[nodiscard]] std::optional<level> level_from_string(std::string_view s);
/// True when `l` is at least as severe as `threshold` (error ≥ warning ≥ info).
[[nodiscard]] constexpr bool at_least(level l, level threshold) {
  return static_cast<std::uint8_t>(l) <= static_cast<std::uint8_t>(threshold);
}

/// What a rule reads: the policy documents only, or a plan of a cluster as well.
enum class rule_scope : std::uint8_t { document, cluster };

/// Every rule. The spelled ID (`VP101`) is in rule_info; values are never reused.
enum class rule_id : std::uint16_t {
  velero_warning,               ///< VP100: a warning `volpol validate` gives (ignored sections, null items)
  unknown_volume_type,          ///< VP101: a `volumeTypes` name no volume has
  unknown_pvc_phase,            ///< VP102: a `pvcPhase` other than Pending, Bound, Lost
  unknown_access_mode,          ///< VP103: a `pvcAccessModes` value Kubernetes does not have
  unknown_volume_mode,          ///< VP104: a `pvcVolumeMode` other than Filesystem, Block
  unreachable_policy,           ///< VP110: an earlier policy matches every volume this one matches
  contradictory_conditions,     ///< VP111: conditions no single volume can meet together
  unsupported_fs_backup,        ///< VP112: fs-backup for volumes the pod volume backupper refuses
  custom_without_parameters,    ///< VP120: a `custom` action without parameters
  unread_parameter,             ///< VP121: an action parameter no Velero code path reads
  global_snapshot_overridden,   ///< VP122: a global `snapshot` policy the CSI plugin does not see
  version_dependent,            ///< VP123: a policy older Velero releases refuse or read differently
  policy_matches_nothing,       ///< VP201: a policy that matches no volume of the cluster
  unknown_storage_class,        ///< VP202: a storage class no PV or PVC has
  unknown_nfs_server,           ///< VP203: an NFS server no volume uses
  unknown_csi_driver,           ///< VP204: a CSI driver no volume uses
  volume_not_backed_up,         ///< VP205: a persistent volume nothing backs up
  fs_backup_refused,            ///< VP206: fs-backup selected for a hostPath-backed or Block volume
  block_data_movement,          ///< VP207: a Block PVC moved by the file-system data mover
  annotation_unknown_volume,    ///< VP208: a pod backup annotation names a volume the pod lacks
  conflicting_pod_annotations,  ///< VP209: a PVC opted in by one pod and out by another
  volume_backup_fails,          ///< VP210: a volume Velero fails to back up (PartiallyFailed, FailedValidation)
};

namespace detail {
class context;  // what a check reads and where it reports (src/lint/context.h)
}  // namespace detail

/// One row of the rule registry (src/lint/rule.cpp): everything about a rule. Adding a rule is
/// a row here, its `rule_id`, and its check in a file of its own.
struct rule_info {
  rule_id id;
  std::string_view code;  ///< "VP110": stable
  std::string_view name;  ///< "unreachable-policy": stable
  level default_level;
  rule_scope scope;
  std::string_view summary;      ///< one line, for the table
  std::string_view explanation;  ///< one paragraph: what, why it matters, how to fix
  /// When the check runs: by pass, then by ID. A rule that says a policy never matches
  /// (finding::never_matches) runs in an earlier pass than the rules that skip such policies
  /// (0: never-matching values, 1: contradictory conditions, 2: unreachable policies, 3: the
  /// rest).
  std::uint8_t pass;
  void (*check)(detail::context&);  ///< the rule's check
};

/// Every rule, in ID order.
[[nodiscard]] std::span<const rule_info> all_rules();
/// The rule's description.
[[nodiscard]] const rule_info& info(rule_id id);
/// The rule whose code (`VP110`, any case) or name (`unreachable-policy`) is `code_or_name`,
/// or nullptr.
[[nodiscard]] const rule_info* find_rule(std::string_view code_or_name);

/// The rule table and every rule's paragraph as Markdown (doc/lint-rules.md is this text).
[[nodiscard]] std::string render_rule_doc();
/// `volpol lint --explain`: the rule's code, name, severity, scope and paragraph (wrapped at
/// 80 columns), ending in a newline.
[[nodiscard]] std::string render_explanation(const rule_info& r);

}  // namespace volpol::lint
