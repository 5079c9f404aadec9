#include <gtest/gtest.h>

#include "test_objects.h"
#include "volpol/detail/helper/pvc_pv.h"
#include "volpol/k8s/cluster.h"

namespace volpol::helper {
namespace {

using testing::claim;
using testing::make_pod;
using testing::make_pv;
using testing::make_pvc;

class pvc_pv : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(c.add(make_pv("pv-1", "gp2")));
    ASSERT_TRUE(c.add(make_pvc("ns", "data", "pv-1", "Bound")));
  }
  k8s::cluster c;
};

TEST_F(pvc_pv, bound_pvc_finds_its_pv) {
  const pv_lookup l = get_pv_for_pvc(make_pvc("ns", "data", "pv-1", "Bound"), c);
  ASSERT_TRUE(l.ok());
  EXPECT_EQ(l.pv->metadata.name, "pv-1");
  EXPECT_EQ(l.status, pv_lookup_status::found);
}

TEST_F(pvc_pv, failures_in_velero_order) {
  struct row {
    k8s::persistent_volume_claim pvc;
    pv_lookup_status want;
    std::string message;
  };
  const row rows[] = {
      {make_pvc("ns", "a", "", "Bound"), pv_lookup_status::no_volume_name, "PVC ns/a has no volume backing this claim"},
      {make_pvc("ns", "b", "pv-1", "Lost"), pv_lookup_status::not_bound,
       "PVC ns/b is in phase Lost and is not bound to a volume"},
      {make_pvc("ns", "c", "pv-1", ""), pv_lookup_status::not_bound,
       "PVC ns/c is in phase  and is not bound to a volume"},
      {make_pvc("ns", "d", "pv-9", "Bound"), pv_lookup_status::pv_missing,
       "failed to get PV pv-9 for PVC ns/d: not found"},
  };
  for (const auto& r : rows) {
    SCOPED_TRACE(r.pvc.metadata.name);
    const pv_lookup l = get_pv_for_pvc(r.pvc, c);
    EXPECT_FALSE(l.ok());
    EXPECT_EQ(l.status, r.want);
    const diagnostic d = pv_lookup_error(r.pvc, l.status);
    EXPECT_EQ(d.message, r.message);
    EXPECT_EQ(d.object, "PersistentVolumeClaim ns/" + r.pvc.metadata.name);
  }
}

TEST_F(pvc_pv, pod_volume_claims_are_looked_up_in_the_pod_namespace) {
  const k8s::pod here = make_pod("ns", "p", {claim("vol", "data"), testing::empty_dir("tmp")});
  const k8s::pod there = make_pod("other", "p", {claim("vol", "data")});
  const auto* pvc = get_pvc_for_pod_volume(here.volumes[0], here, c);
  ASSERT_NE(pvc, nullptr);
  EXPECT_EQ(pvc->metadata.name, "data");
  EXPECT_EQ(get_pvc_for_pod_volume(there.volumes[0], there, c), nullptr);
  EXPECT_EQ(pvc_lookup_error(there.volumes[0], there).message,
            "failed to get PVC data for volume other/vol: not found");
  EXPECT_EQ(get_pvc_for_pod_volume(here.volumes[1], here, c), nullptr);
  EXPECT_EQ(pvc_lookup_error(here.volumes[1], here).message, "volume ns/tmp has no PVC associated with it");
}

}  // namespace
}  // namespace volpol::helper
