// Volume type names: Velero `getVolumeTypeFromPV` / `getVolumeTypeFromVolume` and `SupportedVolume`.
#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>

#include "volpol/detail/policy/structured_volume.h"

namespace volpol::policy {
namespace {

using k8s::volume_source;

k8s::persistent_volume pv_with(std::initializer_list<volume_source> sources) {
  k8s::persistent_volume pv;
  for (volume_source s : sources) pv.sources.set(s);
  return pv;
}

k8s::pod_volume pod_volume_with(std::initializer_list<volume_source> sources) {
  k8s::pod_volume v;
  v.name = "vol";
  for (volume_source s : sources) v.sources.set(s);
  return v;
}

TEST(volume_type, pv_single_sources) {
  struct row {
    volume_source source;
    std::string_view name;
  };
  const row rows[] = {
      {volume_source::gce_persistent_disk, "gcePersistentDisk"},
      {volume_source::aws_elastic_block_store, "awsElasticBlockStore"},
      {volume_source::host_path, "hostPath"},
      {volume_source::glusterfs, "glusterfs"},
      {volume_source::nfs, "nfs"},
      {volume_source::iscsi, "iscsi"},
      {volume_source::cinder, "cinder"},
      {volume_source::cephfs, "cephfs"},
      {volume_source::fc, "fc"},
      {volume_source::flex_volume, "flexVolume"},
      {volume_source::azure_file, "azureFile"},
      {volume_source::vsphere_volume, "vsphereVolume"},
      {volume_source::quobyte, "quobyte"},
      {volume_source::azure_disk, "azureDisk"},
      {volume_source::portworx_volume, "portworxVolume"},
      {volume_source::scale_io, "scaleIO"},
      {volume_source::local, "local"},
      {volume_source::storageos, "storageOS"},
      {volume_source::csi, "csi"},
      {volume_source::flocker, "flocker"},
      {volume_source::rbd, "rbd"},
      {volume_source::photon_persistent_disk, "photonPersistentDisk"},
  };
  for (const auto& [source, name] : rows) {
    SCOPED_TRACE(name);
    EXPECT_EQ(volume_type_of(pv_with({source})), name);
  }
  EXPECT_EQ(volume_type_of(pv_with({})), "");
}

TEST(volume_type, pv_check_order) {
  EXPECT_EQ(volume_type_of(pv_with({volume_source::nfs, volume_source::csi})), "csi");
  EXPECT_EQ(volume_type_of(pv_with({volume_source::azure_file, volume_source::azure_disk})), "azureDisk");
  EXPECT_EQ(volume_type_of(pv_with({volume_source::cinder, volume_source::cephfs})), "cephfs");
  EXPECT_EQ(volume_type_of(pv_with({volume_source::nfs, volume_source::host_path})), "hostPath");
  EXPECT_EQ(volume_type_of(pv_with({volume_source::local, volume_source::host_path})), "hostPath");
  EXPECT_EQ(volume_type_of(pv_with({volume_source::nfs, volume_source::local})), "local");
  EXPECT_EQ(volume_type_of(pv_with({volume_source::vsphere_volume, volume_source::nfs})), "nfs");
}

TEST(volume_type, pod_volume_single_sources) {
  struct row {
    volume_source source;
    std::string_view name;
  };
  const row rows[] = {
      {volume_source::host_path, "hostPath"},
      {volume_source::empty_dir, "emptyDir"},
      {volume_source::git_repo, "gitRepo"},
      {volume_source::secret, "secret"},
      {volume_source::config_map, "configMap"},
      {volume_source::downward_api, "downwardAPI"},
      {volume_source::projected, "projected"},
      {volume_source::ephemeral, "ephemeral"},
      {volume_source::image, "image"},
      {volume_source::storageos, "storageOS"},
      {volume_source::csi, "csi"},
      {volume_source::nfs, "nfs"},
  };
  for (const auto& [source, name] : rows) {
    SCOPED_TRACE(name);
    EXPECT_EQ(volume_type_of(pod_volume_with({source})), name);
  }
  EXPECT_EQ(volume_type_of(pod_volume_with({})), "");
  EXPECT_EQ(volume_type_of(pod_volume_with({volume_source::persistent_volume_claim})), "");
}

TEST(volume_type, pod_volume_check_order_differs_from_pv) {
  EXPECT_EQ(volume_type_of(pod_volume_with({volume_source::host_path, volume_source::nfs})), "nfs");
  EXPECT_EQ(volume_type_of(pod_volume_with({volume_source::host_path, volume_source::iscsi})), "iscsi");
  EXPECT_EQ(volume_type_of(pod_volume_with({volume_source::host_path, volume_source::empty_dir})), "hostPath");
  EXPECT_EQ(volume_type_of(pod_volume_with({volume_source::vsphere_volume, volume_source::host_path})),
            "vsphereVolume");
  EXPECT_EQ(volume_type_of(pod_volume_with({volume_source::image, volume_source::empty_dir})), "emptyDir");
  EXPECT_EQ(volume_type_of(pod_volume_with({volume_source::config_map, volume_source::secret})), "secret");
  EXPECT_EQ(volume_type_of(pod_volume_with({volume_source::secret, volume_source::nfs})), "nfs");
  EXPECT_EQ(volume_type_of(pod_volume_with({volume_source::downward_api, volume_source::rbd})), "rbd");
  EXPECT_EQ(volume_type_of(pod_volume_with({volume_source::ephemeral, volume_source::projected})), "projected");
  EXPECT_EQ(volume_type_of(pod_volume_with({volume_source::persistent_volume_claim, volume_source::empty_dir})),
            "emptyDir");
}

TEST(volume_type, names_are_supported_volume_types) {
  const auto supported = supported_volume_types();
  const auto listed = [&](std::string_view n) {
    return std::find(supported.begin(), supported.end(), n) != supported.end();
  };
  for (std::size_t i = 0; i < k8s::volume_source_count; ++i) {
    const auto s = static_cast<volume_source>(i);
    const std::string_view name = volume_type_name(s);
    SCOPED_TRACE(i);
    if (s == volume_source::persistent_volume_claim) {
      EXPECT_EQ(name, "");
    } else {
      EXPECT_TRUE(listed(name)) << name;
    }
  }
  EXPECT_TRUE(listed("awsAzureDisk"));  // listed by Velero, never a volume's type
  EXPECT_FALSE(listed("storageos"));
  EXPECT_EQ(supported.size(), 31u);
}

}  // namespace
}  // namespace volpol::policy
