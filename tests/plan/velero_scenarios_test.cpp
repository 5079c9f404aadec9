// Scenarios restated from Velero's own code and tests (velero-io/velero main d2241adb), one per
// mechanism of the backup walk, each naming the Velero file and function it mirrors. The
// cluster of each test is written in kubectl's key order (alphabetical at every level).
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "volpol/k8s/loader.h"
#include "volpol/plan/planner.h"
#include "volpol/plan/reason_text.h"

using namespace volpol;
using namespace volpol::plan;

namespace {

struct planned {
  k8s::load_result loaded;
  plan_result plan;

  explicit planned(std::string_view cluster_yaml, backup_options backup = {}) {
    loaded = k8s::load_text(cluster_yaml, "cluster.yaml");
    for (const diagnostic& d : loaded.problems) ADD_FAILURE() << d.to_string();
    plan_input in;
    in.cluster = &loaded.objects;
    in.backup = std::move(backup);
    auto r = make_plan(in);
    EXPECT_TRUE(r.ok());
    if (r.ok()) plan = std::move(r).value();
  }

  /// The record of PVC `name` (its pod volume's row when a pod mounts it).
  const volume_record& pvc(std::string_view name) const {
    for (const volume_record& r : plan.volumes)
      if (r.pvc_name == name) return r;
    ADD_FAILURE() << "no record for PVC " << name;
    return plan.volumes.front();
  }
};

/// A CSI PV `pv-a` bound to PVC ns/a, whose storageClassName is STORAGE_CLASS (a YAML value).
std::string csi_claim(std::string_view storage_class, std::string_view pv_source) {
  return "apiVersion: v1\nkind: PersistentVolume\nmetadata:\n  name: pv-a\nspec:\n  capacity:\n    storage: 1Gi\n"
         "  claimRef:\n    name: a\n    namespace: ns\n" +
         std::string(pv_source) +
         "status:\n  phase: Bound\n---\napiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: a\n"
         "  namespace: ns\nspec:\n  resources:\n    requests:\n      storage: 1Gi\n" +
         std::string(storage_class) + "  volumeName: pv-a\nstatus:\n  phase: Bound\n";
}

constexpr std::string_view csi_source = "  csi:\n    driver: ebs.csi.aws.com\n    volumeHandle: vol-1\n";
constexpr std::string_view nfs_source = "  nfs:\n    path: /a\n    server: nfs.local\n";

}  // namespace

// pkg/backup/actions/csi/pvc_action.go createVolumeSnapshot: the StorageClass Get with an empty
// name fails in client-go ("resource name may not be empty"), whether or not the input holds
// StorageClasses (here it holds none).
TEST(velero_scenarios, empty_storage_class_name_fails_the_csi_action) {
  const planned p(csi_claim("  storageClassName: \"\"\n", csi_source));
  const volume_record& r = p.pvc("a");
  EXPECT_EQ(r.method, backup_method::none);
  ASSERT_EQ(r.errors().size(), 1u);
  EXPECT_EQ(error_text(r.errors().front()), "error getting storage class: resource name may not be empty");
}

// pvc_action.go validatePVCAndPV: a nil storageClassName fails before the PV is looked at.
TEST(velero_scenarios, missing_storage_class_name_fails_the_csi_action) {
  const planned p(csi_claim("", csi_source));
  const volume_record& r = p.pvc("a");
  ASSERT_EQ(r.errors().size(), 1u);
  EXPECT_EQ(error_text(r.errors().front()), "Cannot snapshot PVC ns/a, PVC has no storage class.");
}

// pvc_action.go Execute: storageClassName "" on a non-CSI PV is no error: the CSI action skips
// it ("skipped b/c it's not a CSI volume"); with no volume snapshot location nothing snapshots it.
TEST(velero_scenarios, empty_storage_class_name_on_a_non_csi_volume_is_skipped) {
  const planned p(csi_claim("  storageClassName: \"\"\n", nfs_source));
  const volume_record& r = p.pvc("a");
  EXPECT_TRUE(r.errors().empty());
  EXPECT_TRUE(r.skipped);
  EXPECT_NE(skipped_reason_text(r).find("csiSnapshot: skipped b/c it's not a CSI volume"), std::string::npos)
      << skipped_reason_text(r);
}
