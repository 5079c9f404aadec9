// Volume types: the volumeTypes name of a PV or a pod volume. Mirrors `SupportedVolume`,
// `getVolumeTypeFromPV` and `getVolumeTypeFromVolume` (velero internal/resourcepolicies/
// volume_types_conditions.go), with the `image` pod volume type of current Velero.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "volpol/detail/policy/structured_volume.h"

namespace volpol::policy {

namespace {

using k8s::volume_source;
using source_mask = std::uint64_t;
static_assert(k8s::volume_source_count <= 64);

constexpr std::size_t index_of(volume_source s) { return static_cast<std::size_t>(s); }

// volumeTypes name of each source field, indexed by volume_source: Velero's `SupportedVolume`
// values are the source fields' JSON names (k8s::volume_source_field_names) but for two.
constexpr std::array<std::string_view, k8s::volume_source_count> type_names = [] {
  std::array<std::string_view, k8s::volume_source_count> n = k8s::volume_source_field_names;
  // A claim is not a volume type: Velero matches a PVC-backed volume on its PV's source.
  n[index_of(volume_source::persistent_volume_claim)] = "";
  // Velero's constant is `StorageOS SupportedVolume = "storageOS"`; the JSON field is `storageos`.
  n[index_of(volume_source::storageos)] = "storageOS";
  return n;
}();

// getVolumeTypeFromPV's check order.
constexpr std::array pv_order{
    volume_source::aws_elastic_block_store,
    volume_source::azure_disk,
    volume_source::azure_file,
    volume_source::cephfs,
    volume_source::cinder,
    volume_source::csi,
    volume_source::fc,
    volume_source::flocker,
    volume_source::flex_volume,
    volume_source::gce_persistent_disk,
    volume_source::glusterfs,
    volume_source::host_path,
    volume_source::iscsi,
    volume_source::local,
    volume_source::nfs,
    volume_source::photon_persistent_disk,
    volume_source::portworx_volume,
    volume_source::quobyte,
    volume_source::rbd,
    volume_source::scale_io,
    volume_source::storageos,
    volume_source::vsphere_volume,
};

// getVolumeTypeFromVolume's check order (Velero checks fc twice; the second never decides).
constexpr std::array pod_volume_order{
    volume_source::aws_elastic_block_store,
    volume_source::azure_disk,
    volume_source::azure_file,
    volume_source::cephfs,
    volume_source::cinder,
    volume_source::csi,
    volume_source::fc,
    volume_source::flocker,
    volume_source::flex_volume,
    volume_source::gce_persistent_disk,
    volume_source::git_repo,
    volume_source::glusterfs,
    volume_source::iscsi,
    volume_source::nfs,
    volume_source::secret,
    volume_source::rbd,
    volume_source::downward_api,
    volume_source::config_map,
    volume_source::projected,
    volume_source::ephemeral,
    volume_source::photon_persistent_disk,
    volume_source::portworx_volume,
    volume_source::quobyte,
    volume_source::scale_io,
    volume_source::storageos,
    volume_source::vsphere_volume,
    volume_source::host_path,
    volume_source::empty_dir,
    volume_source::image,
};

template <std::size_t N>
constexpr source_mask mask_of(const std::array<volume_source, N>& order) {
  source_mask m = 0;
  for (volume_source s : order) m |= source_mask{1} << index_of(s);
  return m;
}

constexpr source_mask pv_mask = mask_of(pv_order);
constexpr source_mask pod_volume_mask = mask_of(pod_volume_order);

// The first source of `order` present in `sources`. One source (the usual case) needs no scan.
template <std::size_t N>
std::string_view first_type(const k8s::volume_sources& sources, const std::array<volume_source, N>& order,
                            source_mask order_mask) {
  const source_mask present = static_cast<source_mask>(sources.present.to_ullong()) & order_mask;
  if (present == 0) return {};
  if (std::has_single_bit(present)) return type_names[static_cast<std::size_t>(std::countr_zero(present))];
  for (volume_source s : order)
    if (present & (source_mask{1} << index_of(s))) return type_names[index_of(s)];
  return {};  // unreachable: present is a subset of order_mask
}

// Velero's SupportedVolume constants, in its order, plus `image`.
constexpr std::array<std::string_view, 31> supported = {
    "awsAzureDisk",
    "awsElasticBlockStore",
    "azureDisk",
    "azureFile",
    "cinder",
    "cephfs",
    "configMap",
    "csi",
    "downwardAPI",
    "emptyDir",
    "ephemeral",
    "fc",
    "flocker",
    "flexVolume",
    "gitRepo",
    "glusterfs",
    "gcePersistentDisk",
    "hostPath",
    "image",
    "iscsi",
    "local",
    "nfs",
    "photonPersistentDisk",
    "portworxVolume",
    "projected",
    "quobyte",
    "rbd",
    "scaleIO",
    "secret",
    "storageOS",
    "vsphereVolume",
};

constexpr bool every_type_supported() {
  for (std::string_view n : type_names)
    if (!n.empty() && std::find(supported.begin(), supported.end(), n) == supported.end()) return false;
  return true;
}
static_assert(every_type_supported(), "each volume type is one of Velero's SupportedVolume values");

}  // namespace

std::span<const std::string_view> supported_volume_types() { return supported; }

std::string_view volume_type_name(k8s::volume_source s) {
  const std::size_t i = index_of(s);
  return i < type_names.size() ? type_names[i] : std::string_view();
}

std::string_view volume_type_of(const k8s::persistent_volume& pv) { return first_type(pv.sources, pv_order, pv_mask); }

std::string_view volume_type_of(const k8s::pod_volume& v) {
  return first_type(v.sources, pod_volume_order, pod_volume_mask);
}

std::string_view volume_type_of(const k8s::pod_volume& v, velero_version release) {
  const std::string_view t = volume_type_of(v);
  return t == "image" && !has(release, velero_feature::volume_type_image) ? std::string_view{} : t;
}

}  // namespace volpol::policy
