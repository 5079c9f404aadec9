// volpol/detail/plan/volume_snapshot_location.h — Velero-native snapshots: which volume snapshot
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

#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "volpol/core/result.h"
#include "volpol/detail/k8s/persistent_volume.h"

namespace volpol::plan {

struct volume_snapshot_location {
  std::string name;      ///< VolumeSnapshotLocation name
  std::string provider;  ///< `aws`, `velero.io/gcp`, ...
};

/// Parses a Velero map flag value, `k1<kv>v1,k2<kv>v2` (pkg/cmd/util/flag/map.go `Map.Set`:
/// entries split as one CSV record on `,`, so `"a=b,c",d=e` quotes a comma; each entry split on
/// the first `kv`; a later key wins). `--default-volume-snapshot-locations aws:vsl-west` uses
/// `:`, `--custom-action-params k=v` uses `=`.
/// @return entries in key order, or an error naming the entry without a delimiter.
[[nodiscard]] result<std::vector<std::pair<std::string, std::string>>> parse_map_flag(std::string_view text,
                                                                                      char kv_delimiter);

/// What the backup controller resolves (validateAndGetSnapshotLocations): one location per
/// provider, or the validation errors that fail the backup (FailedValidation).
struct snapshot_location_resolution {
  std::vector<volume_snapshot_location> locations;  ///< sorted by provider
  std::vector<std::string> errors;                  ///< Velero's ValidationErrors texts
  [[nodiscard]] bool ok() const { return errors.empty(); }
};

/// Mirrors pkg/controller/backup_controller.go `validateAndGetSnapshotLocations`:
///
/// | step | rule                                                                                 | error text
/// (Velero's)                                            |
/// |------|--------------------------------------------------------------------------------------|------------------------------------------------------------------|
/// | 1    | each name in spec.volumeSnapshotLocations must be a VSL in the backup's namespace     | "a
/// VolumeSnapshotLocation CRD for the location N with the name specified in the backup spec needs to be created before
/// this snapshot can be executed. ..." | | 2    | at most one named location per provider | "more than one
/// VolumeSnapshotLocation name specified for provider P: N; unexpected name was M" | | 3    | each other provider with
/// VSLs: one VSL → it is used                                    | | | 4    | ... several VSLs → the server default for
/// the provider (`--default-volume-snapshot-locations P:N`) | "provider P has more than one possible volume snapshot
/// location, and none were specified explicitly or as a default" | | 5    | ... the default must exist | "error getting
/// volume snapshot location named N: ... not found"  |
///
/// `vsls` are the VolumeSnapshotLocation objects in the backup's namespace (from the input).
[[nodiscard]] snapshot_location_resolution resolve_volume_snapshot_locations(
    std::span<const volume_snapshot_location> vsls, const std::vector<std::string>& spec_locations,
    const std::vector<std::pair<std::string, std::string>>& server_defaults);

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
