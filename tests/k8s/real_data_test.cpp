// Every file of tests/data/real (dumps nobody on this project wrote) loads, and gives the
// objects, volumes, sources, storage classes and capacities its README describes.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "volpol/k8s/loader.h"

namespace volpol::k8s {
namespace {

const std::string real_dir = std::string(VOLPOL_TEST_DATA_DIR) + "/real/";

load_result load_real(const std::string& name) {
  const std::vector<std::string> paths = {real_dir + name};
  load_result r = load_objects(paths);
  for (const auto& d : r.problems) ADD_FAILURE() << d.to_string();
  EXPECT_EQ(r.counts.files, 1U);
  return r;
}

quantity q(std::string_view text) { return quantity::parse(text).value(); }

std::vector<std::string> source_names(const volume_sources& s) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < volume_source_count; ++i)
    if (s.present.test(i)) out.emplace_back(field_name(static_cast<volume_source>(i)));
  return out;
}

TEST(real_data, every_file_loads_without_problems) {
  std::size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(real_dir)) {
    const std::string name = e.path().filename().string();
    if (name == "README.md") continue;
    SCOPED_TRACE(name);
    const load_result r = load_real(name);
    EXPECT_GE(r.objects.size(), 1U);
    EXPECT_EQ(r.counts.rejected, 0U);
    ++files;
  }
  EXPECT_EQ(files, 15U);
}

// insights-operator: no apiVersion/kind, classified as a Pod by its shape.
TEST(real_data, insights_pod_without_type_meta) {
  const load_result r = load_real("insights-operator.prometheus-k8s-0.json");
  ASSERT_EQ(r.objects.pods().size(), 1U);
  const pod& p = r.objects.pods()[0];
  EXPECT_EQ(p.metadata.namespace_, "openshift-monitoring");
  EXPECT_EQ(p.metadata.name, "prometheus-k8s-0");
  EXPECT_EQ(p.phase, "Running");
  EXPECT_EQ(p.node_name, "worker-0.cluster-a.example.com");
  ASSERT_EQ(p.volumes.size(), 16U);
  std::size_t secrets = 0, config_maps = 0, empty_dirs = 0;
  for (const auto& v : p.volumes) {
    EXPECT_EQ(v.sources.present.count(), 1U) << v.name;
    secrets += v.sources.has(volume_source::secret);
    config_maps += v.sources.has(volume_source::config_map);
    empty_dirs += v.sources.has(volume_source::empty_dir);
  }
  EXPECT_EQ(secrets, 10U);
  EXPECT_EQ(config_maps, 4U);
  EXPECT_EQ(empty_dirs, 2U);
  ASSERT_NE(p.find_volume("prometheus-k8s-db"), nullptr);
  EXPECT_TRUE(p.find_volume("prometheus-k8s-db")->sources.has(volume_source::empty_dir));
  ASSERT_NE(p.find_volume("prometheus-k8s-token-zkhg2"), nullptr);
  EXPECT_TRUE(p.find_volume("prometheus-k8s-token-zkhg2")->sources.has(volume_source::secret));
  for (const auto& v : p.volumes) {
    EXPECT_TRUE(v.mounted) << v.name;  // every volume is mounted by some container
    EXPECT_FALSE(v.device) << v.name;
  }
  EXPECT_FALSE(p.has_deletion_timestamp);
  EXPECT_TRUE(r.objects.persistent_volumes().empty());
}

