// choose_volume_snapshot_class: Velero's GetVolumeSnapshotClass precedence and errors, with
// objects shaped like kubectl dumps (tests/data/velero/cluster-objects.yaml).
#include "volpol/detail/plan/volume_snapshot_class.h"

#include <gtest/gtest.h>

#include "volpol/k8s/loader.h"

namespace volpol::plan {
namespace {

k8s::load_result load(std::string extra = {}) {
  const std::string path = std::string(VOLPOL_SOURCE_DIR) + "/tests/data/velero/cluster-objects.yaml";
  const std::string paths[] = {path};
  k8s::load_result r = k8s::load_objects(paths);
  if (!extra.empty()) {
    k8s::load_result more = k8s::load_text(extra, "extra.yaml");
    for (const auto& d : more.problems) ADD_FAILURE() << d.to_string();
    for (const auto& v : more.objects.volume_snapshot_classes()) EXPECT_TRUE(r.objects.add(k8s::extra_object{v}).ok());
    for (const auto& v : more.objects.storage_classes()) EXPECT_TRUE(r.objects.add(k8s::extra_object{v}).ok());
  }
  return r;
}

k8s::persistent_volume_claim pvc(std::optional<std::string> sc, std::optional<std::string> annotation = {}) {
  k8s::persistent_volume_claim p;
  p.metadata.namespace_ = "shop";
  p.metadata.name = "data-postgres-0";
  p.storage_class_name = std::move(sc);
  if (annotation)
    p.metadata.annotations = k8s::string_map(
        std::vector<k8s::string_map::entry>{{"velero.io/csi-volumesnapshot-class", *annotation}});
  return p;
}

const k8s::string_map no_annotations;

TEST(volume_snapshot_class, label_beats_default_annotation) {
  const auto r = load();
  const auto c = choose_volume_snapshot_class(r.objects, pvc("gp3"), &no_annotations, "");
  EXPECT_EQ(c.source, snapshot_class_source::class_label);
  EXPECT_EQ(c.name, "ebs-velero");
  EXPECT_EQ(c.driver, "ebs.csi.aws.com");
}

TEST(volume_snapshot_class, precedence_pvc_then_policy_then_backup) {
  const auto r = load();
  const k8s::string_map backup(
      std::vector<k8s::string_map::entry>{{"velero.io/csi-volumesnapshot-class_ebs.csi.aws.com", "ebs-default"}});
  auto c = choose_volume_snapshot_class(r.objects, pvc("gp3"), &backup, "");
  EXPECT_EQ(c.source, snapshot_class_source::backup_annotation);
  EXPECT_EQ(c.name, "ebs-default");
  c = choose_volume_snapshot_class(r.objects, pvc("gp3"), &backup, "EBS-VELERO");  // any case
  EXPECT_EQ(c.source, snapshot_class_source::volume_policy);
  EXPECT_EQ(c.name, "ebs-velero");
  c = choose_volume_snapshot_class(r.objects, pvc("gp3", "ebs-default"), &backup, "ebs-velero");
  EXPECT_EQ(c.source, snapshot_class_source::pvc_annotation);
  EXPECT_EQ(c.name, "ebs-default");
}

TEST(volume_snapshot_class, a_missing_or_foreign_class_falls_through) {
  const auto r = load(
      "apiVersion: snapshot.storage.k8s.io/v1\nkind: VolumeSnapshotClass\nmetadata: {name: efs-snap}\n"
      "driver: efs.csi.aws.com\ndeletionPolicy: Delete\n");
  const auto c = choose_volume_snapshot_class(r.objects, pvc("gp3", "nope"), &no_annotations, "efs-snap");
  EXPECT_EQ(c.source, snapshot_class_source::class_label);
  ASSERT_EQ(c.fell_through.size(), 2u);
  EXPECT_EQ(c.fell_through[0].source, snapshot_class_source::pvc_annotation);
  EXPECT_FALSE(c.fell_through[0].other_driver);
  EXPECT_EQ(c.fell_through[1].source, snapshot_class_source::volume_policy);
  EXPECT_TRUE(c.fell_through[1].other_driver);
  // the only class of its driver
  const auto only = choose_volume_snapshot_class(r.objects, pvc("efs"), &no_annotations, "");
  EXPECT_EQ(only.source, snapshot_class_source::only_class);
  EXPECT_EQ(only.name, "efs-snap");
}

TEST(volume_snapshot_class, errors_as_velero_words_them) {
  const auto r = load();
  const auto none = choose_volume_snapshot_class(r.objects, pvc("efs"), &no_annotations, "");
  EXPECT_EQ(none.source, snapshot_class_source::no_class_for_driver);
  EXPECT_TRUE(none.is_error());
  EXPECT_EQ(describe(none, pvc("efs"), "b"),
            "failed to get VolumeSnapshotClass for StorageClass efs: error getting VolumeSnapshotClass: failed to get "
            "VolumeSnapshotClass for provisioner efs.csi.aws.com: ensure that the desired VolumeSnapshotClass has the "
            "velero.io/csi-volumesnapshot-class label or snapshot.storage.kubernetes.io/is-default-class annotation, "
            "and that its driver matches the StorageClass provisioner");
  const auto missing = choose_volume_snapshot_class(r.objects, pvc("gp2"), &no_annotations, "");
  EXPECT_EQ(missing.source, snapshot_class_source::storage_class_not_found);
  EXPECT_EQ(describe(missing, pvc("gp2"), "b"),
            "error getting storage class: storageclasses.storage.k8s.io \"gp2\" not found");
  const auto empty = choose_volume_snapshot_class(r.objects, pvc(""), &no_annotations, "");
  EXPECT_EQ(empty.source, snapshot_class_source::empty_storage_class_name);
  const auto unset = choose_volume_snapshot_class(r.objects, pvc(std::nullopt), &no_annotations, "");
  EXPECT_EQ(unset.source, snapshot_class_source::no_storage_class_name);
  EXPECT_EQ(describe(unset, pvc(std::nullopt), "b"),
            "Cannot snapshot PVC shop/data-postgres-0, PVC has no storage class.");
}

TEST(volume_snapshot_class, no_classes_in_the_input_is_not_checked) {
  const k8s::cluster empty;
  const auto c = choose_volume_snapshot_class(empty, pvc("gp3"), &no_annotations, "");
  EXPECT_EQ(c.source, snapshot_class_source::not_checked);
  EXPECT_FALSE(c.is_error());
}

}  // namespace
}  // namespace volpol::plan
