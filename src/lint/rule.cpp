// The rule registry (see rule.h): IDs, names, severities and the documentation of every rule.
#include "volpol/detail/lint/rule.h"
#include "volpol/k8s/spelling.h"

#include "context.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>

namespace volpol::lint {

namespace {

using enum level;
using enum rule_scope;

// The registry: one row per rule, in ID order; a rule is this row plus its check's file.
constexpr rule_info rules[] = {
    {rule_id::velero_warning, "VP100", "velero-warning", warning, document,
     "a warning `volpol validate` gives for the policy",
     "Velero accepts the policy but ignores part of it: a global policy keeps only its "
     "volumePolicies (includeExcludePolicy and the filter policies are dropped), and a null "
     "item of a list is skipped. `volpol validate` prints the same warning. Remove the part "
     "that is ignored, or move it to a policy where it applies.",
     0, detail::check_velero_warnings},
    {rule_id::unknown_volume_type, "VP101", "unknown-volume-type", error, document,
     "a `volumeTypes` name that no volume has",
     "`volumeTypes` compares exactly, case included, with the name of the volume's source field "
     "(csi, nfs, emptyDir, hostPath, persistentVolumeClaim is not one). Velero accepts any "
     "string, so `emptydir`, `configmap` or `pvc` silently never match (velero-io/velero#7986; "
     "Velero's own v1.13 docs had `emptydir`). `awsAzureDisk` is in Velero's list but no volume "
     "ever has it. Use the spelling the help line gives; to match PersistentVolumeClaims, match "
     "their PV's source (csi, nfs ...) or use pvcLabels, pvcPhase and the other pvc conditions.",
     0, detail::check_unknown_volume_types},
    {rule_id::unknown_pvc_phase, "VP102", "unknown-pvc-phase", error, document,
     "a `pvcPhase` other than Pending, Bound or Lost",
     "A PersistentVolumeClaim's status.phase is Pending, Bound or Lost, and `pvcPhase` compares "
     "exactly, case included. Any other value (`bound`, `Available`, `Released` — those are PV "
     "phases) never matches, and Velero accepts it without a word.",
     0, detail::check_unknown_pvc_phases},
    {rule_id::unknown_access_mode, "VP103", "unknown-access-mode", error, document,
     "a `pvcAccessModes` value Kubernetes does not have",
     "Kubernetes access modes are ReadWriteOnce, ReadOnlyMany, ReadWriteMany and "
     "ReadWriteOncePod, spelled out: `RWO` and `RWX` are kubectl's abbreviations and appear in "
     "no PVC. A policy with such a value never matches. Note also that `pvcAccessModes` matches "
     "a PVC whose list of modes is the same set, not one that merely contains them.",
     0, detail::check_unknown_access_modes},
    {rule_id::unknown_volume_mode, "VP104", "unknown-volume-mode", error, document,
     "a `pvcVolumeMode` other than Filesystem or Block",
     "A PVC's spec.volumeMode is Filesystem or Block, and `pvcVolumeMode` compares exactly: "
     "`block` or `filesystem` never match. (A PVC without volumeMode matches no mode at all, "
     "not even Filesystem.)",
     0, detail::check_unknown_volume_modes},
    {rule_id::unreachable_policy, "VP110", "unreachable-policy", warning, document,
     "an earlier policy matches every volume this one matches",
     "Velero takes the first volume policy whose conditions all hold. When an earlier policy's "
     "conditions are implied by a later one's — a catch-all `conditions: {}`, a storage-class "
     "list that is a superset, a capacity range that contains the later one, the same "
     "conditions twice — the later policy can never decide anything. The finding names the "
     "policy that shadows it. Move the narrower policy first, or narrow the earlier one. A "
     "backup policy can shadow a global one too: the global policies come after the backup's. "
     "The check is bounded: when a document's policies overlap in more than 1,000,000 pairs, "
     "a finding on the policy reached says that it and those after it were not checked.",
     2, detail::check_unreachable_policies},
    {rule_id::contradictory_conditions, "VP111", "contradictory-conditions", error, document,
     "conditions that no single volume meets together",
     "Some conditions exclude each other, so the policy never matches: `pvcPhase: [Pending]` "
     "selects unbound PVCs, which have no PV, while `storageClass`, `capacity` (with a lower "
     "bound), `nfs`, `csi` and `volumeTypes` are read from the PV (velero-io/velero#7233); "
     "`csi` with `nfs`; `csi` or `nfs` with a `volumeTypes` list that lacks them; PVC conditions "
     "(or storageClass, capacity) with `volumeTypes` that only pod volumes have (emptyDir, "
     "configMap, secret ...). Split the policy in two, or drop one side.",
     1, detail::check_contradictory_conditions},
    {rule_id::unsupported_fs_backup, "VP112", "unsupported-fs-backup", warning, document,
     "fs-backup for volumes the pod volume backupper refuses",
     "The pod volume backupper refuses hostPath volumes (the node agent cannot read them) and "
     "Block volumes (velero-io/velero#7441): a `fs-backup` policy for `volumeTypes: [hostPath]` "
     "or `pvcVolumeMode: Block` selects fs-backup, Velero logs a warning, backs up nothing and "
     "the backup still ends Completed. Use `snapshot` (with `dataMover: velero-block` for Block "
     "data movement) or `skip` to say so.",
     3, detail::check_unsupported_fs_backup},
    {rule_id::custom_without_parameters, "VP120", "custom-without-parameters", warning, document,
     "a `custom` action without parameters",
     "A `custom` action hands the volume to a third-party BackupItemAction plugin, which "
     "recognises its volumes by the action's parameters (ShouldPerformCustomAction compares "
     "them). Without parameters no plugin can tell the volume is its own; Velero itself backs "
     "up nothing for it. Add the parameters your plugin looks for.",
     3, detail::check_custom_without_parameters},
    {rule_id::unread_parameter, "VP121", "unread-parameter", warning, document,
     "an action parameter that no Velero code path reads",
     "Velero reads `dataMover` and `snapshotClass` of a `snapshot` action and nothing else; it "
     "reads no parameter of `skip` or `fs-backup` (only `custom` parameters go to plugins). "
     "Any other parameter is ignored without a word, which usually means a misspelling "
     "(`snapshotclass`) or a parameter put on the wrong action.",
     3, detail::check_unread_parameters},
    {rule_id::global_snapshot_overridden, "VP122", "global-snapshot-overridden", warning, document,
     "a global `snapshot` policy the CSI plugin's own check does not see",
     "The backup's snapshot decision reads the global policies, but the CSI plugin decides "
     "again with a volume helper built from the Backup's own policy only (pkg/backup/actions/"
     "csi/pvc_action.go). For CSI volumes a global `snapshot` policy therefore does not apply "
     "its `snapshotClass` or `dataMover`, and with `snapshotVolumes: false` no snapshot is "
     "taken at all although the policy says snapshot. Put such rules in the backup's policy.",
     3, detail::check_global_snapshot_overridden},
    {rule_id::version_dependent, "VP123", "version-dependent", warning, document,
     "a policy the predicted Velero release reads differently from main",
     "Velero's volume policies grew with its releases. A condition or action type a release "
     "lacks (`pvcPhase` before v1.18.0, `custom` before v1.18.1, `pvcVolumeMode` and "
     "`pvcAccessModes` before main) fails its validation, which `volpol validate "
     "--velero-version` reports. What a release accepts but reads differently is this rule's: "
     "before main, `volumeTypes: [image]` never matches (image volumes have no type) and the "
     "`dataMover` and `snapshotClass` parameters are not read (the Backup's data mover and the "
     "usual VolumeSnapshotClass apply). Keep to what the release has, or check that "
     "--velero-version names the release you run.",
     3, detail::check_version_dependent},
    {rule_id::policy_matches_nothing, "VP201", "policy-matches-nothing", warning, cluster,
     "a policy that matches no volume of the cluster",
     "No volume of the cluster (in the namespaces the backup includes) meets every condition "
     "of the policy, so it decides nothing. That is fine for a policy written for volumes yet "
     "to come; more often a condition names something the cluster does not have. Findings "
     "VP202-VP204 say which name when they can.",
     3, detail::check_policy_coverage},
    {rule_id::unknown_storage_class, "VP202", "unknown-storage-class", warning, cluster,
     "a storage class that no PV or PVC has",
     "`storageClass` compares with the PV's spec.storageClassName. A class that no PV or PVC of "
     "the cluster has is usually a misspelling; the help line names the nearest class the "
     "cluster has.",
     3, detail::check_unknown_storage_classes},
    {rule_id::unknown_nfs_server, "VP203", "unknown-nfs-server", warning, cluster, "an NFS server that no volume uses",
     "`nfs.server` compares exactly with the server of the volume's nfs source (PV or pod "
     "volume). No volume of the cluster uses the server named: a misspelling, or a name where "
     "the volumes use an address (or the other way round).",
     3, detail::check_unknown_nfs_servers},
    {rule_id::unknown_csi_driver, "VP204", "unknown-csi-driver", warning, cluster, "a CSI driver that no volume uses",
     "`csi.driver` compares exactly with the driver of the volume's csi source. No volume of "
     "the cluster uses the driver named; the help line names the nearest driver in use.",
     3, detail::check_unknown_csi_drivers},
    {rule_id::volume_not_backed_up, "VP205", "volume-not-backed-up", warning, cluster,
     "a persistent volume that nothing backs up, while the backup succeeds",
     "The plan takes no snapshot, no fs-backup and no custom action for a PersistentVolumeClaim "
     "or PersistentVolume, and no `skip` policy or exclusion label asked for that: Velero backs "
     "up the objects but not the data, and the backup still ends Completed "
     "(velero-io/velero#7235). Add a volume policy, an annotation or a snapshot location, or a "
     "`skip` policy that says it is intended.",
     3, detail::check_volumes_not_backed_up},
    {rule_id::fs_backup_refused, "VP206", "fs-backup-refused", warning, cluster,
     "fs-backup selected for a hostPath-backed or Block volume",
     "A policy or the pod's annotations select fs-backup for a volume the pod volume backupper "
     "refuses: a PVC whose PV is hostPath, an inline hostPath volume chosen by a policy, or a "
     "Block volume (velero-io/velero#7441). Velero logs a warning and backs up nothing.",
     3, detail::check_fs_backup_refused},
    {rule_id::block_data_movement, "VP207", "block-data-movement", warning, cluster,
     "a Block PVC moved by the file-system data mover",
     "With snapshotMoveData the CSI snapshot of a Block PVC is moved by the data mover the "
     "policy or the backup names; the built-in file-system mover (`velero`, `velero-fs`) "
     "cannot read a raw block device (velero-io/velero#10302). Use `dataMover: velero-block` "
     "in a snapshot policy for Block volumes.",
     3, detail::check_block_data_movement},
    {rule_id::annotation_unknown_volume, "VP208", "annotation-unknown-volume", warning, cluster,
     "a pod backup annotation names a volume the pod does not have",
     "`backup.velero.io/backup-volumes` and `backup.velero.io/backup-volumes-excludes` list pod "
     "volume names (spec.volumes[].name, not PVC names), split on commas without trimming "
     "spaces. A name the pod does not have selects nothing.",
     3, detail::check_annotation_unknown_volumes},
    {rule_id::conflicting_pod_annotations, "VP209", "conflicting-pod-annotations", warning, cluster,
     "a PVC opted in by one pod and out by another",
     "Velero takes one PodVolumeBackup per PVC, from the first pod that selects it: when one "
     "pod mounting the claim selects it for fs-backup and another excludes it with "
     "`backup.velero.io/backup-volumes-excludes`, the exclusion is lost. Make the pods' "
     "annotations agree.",
     3, detail::check_conflicting_pod_annotations},
    {rule_id::volume_backup_fails, "VP210", "volume-backup-fails", error, cluster,
     "a volume Velero fails to back up: the backup ends PartiallyFailed or FailedValidation",
     "The plan has an error for the volume, the one Velero logs: the CSI plugin cannot snapshot "
     "a PVC without a storage class, or with `storageClassName: \"\"` (\"error getting storage "
     "class: resource name may not be empty\"), or whose PV is missing; the volume helper cannot "
     "find a pod volume's PVC; no node agent runs on the pod's node. Velero backs up the rest "
     "and the backup ends PartiallyFailed. The finding gives Velero's error text, and the help "
     "the change `volpol explain` suggests. When the Backup itself fails validation (includes "
     "and excludes naming the same namespace, a volume snapshot location that does not exist) "
     "nothing is backed up and the backup ends FailedValidation: one finding names the "
     "validation errors.",
     3, detail::check_volumes_backup_fails},
};

std::string wrap(std::string_view text, std::size_t width) {
  std::string out, line;
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t j = std::min(text.find(' ', i), text.size());
    const std::string_view word = text.substr(i, j - i);
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      out += line + "\n";
      line.clear();
    }
    if (!line.empty()) line += ' ';
    line += word;
    i = j + 1;
  }
  if (!line.empty()) out += line + "\n";
  return out;
}

}  // namespace