// The generated PV fixture: every source at once, capacity keyed `capacityKey`.
void check_pv_fixture(const load_result& r) {
  ASSERT_EQ(r.objects.persistent_volumes().size(), 1U);
  const persistent_volume& pv = r.objects.persistent_volumes()[0];
  EXPECT_EQ(pv.metadata.name, "nameValue");
  EXPECT_FALSE(pv.has_capacity);  // no `storage` key
  EXPECT_TRUE(pv.capacity.is_zero());
  EXPECT_EQ(pv.storage_class_name, "storageClassNameValue");
  EXPECT_EQ(pv.volume_mode, "volumeModeValue");
  EXPECT_EQ(pv.reclaim_policy, "persistentVolumeReclaimPolicyValue");
  EXPECT_EQ(pv.phase, "phaseValue");
  EXPECT_EQ(pv.access_modes, std::vector<compact_string>{"accessModesValue"});
  ASSERT_TRUE(pv.claim_ref.has_value());
  EXPECT_EQ(pv.claim_ref->namespace_, "namespaceValue");
  EXPECT_EQ(pv.claim_ref->name, "nameValue");
  const std::vector<std::string> all = {"awsElasticBlockStore",
                                        "azureDisk",
                                        "azureFile",
                                        "cephfs",
                                        "cinder",
                                        "csi",
                                        "fc",
                                        "flexVolume",
                                        "flocker",
                                        "gcePersistentDisk",
                                        "glusterfs",
                                        "hostPath",
                                        "iscsi",
                                        "local",
                                        "nfs",
                                        "photonPersistentDisk",
                                        "portworxVolume",
                                        "quobyte",
                                        "rbd",
                                        "scaleIO",
                                        "storageos",
                                        "vsphereVolume"};
  EXPECT_EQ(source_names(pv.sources), all);
  EXPECT_EQ(pv.sources.nfs().server, "serverValue");
  EXPECT_EQ(pv.sources.nfs().path, "pathValue");
  EXPECT_TRUE(pv.sources.nfs().read_only);
  EXPECT_EQ(pv.sources.csi().driver, "driverValue");
  EXPECT_EQ(pv.sources.csi().volume_handle, "volumeHandleValue");
  ASSERT_TRUE(pv.sources.csi().volume_attributes.find("volumeAttributesKey"));
  EXPECT_EQ(*pv.sources.csi().volume_attributes.find("volumeAttributesKey"), "volumeAttributesValue");
  EXPECT_TRUE(pv.sources.has(volume_source::host_path));  // its path is not kept
  EXPECT_EQ(pv.sources.volume_id(), "volumeIDValue");     // awsElasticBlockStore wins
  ASSERT_TRUE(pv.metadata.annotations.has_value());
  EXPECT_EQ(*pv.metadata.annotation("annotationsKey"), "annotationsValue");
  EXPECT_EQ(*pv.metadata.labels.find("labelsKey"), "labelsValue");
}

TEST(real_data, pv_fixture_json) { check_pv_fixture(load_real("k8s-api-fixture.core.v1.PersistentVolume.json")); }
TEST(real_data, pv_fixture_yaml) { check_pv_fixture(load_real("k8s-api-fixture.core.v1.PersistentVolume.yaml")); }

void check_pvc_fixture(const load_result& r) {
  ASSERT_EQ(r.objects.persistent_volume_claims().size(), 1U);
  const persistent_volume_claim& pvc = r.objects.persistent_volume_claims()[0];
  EXPECT_EQ(pvc.metadata.key(), "namespaceValue/nameValue");
  EXPECT_EQ(pvc.storage_class_name, "storageClassNameValue");
  EXPECT_EQ(pvc.volume_name, "volumeNameValue");
  EXPECT_EQ(pvc.volume_mode, "volumeModeValue");
  EXPECT_EQ(pvc.access_modes, std::vector<compact_string>{"accessModesValue"});
  EXPECT_FALSE(pvc.requested.has_value());        // requests keyed `requestsKey`
  EXPECT_FALSE(pvc.status_capacity.has_value());  // capacity keyed `capacityKey`
  EXPECT_EQ(pvc.phase, "phaseValue");
}

TEST(real_data, pvc_fixture_json) {
  check_pvc_fixture(load_real("k8s-api-fixture.core.v1.PersistentVolumeClaim.json"));
}
TEST(real_data, pvc_fixture_yaml) {
  check_pvc_fixture(load_real("k8s-api-fixture.core.v1.PersistentVolumeClaim.yaml"));
}

// One pod volume with all 30 pod volume sources.
void check_pod_fixture(const load_result& r) {
  ASSERT_EQ(r.objects.pods().size(), 1U);
  const pod& p = r.objects.pods()[0];
  EXPECT_EQ(p.metadata.key(), "namespaceValue/nameValue");
  EXPECT_EQ(p.node_name, "nodeNameValue");
  ASSERT_EQ(p.volumes.size(), 1U);
  const pod_volume& v = p.volumes[0];
  EXPECT_EQ(v.name, "nameValue");
  EXPECT_EQ(v.sources.present.count(), 30U);
  EXPECT_FALSE(v.sources.has(volume_source::local));  // PV-only
  EXPECT_EQ(v.sources.claim_name, "claimNameValue");
  EXPECT_TRUE(v.sources.claim_read_only);
  EXPECT_TRUE(v.sources.ephemeral_has_template);
  EXPECT_TRUE(v.sources.has(volume_source::secret));  // secretName and path are not kept
  EXPECT_TRUE(v.sources.has(volume_source::host_path));
  EXPECT_EQ(v.sources.nfs().server, "serverValue");
  EXPECT_EQ(v.sources.csi().driver, "driverValue");
  EXPECT_TRUE(p.has_deletion_timestamp);  // the fixture fills every field
  EXPECT_TRUE(v.mounted);                 // volumeMounts[].name and volumeDevices[].name are "nameValue"
  EXPECT_TRUE(v.device);
  // The pod mounts its claim through a persistentVolumeClaim volume.
  ASSERT_EQ(r.objects.pods_using_pvc("namespaceValue", "claimNameValue").size(), 1U);
}

