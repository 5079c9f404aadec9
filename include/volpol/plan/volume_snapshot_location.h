// volpol/plan/volume_snapshot_location.h — Velero-native snapshots: which volume snapshot
// locations' providers recognise a PersistentVolume.
//
// Velero's `takePVSnapshot` (pkg/backup/item_backupper.go) asks each location's
// VolumeSnapshotter for the PV's volume ID; the first one that returns an ID snapshots it,
// and with none the PV is skipped with "no applicable volumesnapshotter found". The table of
// what the official providers recognise (their `GetVolumeID`):
//
// | provider                             | recognises                                                            |
// |--------------------------------------|-----------------------------------------------------------------------|
// | `aws` / `velero.io/aws`              | `awsElasticBlockStore` whose volumeID contains `vol-`                 |
// | `gcp` / `velero.io/gcp`              | `csi` with driver `pd.csi.storage.gke.io` (volumeHandle               |
// |                                      | `projects/P/zones/Z/disks/D`), else `gcePersistentDisk` with a pdName  |
// | `azure` / `velero.io/azure`          | `azureDisk` with a diskName                                           |
// | any other provider                   | assumed to recognise nothing known to volpol (reported as unknown)    |
//
// An empty volumeID/pdName/diskName is an error in those plugins ("... not found"), which
// Velero logs and then tries the next location.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "volpol/k8s/diagnostic.h"
#include "volpol/k8s/persistent_volume.h"

namespace volpol::plan {

struct volume_snapshot_location {
  std::string name;      ///< VolumeSnapshotLocation name
  std::string provider;  ///< `aws`, `velero.io/gcp`, ...
};

/// Parses `NAME=PROVIDER` or `PROVIDER` (the name then equals the provider).
[[nodiscard]] result<volume_snapshot_location> parse_volume_snapshot_location(std::string_view text);

/// What one provider says of a PV.
struct volume_id_answer {
  std::string volume_id;  ///< empty: not recognised
  std::string error;      ///< non-empty: the plugin would return an error
  bool known_provider = true;
};

/// Mirrors the provider's `VolumeSnapshotter.GetVolumeID` for the official plugins.
[[nodiscard]] volume_id_answer volume_id_for(std::string_view provider, const k8s::persistent_volume& pv);

}  // namespace volpol::plan
