// volpol/detail/k8s/pod.h — core/v1 Pod and its volumes, the fields volpol reads.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "volpol/detail/k8s/object_meta.h"
#include "volpol/detail/k8s/volume_source.h"

namespace volpol::k8s {

/// Velero's opt-in annotation: the pod volumes to fs-back-up (velerov1api.VolumesToBackupAnnotation).
inline constexpr std::string_view backup_volumes_annotation = "backup.velero.io/backup-volumes";
/// Velero's opt-out annotation: the pod volumes not to fs-back-up (VolumesToExcludeAnnotation).
inline constexpr std::string_view backup_volumes_excludes_annotation = "backup.velero.io/backup-volumes-excludes";

/// One entry of pod.spec.volumes, and whether the pod's containers use it.
struct pod_volume {
  compact_string name;
  /// (Its tail padding holds `mounted` and `device`: a pod volume is 40 bytes, not 48; a
  /// 300k-object dump has some 660k of them.)
  [[no_unique_address]] volume_sources sources;
  /// A spec.containers[].volumeMounts[] entry names this volume (initContainers and
  /// ephemeralContainers do not count). Velero's pod volume backupper skips a volume no
  /// container mounts.
  bool mounted = false;
  /// A spec.containers[].volumeDevices[] entry (a raw block device) names this volume.
  bool device = false;
  /// The pod's backup.velero.io/backup-volumes (non-empty) names this volume, and its
  /// backup.velero.io/backup-volumes-excludes does (read as "" when absent and the pod has
  /// annotations): Velero's strings.Split(value, ",") holds the name (pkg/util/podvolume
  /// GetVolumesToBackup, GetVolumesToExclude). Set when the pod joins a cluster
  /// (pod::annotation_lists_indexed), so each volume's answer costs nothing however long the
  /// lists are.
  bool listed_in_backup_volumes = false;
  bool listed_in_backup_volumes_excludes = false;
};
static_assert(sizeof(pod_volume) == 40);

struct pod {
  object_meta metadata;
  object_origin origin;
  std::vector<pod_volume> volumes;      ///< spec.volumes, in order
  compact_string node_name;             ///< spec.nodeName
  compact_string phase;                 ///< status.phase: Pending, Running, Succeeded, Failed, Unknown
  bool has_deletion_timestamp = false;  ///< metadata.deletionTimestamp set: Velero skips the item
  /// The volumes' listed_in_* flags are set (cluster::add does it); else they are unknown.
  bool annotation_lists_indexed = false;

  /// The volume named `name`, or nullptr.
  [[nodiscard]] const pod_volume* find_volume(std::string_view name) const {
    for (const auto& v : volumes)
      if (v.name == name) return &v;
    return nullptr;
  }
};

/// Calls f(item) for each item of Go's strings.Split(list, ",") (empty items kept, nothing
/// trimmed), as Velero reads the annotations above; stops when f returns true.
/// @return whether f returned true.
template <class F>
bool for_each_split_item(std::string_view list, F&& f) {
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = list.find(',', start);
    if (f(list.substr(start, comma == std::string_view::npos ? comma : comma - start))) return true;
    if (comma == std::string_view::npos) return false;
    start = comma + 1;
  }
}

/// Sets the listed_in_* flags of `p`'s volumes from its annotations, and
/// pod::annotation_lists_indexed (cluster::add calls it): O(volumes log volumes + annotation
/// length), however long the lists are.
void index_annotation_lists(pod& p);

}  // namespace volpol::k8s