TEST(real_data, pod_fixture_json) { check_pod_fixture(load_real("k8s-api-fixture.core.v1.Pod.json")); }
TEST(real_data, pod_fixture_yaml) { check_pod_fixture(load_real("k8s-api-fixture.core.v1.Pod.yaml")); }

TEST(real_data, kubectl_list_of_two_pods) {
  const load_result r = load_real("kubectl-neat.list1-raw.yaml");
  ASSERT_EQ(r.objects.pods().size(), 2U);
  EXPECT_TRUE(r.counts.other_kinds.empty());  // the List wrapper is not an object
  for (const pod& p : r.objects.pods()) {
    SCOPED_TRACE(p.metadata.name);
    EXPECT_EQ(p.metadata.namespace_, "default");
    EXPECT_EQ(p.phase, "Running");
    EXPECT_FALSE(p.metadata.annotations.has_value());  // no annotations field at all
    ASSERT_EQ(p.volumes.size(), 1U);
    EXPECT_EQ(p.volumes[0].name, "default-token-m7wjs");
    EXPECT_TRUE(p.volumes[0].mounted);
    EXPECT_FALSE(p.volumes[0].device);
    EXPECT_EQ(source_names(p.volumes[0].sources), std::vector<std::string>{"secret"});
  }
  EXPECT_EQ(r.objects.pods()[0].metadata.name, "t1");
  EXPECT_EQ(r.objects.pods()[0].origin.line, 3U);
  EXPECT_EQ(r.objects.pods()[1].metadata.name, "t2");
  EXPECT_EQ(r.objects.pods()[1].origin.line, 87U);
}

TEST(real_data, gke_pv_with_gce_pd) {
  const load_result r = load_real("k9s.pv-gce-pd.json");
  ASSERT_EQ(r.objects.persistent_volumes().size(), 1U);
  const persistent_volume& pv = r.objects.persistent_volumes()[0];
  EXPECT_EQ(pv.metadata.name, "pvc-07aa4e2c-8726-11e9-a8e8-42010a80015b");
  EXPECT_EQ(source_names(pv.sources), std::vector<std::string>{"gcePersistentDisk"});
  EXPECT_EQ(pv.sources.volume_id(), "gke-k9s-fd5bf60e-dynam-pvc-07aa4e2c-8726-11e9-a8e8-42010a80015b");
  EXPECT_EQ(pv.capacity, q("1Gi"));
  EXPECT_EQ(pv.storage_class_name, "standard");
  EXPECT_EQ(pv.volume_mode, "");  // no volumeMode field
  ASSERT_TRUE(pv.claim_ref.has_value());
  EXPECT_EQ(pv.claim_ref->name, "www-nginx-sts-1");
  EXPECT_EQ(pv.metadata.labels.size(), 2U);
  EXPECT_EQ(r.objects.find_pv("pvc-07aa4e2c-8726-11e9-a8e8-42010a80015b"), &pv);
}

TEST(real_data, pvc_without_volume_mode) {
  const load_result r = load_real("k9s.pvc-no-volumemode.json");
  ASSERT_EQ(r.objects.persistent_volume_claims().size(), 1U);
  const persistent_volume_claim& pvc = r.objects.persistent_volume_claims()[0];
  EXPECT_EQ(pvc.metadata.key(), "default/www-nginx-sts-0");
  EXPECT_FALSE(pvc.volume_mode.has_value());
  EXPECT_EQ(pvc.requested, q("1Mi"));
  EXPECT_EQ(pvc.status_capacity, q("1Gi"));
  EXPECT_EQ(pvc.phase, "Bound");
  EXPECT_EQ(*pvc.metadata.labels.find("app"), "nginx-sts");
  EXPECT_EQ(pvc.volume_name, "pvc-fbabd470-8725-11e9-a8e8-42010a80015b");
}

TEST(real_data, rbd_block_pvc_resizing) {
  const load_result r = load_real("ceph-csi.rbd-block-pvc-resize-pending.yaml");
  ASSERT_EQ(r.objects.persistent_volume_claims().size(), 1U);
  const persistent_volume_claim& pvc = r.objects.persistent_volume_claims()[0];
  EXPECT_EQ(pvc.metadata.key(), "default/raw-block-pvc");
  EXPECT_EQ(pvc.volume_mode, "Block");
  EXPECT_EQ(pvc.storage_class_name, "csi-rbd-sc");
  EXPECT_EQ(pvc.requested, q("10Gi"));
  EXPECT_EQ(pvc.status_capacity, q("1Gi"));
  EXPECT_EQ(*pvc.metadata.annotation("volume.beta.kubernetes.io/storage-provisioner"), "rbd.csi.ceph.com");
}

