// Matching: which input describes the volume (Velero `GetMatchAction`) and the first policy whose
// every condition holds (Velero `Policies.match`).
#include <gtest/gtest.h>

#include <vector>

#include "volpol/k8s/quantity.h"
#include "volpol/policy/policies.h"

namespace volpol::policy {
namespace {

using k8s::volume_source;

k8s::string_map map_of(std::vector<k8s::string_map::entry> entries) { return k8s::string_map(std::move(entries)); }

k8s::persistent_volume gp3_csi_pv() {
  k8s::persistent_volume pv;
  pv.capacity = k8s::quantity::parse("10Gi").value();
  pv.storage_class_name = "gp3";
  pv.sources.set(volume_source::csi);
  pv.sources.edit_csi().driver = "ebs.csi.aws.com";
  return pv;
}

k8s::pod_volume nfs_pod_volume() {
  k8s::pod_volume v;
  v.name = "shared";
  v.sources.set(volume_source::nfs);
  v.sources.edit_nfs().server = "nfs.example.com";
  return v;
}

k8s::persistent_volume_claim bound_pvc() {
  k8s::persistent_volume_claim pvc;
  pvc.metadata.name = "data";
  pvc.metadata.labels = map_of({{"env", "prod"}});
  pvc.storage_class_name = "other";
  pvc.volume_mode = "Filesystem";
  pvc.access_modes = {"ReadWriteOnce"};
  pvc.requested = k8s::quantity::parse("50Gi").value();
  pvc.phase = "Bound";
  return pvc;
}

volume_policy policy_with(action_type t, volume_conditions c = {}) {
  volume_policy p;
  p.conditions = std::move(c);
  p.act.type = t;
  p.act.type_string = std::string(to_string(t));
  return p;
}

TEST(structured_volume, pv_wins_over_pod_volume_and_pvc_adds_its_facts) {
  const auto pv = gp3_csi_pv();
  const auto pod_vol = nfs_pod_volume();
  const auto pvc = bound_pvc();
  const auto v = make_structured_volume({&pv, &pvc, &pod_vol});
  ASSERT_TRUE(v);
  EXPECT_EQ(v->storage_class, "gp3");  // from the PV, not the PVC
  EXPECT_EQ(v->volume_type, "csi");
  EXPECT_EQ(v->nfs, nullptr);  // the pod volume is ignored
  ASSERT_NE(v->csi, nullptr);
  EXPECT_EQ(v->csi->driver, "ebs.csi.aws.com");
  EXPECT_EQ(v->capacity_or_zero(), k8s::quantity::parse("10Gi").value());
  EXPECT_EQ(v->pvc_phase, "Bound");
  EXPECT_EQ(v->pvc_volume_mode, "Filesystem");
  ASSERT_EQ(v->pvc_access_modes.size(), 1u);
  EXPECT_EQ(v->pvc_access_modes[0], "ReadWriteOnce");
  ASSERT_NE(v->pvc_labels, nullptr);
  EXPECT_EQ(*v->pvc_labels->find("env"), "prod");
}

TEST(structured_volume, pod_volume_has_no_capacity_or_class) {
  const auto pod_vol = nfs_pod_volume();
  const auto pvc = bound_pvc();
  const auto v = make_structured_volume({nullptr, &pvc, &pod_vol});
  ASSERT_TRUE(v);
  EXPECT_TRUE(v->capacity_or_zero().is_zero());  // not the PVC's request
  EXPECT_EQ(v->storage_class, "");               // not the PVC's class
  ASSERT_NE(v->nfs, nullptr);
  EXPECT_EQ(v->volume_type, "nfs");
  EXPECT_EQ(v->pvc_phase, "Bound");
}

TEST(structured_volume, pvc_alone_gives_only_pvc_facts) {
  const auto pvc = bound_pvc();
  const auto v = make_structured_volume({nullptr, &pvc, nullptr});
  ASSERT_TRUE(v);
  EXPECT_TRUE(v->capacity_or_zero().is_zero());
  EXPECT_EQ(v->storage_class, "");
  EXPECT_EQ(v->volume_type, "");
  EXPECT_EQ(v->pvc_volume_mode, "Filesystem");
  EXPECT_FALSE(make_structured_volume({}));
}

TEST(match, first_policy_whose_conditions_all_hold) {
  const auto pv = gp3_csi_pv();
  volume_conditions gp3;
  gp3.storage_class = {"gp3"};
  volume_conditions small_gp3 = gp3;
  small_gp3.capacity = parse_capacity("0,5Gi").value();
  volume_conditions nfs_any;
  nfs_any.nfs = nfs_condition{};
  const std::vector<volume_policy> list = {policy_with(action_type::skip, small_gp3),
                                           policy_with(action_type::fs_backup, nfs_any),
                                           policy_with(action_type::snapshot, gp3), policy_with(action_type::custom)};
  const auto v = make_structured_volume({&pv});
  const volume_policy* p = first_match(list, *v);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->act.type, action_type::snapshot);
  EXPECT_TRUE(matches(list[3], *v));
  EXPECT_FALSE(matches(list[0], *v));
  EXPECT_EQ(first_match(std::span(list).first(2), *v), nullptr);
  EXPECT_EQ(first_match({}, *v), nullptr);
}

TEST(match, nothing_to_match_is_an_error) {
  const policies none;
  const auto r = none.match({});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error()->message.find("failed to convert"), std::string::npos);
  const auto pv = gp3_csi_pv();
  const auto ok = none.match({&pv});
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(ok.value(), nullptr);  // no volume policies: no action, no error
}

}  // namespace
}  // namespace volpol::policy
