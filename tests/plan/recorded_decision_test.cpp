// recorded_decision (volpol/plan/volume_decision.h): a record keeps its decision in 64 bytes;
// converting it back gives every field assigned, matched_on and inclusion included, whether
// they were derived from the decision's own objects or kept aside.
#include <gtest/gtest.h>

#include "volpol/plan/volume_decision.h"

using namespace volpol;
using namespace volpol::plan;

namespace {

struct objects {
  k8s::pod pod;
  k8s::persistent_volume_claim pvc;
  k8s::persistent_volume pv, other_pv;
  policy::volume_policy policy;
  objects() { pod.volumes.resize(2); }
};

/// A decision with every scalar field away from its default.
volume_decision full_decision(const objects& o) {
  volume_decision d;
  d.kind = reason_kind::native_snapshot;
  d.step = step_kind::take_pv_snapshot;
  d.error_index = 3;
  d.location = 513;
  d.has_helper = true;
  d.helper_reason = helper::reason::policy_action;
  d.exclusion = helper::volume_exclusion::host_path;
  d.pod_reason = helper::reason::annotation_opt_out;
  d.perform = true;
  d.consulted_policies = true;
  d.policy = &o.policy;
  d.pod = &o.pod;
  d.pod_volume = &o.pod.volumes[1];
  d.pvc = &o.pvc;
  d.pv = &o.pv;
  return d;
}

void expect_same(const volume_decision& a, const volume_decision& b) {
  EXPECT_EQ(a.kind, b.kind);
  EXPECT_EQ(a.step, b.step);
  EXPECT_EQ(a.error_index, b.error_index);
  EXPECT_EQ(a.location, b.location);
  EXPECT_EQ(a.has_helper, b.has_helper);
  EXPECT_EQ(a.helper_reason, b.helper_reason);
  EXPECT_EQ(a.exclusion, b.exclusion);
  EXPECT_EQ(a.pod_reason, b.pod_reason);
  EXPECT_EQ(a.perform, b.perform);
  EXPECT_EQ(a.consulted_policies, b.consulted_policies);
  EXPECT_EQ(a.policy, b.policy);
  EXPECT_EQ(a.pod, b.pod);
  EXPECT_EQ(a.pod_volume, b.pod_volume);
  EXPECT_EQ(a.pvc, b.pvc);
  EXPECT_EQ(a.pv, b.pv);
  EXPECT_EQ(a.matched_on.pv, b.matched_on.pv);
  EXPECT_EQ(a.matched_on.pvc, b.matched_on.pvc);
  EXPECT_EQ(a.matched_on.pod_volume, b.matched_on.pod_volume);
  EXPECT_EQ(a.inclusion.why, b.inclusion.why);
  EXPECT_EQ(a.inclusion.setting, b.inclusion.setting);
  EXPECT_EQ(a.inclusion.field, b.inclusion.field);
  EXPECT_EQ(a.inclusion.from_filter, b.inclusion.from_filter);
  EXPECT_EQ(a.inclusion.policy_index, b.inclusion.policy_index);
  EXPECT_EQ(a.inclusion.filter_index, b.inclusion.filter_index);
  EXPECT_EQ(a.inclusion.pattern, b.inclusion.pattern);
}

}  // namespace

TEST(recorded_decision, is_smaller_than_the_decision) {
  EXPECT_EQ(sizeof(recorded_decision), 64U);
  EXPECT_LT(sizeof(recorded_decision), sizeof(volume_decision));
}

TEST(recorded_decision, default_converts_to_a_default_decision) {
  expect_same(recorded_decision().whole(), volume_decision());
}

TEST(recorded_decision, matched_on_made_of_the_decisions_own_objects) {
  const objects o;
  for (int mask = 0; mask < 8; ++mask) {
    volume_decision d = full_decision(o);
    d.matched_on.pv = (mask & 1) != 0 ? d.pv : nullptr;
    d.matched_on.pvc = (mask & 2) != 0 ? d.pvc : nullptr;
    d.matched_on.pod_volume = (mask & 4) != 0 ? d.pod_volume : nullptr;
    const recorded_decision r = d;
    SCOPED_TRACE(mask);
    expect_same(r, d);
  }
}

TEST(recorded_decision, matched_on_naming_other_objects_is_kept) {
  const objects o;
  volume_decision d = full_decision(o);
  d.matched_on = {.pv = &o.other_pv, .pvc = &o.pvc, .pod_volume = &o.pod.volumes[0]};
  recorded_decision r = d;
  expect_same(r, d);
  // The decision names no PV, the match does: not derivable either.
  d.pv = nullptr;
  r = d;
  expect_same(r, d);
  EXPECT_EQ(r.whole().matched_on.pv, &o.other_pv);
}

TEST(recorded_decision, inclusion_is_kept) {
  const objects o;
  volume_decision d = full_decision(o);
  d.kind = reason_kind::not_collected;
  d.inclusion.why = item_exclusion::resource_excluded;
  d.inclusion.setting = filter_setting::namespaced_filter_policy;
  d.inclusion.field = filter_field::included_namespaces;
  d.inclusion.from_filter = true;
  d.inclusion.policy_index = 7;
  d.inclusion.filter_index = 9;
  d.inclusion.pattern = "app-*";
  const recorded_decision r = d;
  expect_same(r, d);
}

TEST(recorded_decision, reassigning_drops_what_was_kept) {
  const objects o;
  volume_decision kept = full_decision(o);
  kept.matched_on.pv = &o.other_pv;
  kept.inclusion.why = item_exclusion::resource_excluded;
  recorded_decision r = kept;
  const volume_decision plain = full_decision(o);
  r = plain;
  expect_same(r, plain);
  EXPECT_EQ(r.whole().matched_on.pv, nullptr);
  EXPECT_TRUE(r.whole().inclusion.included());
}

TEST(recorded_decision, copies_are_independent) {
  const objects o;
  volume_decision d = full_decision(o);
  d.matched_on.pv = &o.other_pv;
  recorded_decision a = d;
  const recorded_decision b = a;
  a = volume_decision();
  expect_same(b, d);
  expect_same(a, volume_decision());
}