std::string_view to_string(level l) {
  switch (l) {
    case level::error: return "error";
    case level::warning: return "warning";
    case level::info: return "info";
  }
  return "";
}

std::optional<level> level_from_string(std::string_view s) {
  for (level l : {level::error, level::warning, level::info})
    if (s == to_string(l)) return l;
  return std::nullopt;
}

std::span<const rule_info> all_rules() { return rules; }

const rule_info& info(rule_id id) {
  for (const rule_info& r : rules)
    if (r.id == id) return r;
  return rules[0];  // unreachable: every rule_id is in the table (a test checks)
}

const rule_info* find_rule(std::string_view code_or_name) {
  for (const rule_info& r : rules)
    if (equal_fold(r.code, code_or_name) || r.name == code_or_name) return &r;
  return nullptr;
}

std::string render_rule_doc() {
  std::string out =
      "# `volpol lint` rules\n\n"
      "`volpol validate` answers \"will Velero accept this policy\"; `volpol lint` answers \"will it do what\n"
      "you meant\". Document rules (VP1xx) read the policy documents; cluster rules (VP2xx) run when a\n"
      "cluster is given with `-f` and read the plan of that cluster. `volpol lint --explain CODE` prints\n"
      "a rule's paragraph; `--disable`/`--enable CODE|NAME|all` choose rules; a YAML comment\n"
      "`# volpol:ignore CODE` on a finding's line, or alone on the line above it, silences it.\n\n"
      "This file is generated from the rule registry (src/lint/rule.cpp); a unit test keeps it in step.\n\n"
      "| ID | name | default | scope | finds |\n"
      "| --- | --- | --- | --- | --- |\n";
  for (const rule_info& r : rules)
    out += fmt::format("| {} | `{}` | {} | {} | {} |\n", r.code, r.name, to_string(r.default_level),
                       r.scope == rule_scope::document ? "document" : "cluster", r.summary);
  for (const rule_info& r : rules) out += fmt::format("\n## {} {}\n\n{}", r.code, r.name, wrap(r.explanation, 100));
  return out;
}

std::string render_explanation(const rule_info& r) {
  return wrap(fmt::format("{} {} ({} by default, {} rule): {}", r.code, r.name, to_string(r.default_level),
                          r.scope == rule_scope::document ? "document" : "cluster", r.summary),
              80) +
         "\n" + wrap(r.explanation, 80);
}

}  // namespace volpol::lint
