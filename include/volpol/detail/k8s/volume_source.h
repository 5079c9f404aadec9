// volpol/detail/k8s/volume_source.h — the volume sources of PersistentVolumes and pod volumes.
//
// A Kubernetes volume has one source field set (`nfs:`, `csi:`, `hostPath:` ...); dumps made
// by generators may set several at once. volpol keeps which are present, in a bitset, plus
// the details Velero's decisions read (nfs server/path, csi driver/attributes, claimName ...):
// read `sources.csi().driver`, `sources.claim_name`; fill with `sources.edit_csi().driver = ...`.
#pragma once

#include <array>
#include <bitset>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "volpol/detail/compact_string.h"
#include "volpol/detail/deep_ptr.h"
#include "volpol/detail/k8s/object_meta.h"

namespace volpol::k8s {

/// Every volume source field of core/v1 PersistentVolumeSpec and VolumeSource, named by
/// its JSON field. `local` exists only on PVs; `persistentVolumeClaim`, `ephemeral`,
/// `emptyDir`, `secret`, `configMap`, `downwardAPI`, `projected`, `gitRepo`, `image` only on
/// pod volumes.
enum class volume_source : std::uint8_t {
  aws_elastic_block_store,  // awsElasticBlockStore
  azure_disk,               // azureDisk
  azure_file,               // azureFile
  cephfs,                   // cephfs
  cinder,                   // cinder
  config_map,               // configMap
  csi,                      // csi
  downward_api,             // downwardAPI
  empty_dir,                // emptyDir
  ephemeral,                // ephemeral
  fc,                       // fc
  flex_volume,              // flexVolume
  flocker,                  // flocker
  gce_persistent_disk,      // gcePersistentDisk
  git_repo,                 // gitRepo
  glusterfs,                // glusterfs
  host_path,                // hostPath
  image,                    // image
  iscsi,                    // iscsi
  local,                    // local
  nfs,                      // nfs
  persistent_volume_claim,  // persistentVolumeClaim
  photon_persistent_disk,   // photonPersistentDisk
  portworx_volume,          // portworxVolume
  projected,                // projected
  quobyte,                  // quobyte
  rbd,                      // rbd
  scale_io,                 // scaleIO
  secret,                   // secret
  storageos,                // storageos
  vsphere_volume,           // vsphereVolume
  count_
};
inline constexpr std::size_t volume_source_count = static_cast<std::size_t>(volume_source::count_);

/// The JSON field names, indexed by volume_source (alphabetical, as the enum): the one list of
/// volume source names. policy::volume_type_name derives Velero's volumeTypes names from it.
inline constexpr std::array<std::string_view, volume_source_count> volume_source_field_names = {"awsElasticBlockStore",
                                                                                                "azureDisk",
                                                                                                "azureFile",
                                                                                                "cephfs",
                                                                                                "cinder",
                                                                                                "configMap",
                                                                                                "csi",
                                                                                                "downwardAPI",
                                                                                                "emptyDir",
                                                                                                "ephemeral",
                                                                                                "fc",
                                                                                                "flexVolume",
                                                                                                "flocker",
                                                                                                "gcePersistentDisk",
                                                                                                "gitRepo",
                                                                                                "glusterfs",
                                                                                                "hostPath",
                                                                                                "image",
                                                                                                "iscsi",
                                                                                                "local",
                                                                                                "nfs",
                                                                                                "persistentVolumeClaim",
                                                                                                "photonPersistentDisk",
                                                                                                "portworxVolume",
                                                                                                "projected",
                                                                                                "quobyte",
                                                                                                "rbd",
                                                                                                "scaleIO",
                                                                                                "secret",
                                                                                                "storageos",
                                                                                                "vsphereVolume"};

/// The JSON field name: "awsElasticBlockStore", "storageos", ...
[[nodiscard]] std::string_view field_name(volume_source s);
/// The source for a JSON field name, or nullopt when it is not a volume source field.
[[nodiscard]] std::optional<volume_source> volume_source_from_field(std::string_view field);

// The details below are compact_strings (8 bytes, std::string-like; see compact_string.h):
// they are empty for almost every volume, and a cluster has hundreds of thousands of volumes.

struct nfs_source {
  compact_string server;
  compact_string path;
  bool read_only = false;
};

struct csi_source {
  compact_string driver;
  string_map volume_attributes;
  compact_string volume_handle;  ///< PV only
  compact_string fs_type;
};

/// Which sources are set, and the details of those Velero reads.
///
/// Memory: a pod volume almost always has one source without details (emptyDir, configMap,
/// projected, secret, hostPath ...) or a claimName, so the claimName is an 8-byte
/// compact_string here, and the nfs and csi details and the cloud disk's id (on PVs and on rare
/// inline pod volumes) sit behind one pointer, allocated by the first edit_nfs() / edit_csi() /
/// set_volume_id(). nfs(), csi() and volume_id() read them (empty when none was set); a copy
/// copies them. What no Velero code volpol mirrors reads (secret.secretName, hostPath.path) is
/// checked for its type and not kept: a pod volume is 40 bytes, and a 300k-object cluster has
/// 660k of them.
class volume_sources {
  struct details {
    nfs_source nfs;
    csi_source csi;
    compact_string volume_id;
  };

 public:
  std::bitset<volume_source_count> present;
  compact_string claim_name;  ///< persistentVolumeClaim.claimName

 private:
  /// Empty until edit_nfs(), edit_csi() or set_volume_id(); a copy copies the details.
  deep_ptr<details> details_;

 public:
  // Last, so a pod_volume's own flags fit in the 6 bytes after them (pod_volume: 40 bytes).
  bool claim_read_only = false;         ///< persistentVolumeClaim.readOnly
  bool ephemeral_has_template = false;  ///< ephemeral.volumeClaimTemplate present

  /// nfs.server / path / readOnly: valid when has(nfs); empty when never edited.
  [[nodiscard]] const nfs_source& nfs() const noexcept;
  /// csi.driver / volumeAttributes / volumeHandle / fsType: valid when has(csi); empty when
  /// never edited.
  [[nodiscard]] const csi_source& csi() const noexcept;
  /// The nfs / csi details to fill in (allocated on the first call; present is not changed).
  [[nodiscard]] nfs_source& edit_nfs();
  [[nodiscard]] csi_source& edit_csi();
  /// The cloud disk's identifier, for Velero-native snapshots: awsElasticBlockStore.volumeID,
  /// gcePersistentDisk.pdName or azureDisk.diskName (whichever source is set; "" if none).
  /// The disk's id is read by Velero's volume snapshotters (GetVolumeID; volpol:
  /// detail/plan/volume_snapshot_location.h volume_id_for).
  [[nodiscard]] const compact_string& volume_id() const noexcept;
  /// Sets it (the loader: the first of those sources). "" on sources without details
  /// allocates nothing. Throws std::bad_alloc only.
  void set_volume_id(std::string_view id);

  [[nodiscard]] bool has(volume_source s) const { return present.test(static_cast<std::size_t>(s)); }
  void set(volume_source s) { present.set(static_cast<std::size_t>(s)); }
  [[nodiscard]] bool none() const { return present.none(); }
};

}  // namespace volpol::k8s
