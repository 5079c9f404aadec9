// Diffs of two plans, and the --fail-on gates.
#include <gtest/gtest.h>

#include "verify_fixture.h"
#include "volpol/detail/verify/fail_on.h"
#include "volpol/detail/verify/scenario.h"
#include "volpol/verify/plan_diff.h"

using namespace volpol;
using namespace volpol::verify;
using volpol::testing::source_path;

namespace {

std::unique_ptr<planned> plan_with(const std::string& policy, const std::vector<std::string>& cluster) {
  scenario s;
  s.policy.path = policy.empty() ? "" : source_path(policy);
  for (const std::string& c : cluster) s.cluster_paths.push_back(source_path(c));
  auto p = make_planned(s);
  EXPECT_TRUE(p.ok()) << (p.ok() ? "" : p.error()->to_string());
  return p.ok() ? std::move(p).value() : nullptr;
}

}  // namespace

TEST(plan_diff, two_documented_policies_differ_on_the_gp3_volumes_only) {
  auto a = plan_with("tests/data/docs/example-4.yaml", {"examples/cluster"});
  auto b = plan_with("tests/data/docs/example-3.yaml", {"examples/cluster"});
  ASSERT_TRUE(a && b);
  const plan_diff d = diff_plans(a->plan, b->plan);
  ASSERT_EQ(d.changes.size(), 2u);
  EXPECT_EQ(d.changes[0].key, "shop/data-postgres-0");
  EXPECT_EQ(d.changes[0].a->method, "csi-snapshot");
  EXPECT_EQ(d.changes[0].b->method, "fs-backup");
  EXPECT_TRUE(d.changes[0].method && d.changes[0].policy);
  EXPECT_FALSE(d.changes[0].snapshot_class || d.changes[0].data_mover);
  EXPECT_EQ(d.unchanged, 16u);  // with the shared PVC's second row
  EXPECT_EQ(d.method, 2u);
  EXPECT_EQ(d.policy, 2u);
}

TEST(plan_diff, the_same_plan_twice_has_no_changes) {
  auto a = plan_with("tests/data/docs/example-6.yaml", {"examples/cluster"});
  auto b = plan_with("tests/data/docs/example-6.yaml", {"examples/cluster"});
  ASSERT_TRUE(a && b);
  const plan_diff d = diff_plans(a->plan, b->plan);
  EXPECT_TRUE(d.empty());
  // 18 rows: the example's shared PVC (media/media-library) has one per pod.
  EXPECT_EQ(d.unchanged, 18u);
  EXPECT_NE(render_diff_text(d, {"x", "y"}).find("no volume changes (18 volumes in A, 18 in B)"), std::string::npos);
}

TEST(plan_diff, volumes_of_one_dump_only) {
  auto a = plan_with("", {"examples/cluster"});
  auto b = plan_with("", {"examples/cluster", "tests/data/verify/new-objects.yaml"});
  ASSERT_TRUE(a && b);
  const plan_diff ab = diff_plans(a->plan, b->plan);
  ASSERT_EQ(ab.changes.size(), 1u);
  EXPECT_EQ(ab.only_b, 1u);
  EXPECT_FALSE(ab.changes[0].a.has_value());
  const plan_diff ba = diff_plans(b->plan, a->plan);
  ASSERT_EQ(ba.changes.size(), 1u);
  EXPECT_EQ(ba.only_a, 1u);
  EXPECT_EQ(ba.changes[0].key, "shop/data-postgres-2");
}

TEST(fail_on, gates_pick_the_volumes_that_end_so) {
  auto p = plan_with("examples/policies/custom-action.yaml", {"examples/cluster"});
  ASSERT_TRUE(p);
  auto custom = check_gates(p->plan, {gate::custom});
  ASSERT_EQ(custom.size(), 2u);
  EXPECT_EQ(custom[0].volume->pvc_name, "data-postgres-0");
  // not-backed-up: PVCs/PVs only; the secret and configMap volumes do not count.
  for (const gate_failure& f : check_gates(p->plan, {gate::not_backed_up}))
    EXPECT_TRUE(!f.volume->pvc_name.empty() || !f.volume->pv_name.empty());
  EXPECT_GT(check_gates(p->plan, {gate::skipped}).size(), check_gates(p->plan, {gate::not_backed_up}).size());
  EXPECT_EQ(gate_from_string("not-backed-up"), std::optional<gate>(gate::not_backed_up));
  EXPECT_FALSE(gate_from_string("skip").has_value());
}
