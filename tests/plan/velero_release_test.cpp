// Which Velero release a plan predicts for (detail/plan/velero_release.h), and walk behaviour that
// differs between releases (core/velero_version.h).
#include <gtest/gtest.h>

#include "volpol/detail/plan/velero_release.h"
#include "volpol/k8s/loader.h"
#include "volpol/plan/planner.h"
#include "volpol/policy/policies.h"

namespace volpol::plan {
namespace {

TEST(velero_release, image_tag) {
  EXPECT_EQ(image_tag("velero/velero:v1.18.1"), "v1.18.1");
  EXPECT_EQ(image_tag("registry:5000/velero/velero:v1.17.2@sha256:abc"), "v1.17.2");
  EXPECT_EQ(image_tag("registry:5000/velero/velero"), "");
  EXPECT_EQ(image_tag("velero/velero@sha256:abc"), "");
}

const char* kWorkloads = R"(apiVersion: apps/v1
kind: Deployment
metadata: {name: velero, namespace: velero}
spec: {template: {spec: {containers: [{name: velero, image: "velero/velero:v1.18.1"}]}}}
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: node-agent, namespace: backup}
spec: {template: {spec: {containers: [{name: node-agent, image: "velero/velero:v1.17.0"}]}}}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: velero, namespace: custom}
spec: {template: {spec: {containers: [{name: velero, image: "my/velero:patched"}]}}}
)";

TEST(velero_release, chosen_from_flag_deployment_daemon_set_or_assumed) {
  const k8s::load_result r = k8s::load_text(kWorkloads, "w.yaml");
  ASSERT_TRUE(r.problems.items().empty());
  const k8s::cluster& c = r.objects;

  auto flag = choose_velero_release(velero_version::v1_17_2, c, "velero");
  EXPECT_EQ(flag.version, velero_version::v1_17_2);
  EXPECT_EQ(flag.source, velero_release_source::flag);
  EXPECT_EQ(velero_release_note(flag), "");

  auto d = choose_velero_release(std::nullopt, c, "velero");
  EXPECT_EQ(d.version, velero_version::v1_18_2);
  EXPECT_EQ(d.source, velero_release_source::deployment);
  EXPECT_EQ(velero_release_note(d),
            "predicted for Velero v1.18.2: Deployment velero/velero runs velero/velero:v1.18.1 (v1.18.1 has v1.18.2's "
            "volume-policy code)");

  auto ds = choose_velero_release(std::nullopt, c, "backup");
  EXPECT_EQ(ds.version, velero_version::v1_17_2);
  EXPECT_EQ(ds.source, velero_release_source::daemon_set);
  EXPECT_EQ(ds.object, "DaemonSet backup/node-agent");

  auto custom = choose_velero_release(std::nullopt, c, "custom");
  EXPECT_EQ(custom.version, velero_version::main);
  EXPECT_TRUE(custom.unknown_tag);
  EXPECT_NE(velero_release_note(custom).find("my/velero:patched, whose tag names no release"), std::string::npos);

  auto none = choose_velero_release(std::nullopt, c, "elsewhere");
  EXPECT_EQ(none.source, velero_release_source::assumed);
  EXPECT_EQ(none.version, velero_version::main);
}

const char* kUnboundClaim = R"(apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: pending, namespace: app, labels: {tier: db}}
spec: {storageClassName: gp3}
status: {phase: Pending}
)";

/// Plans the unbound claim with a policy that skips `tier: db` claims, for `release`.
plan_result plan_for(velero_version release, const k8s::cluster& c, const policy::policies& p) {
  plan_input in;
  in.cluster = &c;
  in.backup_policies = &p;
  in.server.velero.version = release;
  in.server.velero.source = velero_release_source::flag;
  auto r = make_plan(in);
  EXPECT_TRUE(r.ok());
  return std::move(r).value();
}

TEST(velero_release, unbound_claim_with_a_policy_is_an_error_before_v1_18) {
  const k8s::load_result r = k8s::load_text(kUnboundClaim, "pvc.yaml");
  const char* text = "version: v1\nvolumePolicies:\n- conditions: {pvcLabels: {tier: db}}\n  action: {type: skip}\n";
  for (const velero_version v : {velero_version::v1_17_2, velero_version::v1_18_0}) {
    policy::text_origin o;
    o.version = v;
    const policy::checked_policies p = policy::check_policy_text(text, o);
    ASSERT_TRUE(p.ok());
    const plan_result plan = plan_for(v, r.objects, p.built);
    ASSERT_EQ(plan.volumes.size(), 1u);
    const volume_record& rec = plan.volumes[0];
    if (v == velero_version::v1_17_2) {
      // item_backupper.go getMatchAction at v1.17.2: "PVC has no volume backing this claim".
      EXPECT_EQ(rec.decision.kind, reason_kind::error);
      ASSERT_FALSE(rec.errors().empty());
      EXPECT_EQ(rec.errors()[0].lookup, helper::pv_lookup_status::no_volume_name);
    } else {
      // v1.18.0: the claim alone is matched, and skipped.
      EXPECT_NE(rec.decision.kind, reason_kind::error);
      EXPECT_NE(rec.policy, nullptr);
    }
  }
}

}  // namespace
}  // namespace volpol::plan
