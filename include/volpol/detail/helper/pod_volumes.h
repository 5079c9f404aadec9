// volpol/detail/helper/pod_volumes.h — pod backup annotations (opt-in / opt-out lists), the kinds of
// pod volume fs-backup never takes, and the fs-backup volume list of a pod.
//
// Mirrors Velero pkg/util/podvolume/pod_volume.go (`GetVolumesToBackup`, `GetVolumesToExclude`,
// `GetVolumesByPod`, `GetVolumesToProcess`, `IsPVCDefaultToFSBackup`) and the volume checks of
// internal/volumehelper/volume_policy_helper.go (`shouldIncludeVolumeInBackup`,
// `shouldPerformFSBackupLegacy`).
//
// Annotation lists are split on ',' exactly as Go's strings.Split does: no trimming, empty
// items kept. "data, logs" lists "data" and " logs" (with its space), so a volume named "logs"
// is not in it.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "volpol/detail/helper/reason.h"
#include "volpol/detail/k8s/pod.h"
#include "volpol/k8s/cluster.h"

namespace volpol::helper {

/// The opt-in annotation: the pod volumes to fs-back-up (velerov1api.VolumesToBackupAnnotation).
inline constexpr std::string_view volumes_to_backup_annotation = k8s::backup_volumes_annotation;
/// The opt-out annotation: the pod volumes not to fs-back-up (VolumesToExcludeAnnotation).
inline constexpr std::string_view volumes_to_exclude_annotation = k8s::backup_volumes_excludes_annotation;

/// The names in the pod's opt-in annotation, in order (duplicates and empty items kept).
/// Empty when the pod has no annotations, no such annotation, or an empty value.
///     // backup.velero.io/backup-volumes: "a,,b"  →  {"a", "", "b"}
/// Mirrors `GetVolumesToBackup`.
[[nodiscard]] std::vector<std::string> volumes_to_backup(const k8s::pod& p);

/// The names in the pod's opt-out annotation, in order. Empty when the pod has no annotations
/// at all; when it has annotations but not this one (or an empty value) the list is {""}: one
/// empty name, as Go's strings.Split("", ",") gives.
/// Mirrors `GetVolumesToExclude`.
[[nodiscard]] std::vector<std::string> volumes_to_exclude(const k8s::pod& p);

/// True when volume_name is in volumes_to_backup(p), without building the list.
[[nodiscard]] bool is_opted_in(const k8s::pod& p, std::string_view volume_name);
/// True when volume_name is in volumes_to_exclude(p), without building the list.
[[nodiscard]] bool is_opted_out(const k8s::pod& p, std::string_view volume_name);
/// The same for `v`, one of `p`'s volumes: its listed_in_* flag when the pod is in a cluster
/// (pod::annotation_lists_indexed), so a pod with 100k listed volumes costs no more per volume.
[[nodiscard]] bool is_opted_in(const k8s::pod& p, const k8s::pod_volume& v);
[[nodiscard]] bool is_opted_out(const k8s::pod& p, const k8s::pod_volume& v);

/// The first reason fs-backup never takes this pod volume, or volume_exclusion::none.
/// Order: hostPath, secret, configMap, projected, downwardAPI, persistentVolumeClaim when
/// `backup_exclude_pvc`, then a name starting with "default-token" (case-sensitive prefix).
[[nodiscard]] volume_exclusion exclusion_of(const k8s::pod_volume& v, bool backup_exclude_pvc);

/// exclusion_of(v, backup_exclude_pvc) == none. Mirrors `shouldIncludeVolumeInBackup`.
///     should_include_volume({.name = "default-token-x", emptyDir}, false)  // false
///     should_include_volume({.name = "my-default-token", emptyDir}, false) // true
[[nodiscard]] bool should_include_volume(const k8s::pod_volume& v, bool backup_exclude_pvc);

/// The annotations' answer for one pod volume, ignoring volume kinds and policies.
struct annotation_choice {
  bool selected = false;  ///< fs-backup by the annotations
  /// annotation_opt_in / not_opted_in (opt-in mode), annotation_opt_out / default_fs_backup
  /// (opt-out mode).
  reason why = reason::not_opted_in;
};

/// Opt-in mode (`default_volumes_to_fs_backup` false): selected when listed in the opt-in
/// annotation. Opt-out mode: selected unless listed in the opt-out annotation. The other
/// mode's annotation is not read. Never allocates.
/// Mirrors `shouldPerformFSBackupLegacy` (volume_policy_helper.go).
[[nodiscard]] annotation_choice fs_backup_by_annotations(const k8s::pod& p, std::string_view volume_name,
                                                         bool default_volumes_to_fs_backup);
/// The same for `v`, one of `p`'s volumes (its listed_in_* flags when indexed: is_opted_in).
[[nodiscard]] annotation_choice fs_backup_by_annotations(const k8s::pod& p, const k8s::pod_volume& v,
                                                         bool default_volumes_to_fs_backup);

/// One pod volume's place in volumes_by_pod().
struct pod_volume_choice {
  const k8s::pod_volume* volume = nullptr;  ///< into the pod given
  bool selected = false;                    ///< in pod_volume_selection::volumes
  /// annotation_opt_in / not_opted_in (opt-in mode); default_fs_backup, annotation_opt_out
  /// or excluded_volume (opt-out mode).
  reason why = reason::not_opted_in;
  volume_exclusion exclusion = volume_exclusion::none;  ///< when why == excluded_volume
};

/// The fs-backup volume list of a pod, Velero's way, with the reason for each volume.
struct pod_volume_selection {
  /// First result of GetVolumesByPod: in opt-in mode the opt-in annotation's names as written
  /// (names that are no volume of the pod included); in opt-out mode the pod's volumes that
  /// pass the checks, in spec order.
  std::vector<std::string> volumes;
  /// Second result: volumes skipped because the opt-out annotation lists them (opt-out mode).
  std::vector<std::string> opted_out;
  /// One entry per pod volume looked at, in spec order: every volume in opt-in mode; in
  /// opt-out mode the volumes processed (all, or those in `legacy_volumes` when it is not empty).
  std::vector<pod_volume_choice> choices;
};

/// Which volumes of `p` fs-backup takes. Opt-in mode returns the opt-in annotation list and
/// checks nothing else. Opt-out mode walks the volumes (only those named in `legacy_volumes`
/// when it is not empty) and drops, in this order: hostPath, secret, configMap, projected,
/// downwardAPI, persistentVolumeClaim when `backup_exclude_pvc`, volumes in the opt-out list
/// (recorded in `opted_out`), then names starting with "default-token".
/// Mirrors `GetVolumesByPod` (with `GetVolumesToProcess`).
[[nodiscard]] pod_volume_selection volumes_by_pod(const k8s::pod& p, bool default_volumes_to_fs_backup,
                                                  bool backup_exclude_pvc,
                                                  std::span<const std::string> legacy_volumes = {});

/// True when some pod using PVC `namespace_/claim_name` (cluster::pods_using_pvc) selects the
/// volume that mounts it in volumes_by_pod(pod, default_volumes_to_fs_backup, false).
/// Mirrors `IsPVCDefaultToFSBackup` / `IsPVCDefaultToFSBackupWithCache` (the pod list comes
/// from the cluster's PVC→pod index, never from a scan of all pods).
[[nodiscard]] bool is_pvc_default_to_fs_backup(const k8s::cluster& c, std::string_view namespace_,
                                               std::string_view claim_name, bool default_volumes_to_fs_backup);

}  // namespace volpol::helper
