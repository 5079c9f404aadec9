// One check per condition, against structured volumes built from objects made here. Mirrors the
// `match` methods of Velero's conditions (volume_resources.go, volume_types_conditions.go).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "volpol/detail/policy/volume_conditions.h"
#include "volpol/k8s/quantity.h"

namespace volpol::policy {
namespace {

using k8s::volume_source;

k8s::string_map map_of(std::vector<k8s::string_map::entry> entries) { return k8s::string_map(std::move(entries)); }

k8s::quantity q(std::string_view text) { return k8s::quantity::parse(text).value(); }

k8s::persistent_volume nfs_pv(std::string server, std::string path) {
  k8s::persistent_volume pv;
  pv.sources.set(volume_source::nfs);
  pv.sources.edit_nfs().server = std::move(server);
  pv.sources.edit_nfs().path = std::move(path);
  return pv;
}

k8s::persistent_volume csi_pv(std::string driver, k8s::string_map attributes = {}) {
  k8s::persistent_volume pv;
  pv.sources.set(volume_source::csi);
  pv.sources.edit_csi().driver = std::move(driver);
  pv.sources.edit_csi().volume_attributes = std::move(attributes);
  return pv;
}

structured_volume of(const k8s::persistent_volume& pv) {
  structured_volume v;
  v.parse_pv(pv);
  return v;
}

structured_volume of(const k8s::persistent_volume_claim& pvc) {
  structured_volume v;
  v.parse_pvc(pvc);
  return v;
}

TEST(conditions, capacity_reads_pv_capacity_and_zero_otherwise) {
  k8s::persistent_volume pv;
  pv.capacity = q("5Gi");
  EXPECT_TRUE(capacity_condition_matches(parse_capacity("1Gi,10Gi").value(), of(pv)));
  EXPECT_FALSE(capacity_condition_matches(parse_capacity("10Gi,").value(), of(pv)));
  const structured_volume none;  // pod volume / PVC only: zero
  EXPECT_FALSE(capacity_condition_matches(parse_capacity("1Gi,").value(), none));
  EXPECT_TRUE(capacity_condition_matches(parse_capacity("0,1Mi").value(), none));
}

TEST(conditions, storage_class) {
  k8s::persistent_volume pv;
  pv.storage_class_name = "gp2";
  EXPECT_TRUE(storage_class_condition_matches({}, of(pv)));
  EXPECT_TRUE(storage_class_condition_matches({"ebs-sc", "gp2"}, of(pv)));
  EXPECT_FALSE(storage_class_condition_matches({"GP2"}, of(pv)));  // case-sensitive
  EXPECT_FALSE(storage_class_condition_matches({"gp"}, of(pv)));   // not a prefix match
  EXPECT_FALSE(storage_class_condition_matches({"gq2"}, of(pv)));  // same ends, other middle
  pv.storage_class_name.clear();
  EXPECT_FALSE(storage_class_condition_matches({""}, of(pv)));  // classless never matches a list
  EXPECT_TRUE(storage_class_condition_matches({}, of(pv)));
}

TEST(conditions, nfs) {
  const auto pv = nfs_pv("192.168.10.20", "/mnt/data");
  const auto v = of(pv);
  EXPECT_TRUE(nfs_condition_matches(std::nullopt, v));
  EXPECT_TRUE(nfs_condition_matches(nfs_condition{}, v));
  EXPECT_TRUE(nfs_condition_matches(nfs_condition{"192.168.10.20", ""}, v));
  EXPECT_TRUE(nfs_condition_matches(nfs_condition{"", "/mnt/data"}, v));
  EXPECT_TRUE(nfs_condition_matches(nfs_condition{"192.168.10.20", "/mnt/data"}, v));
  EXPECT_FALSE(nfs_condition_matches(nfs_condition{"192.168.10.21", ""}, v));
  EXPECT_FALSE(nfs_condition_matches(nfs_condition{"", "/mnt/data/"}, v));
  EXPECT_FALSE(nfs_condition_matches(nfs_condition{"192.168.10.99", "/mnt/data"}, v));
  const auto empty = nfs_pv("", "");
  EXPECT_TRUE(nfs_condition_matches(nfs_condition{}, of(empty)));
  EXPECT_FALSE(nfs_condition_matches(nfs_condition{"192.168.10.20", ""}, of(empty)));
  EXPECT_FALSE(nfs_condition_matches(nfs_condition{}, of(csi_pv("x"))));
  EXPECT_TRUE(nfs_condition_matches(std::nullopt, of(csi_pv("x"))));
}

TEST(conditions, csi) {
  const auto plain = csi_pv("files.csi.driver");
  const auto nfs_attr = csi_pv("files.csi.driver", map_of({{"protocol", "nfs"}, {"sku", "Premium"}}));
  const auto other_attr = csi_pv("files.csi.driver", map_of({{"key1", "val1"}}));
  const csi_condition any{};
  const csi_condition driver{"files.csi.driver", std::nullopt};
  const csi_condition with_attr{"files.csi.driver", map_of({{"protocol", "nfs"}})};
  const csi_condition with_empty_attr{"files.csi.driver", map_of({{"protocol", ""}})};
  const csi_condition empty_attrs{"files.csi.driver", k8s::string_map()};

  EXPECT_TRUE(csi_condition_matches(std::nullopt, of(k8s::persistent_volume{})));
  EXPECT_TRUE(csi_condition_matches(any, of(plain)));
  EXPECT_FALSE(csi_condition_matches(any, of(k8s::persistent_volume{})));
  EXPECT_TRUE(csi_condition_matches(driver, of(plain)));
  EXPECT_FALSE(csi_condition_matches(driver, of(csi_pv("Files.CSI.Driver"))));
  EXPECT_FALSE(csi_condition_matches(driver, of(csi_pv(""))));
  const csi_condition long_driver{"secrets-store.csi.k8s.io", std::nullopt};  // longer than 16 bytes
  EXPECT_TRUE(csi_condition_matches(long_driver, of(csi_pv("secrets-store.csi.k8s.io"))));
  EXPECT_FALSE(csi_condition_matches(long_driver, of(csi_pv("secrets-stora.csi.k8s.io"))));
  EXPECT_TRUE(csi_condition_matches(empty_attrs, of(plain)));
  EXPECT_TRUE(csi_condition_matches(with_attr, of(nfs_attr)));  // extra volume attributes are fine
  EXPECT_FALSE(csi_condition_matches(with_attr, of(plain)));    // no attributes at all
  EXPECT_FALSE(csi_condition_matches(with_attr, of(other_attr)));
  EXPECT_TRUE(csi_condition_matches(with_empty_attr, of(other_attr)));  // missing key reads as ""
  EXPECT_FALSE(csi_condition_matches(with_empty_attr, of(plain)));
  EXPECT_FALSE(csi_condition_matches(with_attr, of(csi_pv("files.csi.driver", map_of({{"protocol", "NFS"}})))));
}

TEST(conditions, volume_types) {
  k8s::pod_volume scratch;
  scratch.sources.set(volume_source::empty_dir);
  structured_volume v;
  v.parse_pod_volume(scratch);
  EXPECT_TRUE(volume_types_condition_matches({}, v));
  EXPECT_TRUE(volume_types_condition_matches({"configMap", "emptyDir"}, v));
  EXPECT_FALSE(volume_types_condition_matches({"emptydir", "EmptyDir"}, v));
  EXPECT_FALSE(volume_types_condition_matches({""}, v));
  const structured_volume typeless;
  EXPECT_TRUE(volume_types_condition_matches({""}, typeless));  // plain string equality
  EXPECT_FALSE(volume_types_condition_matches({"persistentVolumeClaim"}, typeless));
}

TEST(conditions, pvc_labels) {
  k8s::persistent_volume_claim pvc;
  pvc.metadata.labels = map_of({{"environment", "production"}, {"app", "db"}, {"tier", ""}});
  const auto v = of(pvc);
  EXPECT_TRUE(pvc_labels_condition_matches({}, v));
  EXPECT_TRUE(pvc_labels_condition_matches(map_of({{"environment", "production"}}), v));
  EXPECT_TRUE(pvc_labels_condition_matches(map_of({{"environment", "production"}, {"app", "db"}}), v));
  EXPECT_TRUE(pvc_labels_condition_matches(map_of({{"tier", ""}}), v));
  EXPECT_FALSE(pvc_labels_condition_matches(map_of({{"environment", "staging"}}), v));
  EXPECT_FALSE(pvc_labels_condition_matches(map_of({{"Environment", "production"}}), v));
  EXPECT_FALSE(pvc_labels_condition_matches(map_of({{"region", ""}}), v));  // absent key
  EXPECT_FALSE(
      pvc_labels_condition_matches(map_of({{"environment", "production"}}), of(k8s::persistent_volume_claim{})));
  EXPECT_EQ(of(k8s::persistent_volume_claim{}).pvc_labels, nullptr);  // nil, as Velero keeps it
}

TEST(conditions, pvc_phase) {
  k8s::persistent_volume_claim pvc;
  pvc.phase = "Pending";
  EXPECT_TRUE(pvc_phase_condition_matches({}, of(pvc)));
  EXPECT_TRUE(pvc_phase_condition_matches({"Bound", "Pending"}, of(pvc)));
  EXPECT_FALSE(pvc_phase_condition_matches({"pending"}, of(pvc)));
  EXPECT_FALSE(pvc_phase_condition_matches({"Bound"}, of(pvc)));
  EXPECT_FALSE(pvc_phase_condition_matches({""}, of(k8s::persistent_volume_claim{})));
  EXPECT_FALSE(pvc_phase_condition_matches({"Bound"}, structured_volume{}));
}

TEST(conditions, pvc_volume_mode) {
  k8s::persistent_volume_claim pvc;
  EXPECT_TRUE(pvc_volume_mode_condition_matches("", of(pvc)));
  EXPECT_FALSE(pvc_volume_mode_condition_matches("Filesystem", of(pvc)));  // absent is not defaulted
  pvc.volume_mode = "Block";
  EXPECT_TRUE(pvc_volume_mode_condition_matches("Block", of(pvc)));
  EXPECT_FALSE(pvc_volume_mode_condition_matches("block", of(pvc)));
  pvc.volume_mode = "foo";
  EXPECT_TRUE(pvc_volume_mode_condition_matches("foo", of(pvc)));  // unknown modes compare too
}

TEST(conditions, pvc_access_modes) {
  k8s::persistent_volume_claim pvc;
  pvc.access_modes = {"ReadWriteOnce", "ReadOnlyMany"};
  const auto v = of(pvc);
  EXPECT_TRUE(pvc_access_modes_condition_matches({}, v));
  EXPECT_TRUE(pvc_access_modes_condition_matches({"ReadOnlyMany", "ReadWriteOnce"}, v));  // order ignored
  EXPECT_FALSE(pvc_access_modes_condition_matches({"ReadWriteOnce"}, v));                 // extra PVC mode
  EXPECT_FALSE(pvc_access_modes_condition_matches({"ReadWriteOnce", "ReadOnlyMany", "ReadWriteMany"}, v));
  EXPECT_FALSE(pvc_access_modes_condition_matches({"ReadWriteOnce", "ReadWriteOnce"}, v));  // other set
  pvc.access_modes = {"ReadWriteOnce"};
  EXPECT_FALSE(pvc_access_modes_condition_matches({"ReadWriteOnce", "ReadWriteOnce"}, of(pvc)));  // count
  pvc.access_modes = {"ReadWriteOnce", "ReadWriteOnce", "ReadOnlyMany"};
  EXPECT_TRUE(pvc_access_modes_condition_matches({"ReadWriteOnce", "ReadOnlyMany", "ReadOnlyMany"}, of(pvc)));
  EXPECT_FALSE(pvc_access_modes_condition_matches({"ReadWriteOnce"}, of(k8s::persistent_volume_claim{})));
}

TEST(conditions, all_must_hold) {
  auto pv = csi_pv("ebs.csi.aws.com");
  pv.capacity = q("10Gi");
  pv.storage_class_name = "gp3";
  volume_conditions c;
  c.storage_class = {"gp3"};
  c.csi = csi_condition{"ebs.csi.aws.com", std::nullopt};
  EXPECT_TRUE(all_conditions_match(c, of(pv)));
  c.capacity = parse_capacity("0,5Gi").value();
  EXPECT_FALSE(all_conditions_match(c, of(pv)));
  EXPECT_TRUE(all_conditions_match(volume_conditions{}, of(pv)));  // no conditions: catch-all
  EXPECT_TRUE(all_conditions_match(volume_conditions{}, structured_volume{}));
}

}  // namespace
}  // namespace volpol::policy