TEST(real_data, cephfs_rwx_pvc_in_a_list) {
  const load_result r = load_real("ceph-csi.cephfs-rwx-pvc-list.yaml");
  ASSERT_EQ(r.objects.persistent_volume_claims().size(), 1U);
  const persistent_volume_claim& pvc = r.objects.persistent_volume_claims()[0];
  EXPECT_EQ(pvc.metadata.key(), "default/csi-cephfs-pvc");
  EXPECT_EQ(pvc.access_modes, std::vector<compact_string>{"ReadWriteMany"});
  EXPECT_EQ(pvc.storage_class_name, "csi-cephfs-sc");
  EXPECT_EQ(pvc.volume_mode, "Filesystem");
  EXPECT_EQ(pvc.requested, q("5Gi"));
}

TEST(real_data, nfs_pv_and_pvc_with_unquoted_timestamps) {
  const load_result r = load_real("openshift-origin-4652.nfs-pv-and-pvc.yaml");
  ASSERT_EQ(r.objects.persistent_volumes().size(), 1U);
  ASSERT_EQ(r.objects.persistent_volume_claims().size(), 1U);
  const persistent_volume& pv = r.objects.persistent_volumes()[0];
  EXPECT_EQ(pv.metadata.name, "registry-volume");
  EXPECT_EQ(pv.storage_class_name, "");
  EXPECT_EQ(pv.capacity, q("9Gi"));
  EXPECT_EQ(pv.reclaim_policy, "Retain");
  EXPECT_EQ(source_names(pv.sources), std::vector<std::string>{"nfs"});
  EXPECT_EQ(pv.sources.nfs().server, "nfs.example.com");
  EXPECT_EQ(pv.sources.nfs().path, "/exports/openshift/registry");
  const persistent_volume_claim& pvc = r.objects.persistent_volume_claims()[0];
  EXPECT_EQ(pvc.metadata.key(), "default/registry-claim");
  EXPECT_FALSE(pvc.storage_class_name.has_value());
  EXPECT_EQ(pvc.volume_name, "registry-volume");
  EXPECT_EQ(pvc.origin.line, 28U);  // the second document
}

TEST(real_data, local_path_hostpath_pv) {
  const load_result r = load_real("velero-8123.local-path-hostpath-pv.yaml");
  ASSERT_EQ(r.objects.persistent_volumes().size(), 1U);
  const persistent_volume& pv = r.objects.persistent_volumes()[0];
  EXPECT_EQ(source_names(pv.sources), std::vector<std::string>{"hostPath"});
  EXPECT_EQ(pv.storage_class_name, "standard");
  EXPECT_EQ(pv.capacity, q("100Gi"));
  EXPECT_EQ(pv.capacity.value(), 107374182400);
  EXPECT_EQ(pv.claim_ref->namespace_, "test");
}

TEST(real_data, digitalocean_csi_pv) {
  const load_result r = load_real("velero-plugin-for-aws-19.digitalocean-csi-pv.yaml");
  ASSERT_EQ(r.objects.persistent_volumes().size(), 1U);
  const persistent_volume& pv = r.objects.persistent_volumes()[0];
  EXPECT_EQ(source_names(pv.sources), std::vector<std::string>{"csi"});
  EXPECT_EQ(pv.sources.csi().driver, "dobs.csi.digitalocean.com");
  EXPECT_EQ(pv.sources.csi().fs_type, "ext4");
  ASSERT_EQ(pv.sources.csi().volume_attributes.size(), 1U);
  EXPECT_EQ(*pv.sources.csi().volume_attributes.find("storage.kubernetes.io/csiProvisionerIdentity"),
            "1576245536326-8081-dobs.csi.digitalocean.com");
  EXPECT_EQ(pv.storage_class_name, "do-block-storage");
  EXPECT_EQ(pv.capacity, q("2Gi"));
  EXPECT_EQ(pv.claim_ref->namespace_, "ns-a");
  EXPECT_EQ(pv.claim_ref->name, "postgres-data-pvc");
}

// The same generated object as JSON and as YAML: loading both is a duplicate, reported.
TEST(real_data, the_json_and_yaml_fixtures_are_the_same_objects) {
  const std::vector<std::string> paths = {real_dir + "k8s-api-fixture.core.v1.Pod.json",
                                          real_dir + "k8s-api-fixture.core.v1.Pod.yaml"};
  const load_result r = load_objects(paths);
  ASSERT_EQ(r.problems.size(), 1U);
  EXPECT_EQ(r.problems.items()[0].to_string(), real_dir +
                                                   "k8s-api-fixture.core.v1.Pod.yaml:1: Pod namespaceValue/nameValue: "
                                                   "duplicate Pod `namespaceValue/nameValue`: the first one, read at " +
                                                   real_dir + "k8s-api-fixture.core.v1.Pod.json: byte 0, is kept");
  EXPECT_EQ(r.objects.pods().size(), 1U);
}

}  // namespace
}  // namespace volpol::k8s
