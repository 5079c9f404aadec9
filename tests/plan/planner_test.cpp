// make_plan on in-memory clusters: the records' decisions are data (kind, step, helper reason,
// policy), Velero's skippedReason is made from the same data, and traced plans keep every step.
#include <gtest/gtest.h>

#include "volpol/detail/plan/reason_text.h"
#include "volpol/k8s/loader.h"
#include "volpol/plan/explanation.h"
#include "volpol/plan/planner.h"
#include "volpol/policy/policies.h"

using namespace volpol;
using namespace volpol::plan;

namespace {

// Pod app/app-0 mounts pvc-1 (gp2-csi, CSI PV pv-1) and pvc-2 (gp3-csi, CSI PV pv-2); it opts
// volume-1 into fs-backup. pvc-pending has no PV. Restated from tests/data/docs/cluster-opt-in.yaml.
constexpr std::string_view cluster_yaml = R"(
apiVersion: v1
kind: PersistentVolume
metadata: {name: pv-1}
spec: {capacity: {storage: 10Gi}, storageClassName: gp2-csi, claimRef: {namespace: app, name: pvc-1},
       csi: {driver: ebs.csi.aws.com, volumeHandle: vol-1}}
status: {phase: Bound}
---
apiVersion: v1
kind: PersistentVolume
metadata: {name: pv-2}
spec: {capacity: {storage: 20Gi}, storageClassName: gp3-csi, claimRef: {namespace: app, name: pvc-2},
       csi: {driver: ebs.csi.aws.com, volumeHandle: vol-2}}
status: {phase: Bound}
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: pvc-1, namespace: app}
spec: {storageClassName: gp2-csi, volumeName: pv-1}
status: {phase: Bound}
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: pvc-2, namespace: app}
spec: {storageClassName: gp3-csi, volumeName: pv-2}
status: {phase: Bound}
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: pvc-pending, namespace: app}
spec: {storageClassName: gp3-csi}
status: {phase: Pending}
---
apiVersion: v1
kind: Pod
metadata: {name: app-0, namespace: app, annotations: {backup.velero.io/backup-volumes: volume-1}}
spec:
  nodeName: node-1
  containers:
  - name: app
    volumeMounts: [{name: volume-1, mountPath: /1}, {name: volume-2, mountPath: /2}]
  volumes:
  - {name: volume-1, persistentVolumeClaim: {claimName: pvc-1}}
  - {name: volume-2, persistentVolumeClaim: {claimName: pvc-2}}
status: {phase: Running}
)";

struct fixture {
  k8s::load_result loaded;
  std::optional<policy::policies> policies;
  plan_result plan;

  explicit fixture(std::string_view policy_yaml, bool trace = false, backup_options backup = {}) {
    loaded = k8s::load_text(cluster_yaml, "cluster.yaml");
    EXPECT_TRUE(loaded.problems.empty());
    if (!policy_yaml.empty()) {
      policy::checked_policies checked = policy::check_policy_text(policy_yaml, {.file = "policy.yaml"});
      EXPECT_TRUE(checked.ok());
      policies = std::move(checked.built);
    }
    plan_input in;
    in.cluster = &loaded.objects;
    in.backup_policies = policies ? &*policies : nullptr;
    in.backup = std::move(backup);
    in.trace = trace;
    auto r = make_plan(in);
    EXPECT_TRUE(r.ok());
    plan = std::move(r).value();
  }

  const volume_record& pvc(std::string_view name) const {
    for (const volume_record& r : plan.volumes)
      if (r.pvc_name == name) return r;
    ADD_FAILURE() << "no record for PVC " << name;
    return plan.volumes.front();
  }
};

constexpr std::string_view snapshot_gp3 = R"(version: v1
volumePolicies:
- conditions: {storageClass: [gp2-csi], capacity: "0,5Gi"}
  action: {type: fs-backup}
- conditions: {storageClass: [gp3-csi]}
  action: {type: snapshot}
)";

}  // namespace

TEST(make_plan, legacy_opt_in_annotation_gives_a_pod_volume_backup) {
  const fixture f("");
  const volume_record& r = f.pvc("pvc-1");
  EXPECT_EQ(r.method, backup_method::pod_volume_backup);
  EXPECT_EQ(r.decision.kind, reason_kind::pod_volume_backup);
  EXPECT_EQ(r.decision.step, step_kind::pod_volume_backupper);
  ASSERT_TRUE(r.decision.has_helper);
  EXPECT_EQ(r.decision.helper_reason, helper::reason::annotation_opt_in);
  EXPECT_FALSE(r.skipped);
  EXPECT_TRUE(skipped_reasons_of(r).empty());
  EXPECT_EQ(reason_text(r, f.plan), "fs-backup: listed in backup.velero.io/backup-volumes");
}

TEST(make_plan, not_opted_in_claim_is_csi_snapshotted_under_snapshot_volumes_unset) {
  const fixture f("");
  const volume_record& r = f.pvc("pvc-2");
  EXPECT_EQ(r.method, backup_method::csi_snapshot);
  EXPECT_EQ(r.decision.kind, reason_kind::csi_snapshot);
  EXPECT_EQ(r.decision.step, step_kind::csi_volume_helper);
  EXPECT_EQ(r.decision.helper_reason, helper::reason::snapshot_volumes_unset);
  EXPECT_EQ(r.policy, nullptr);
}

TEST(make_plan, matched_snapshot_policy_decides_with_its_index) {
  const fixture f(snapshot_gp3);
  const volume_record& r = f.pvc("pvc-2");
  EXPECT_EQ(r.decision.kind, reason_kind::csi_snapshot);
  ASSERT_NE(r.policy, nullptr);
  EXPECT_EQ(r.policy->index, 1u);
  EXPECT_EQ(r.decision.helper_reason, helper::reason::policy_action);
  EXPECT_EQ(r.decision.policy, r.policy);
}

TEST(make_plan, skip_policy_is_tracked_with_velero_reason) {
  const fixture f("version: v1\nvolumePolicies:\n- conditions: {storageClass: [gp3-csi]}\n  action: {type: skip}\n");
  const volume_record& r = f.pvc("pvc-2");
  EXPECT_EQ(r.method, backup_method::none);
  EXPECT_TRUE(r.skipped);
  // The CSI action's getMatchAction finds the skip (any); the PV item then goes through
  // takePVSnapshot, whose ShouldPerformSnapshot says no (volumeSnapshot) — the last word.
  EXPECT_EQ(r.decision.kind, reason_kind::snapshot_declined);
  EXPECT_EQ(r.decision.step, step_kind::should_perform_snapshot);
  EXPECT_EQ(r.decision.pvc, nullptr);           // asked about the PV
  ASSERT_FALSE(skipped_reasons_of(r).empty());  // the tracker holds the PV: the record has its reasons
  EXPECT_EQ(skipped_reasons_of(r).cause[static_cast<std::size_t>(skip_approach::any)],
            skip_cause::resource_policy_skip);
  // The pod declined fs-backup for volume-2 (not opted in): Velero also tracks the opt-out.
  EXPECT_EQ(skipped_reasons_of(r).cause[static_cast<std::size_t>(skip_approach::pod_volume)],
            skip_cause::opted_out_by_pod);
  EXPECT_EQ(skipped_reason_text(r),
            "any: skipped due to resource policy ;podvolume: opted out due to annotation in pod app-0;"
            "volumeSnapshot: not satisfy the criteria for VolumePolicy or the legacy snapshot way;");
  EXPECT_EQ(reason_text(r, f.plan),
            "no snapshot: volumePolicies[0] matched (conditions {storageClass: [gp3-csi]}, "
            "action skip)");
}

TEST(make_plan, unbound_claim_without_policy_is_an_error_as_data) {
  const fixture f("");
  const volume_record& r = f.pvc("pvc-pending");
  ASSERT_EQ(r.errors().size(), 1u);
  EXPECT_EQ(r.errors()[0].kind, volume_error_kind::helper_pv_lookup);
  EXPECT_EQ(r.errors()[0].lookup, helper::pv_lookup_status::no_volume_name);
  EXPECT_EQ(r.decision.kind, reason_kind::error);
  EXPECT_EQ(r.decision.step, step_kind::should_perform_snapshot);
  EXPECT_EQ(error_text(r.errors()[0]), "PVC app/pvc-pending has no volume backing this claim");
  EXPECT_EQ(f.plan.summary.errors, 1u);
}

TEST(make_plan, fills_its_notes) {
  const fixture f("");
  // No --velero-version and no Velero Deployment: main, assumed (velero_release_note).
  const std::vector<plan_note> want = {plan_note::velero_release, plan_note::enable_csi_assumed,
                                       plan_note::no_volume_snapshot_location, plan_note::snapshot_volumes_unset,
                                       plan_note::node_agent_assumed};
  EXPECT_EQ(f.plan.notes, want);
  EXPECT_EQ(plan_note_text(plan_note::velero_release, f.plan),
            "predicted for Velero main (d2241adb): no Velero Deployment in the input; --velero-version names the "
            "release you run (v1.17, v1.18.0, v1.18, main)");
  backup_options b;
  b.snapshot_volumes = true;
  const fixture g("", false, b);
  EXPECT_EQ(std::count(g.plan.notes.begin(), g.plan.notes.end(), plan_note::snapshot_volumes_unset), 0);
}

TEST(make_plan, traced_record_keeps_every_step_in_velero_order) {
  const fixture f(snapshot_gp3, /*trace=*/true);
  const volume_record& r = f.pvc("pvc-2");
  std::vector<step_kind> steps;
  for (const volume_decision& d : r.steps()) steps.push_back(d.step);
  const std::vector<step_kind> want = {step_kind::should_perform_fs_backup, step_kind::pvc_snapshot_tracker,
                                       step_kind::csi_get_match_action,     step_kind::should_perform_snapshot,
                                       step_kind::csi_volume_helper,        step_kind::should_perform_snapshot,
                                       step_kind::take_pv_snapshot};
  ASSERT_EQ(steps.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) EXPECT_EQ(steps[i], want[i]) << i;
  EXPECT_EQ(r.steps()[0].kind, reason_kind::fs_backup_declined);  // the policy says snapshot
  EXPECT_EQ(r.steps()[1].kind, reason_kind::pvc_opted_out);
  EXPECT_TRUE(r.steps()[3].perform);
  EXPECT_NE(r.steps()[3].pvc, nullptr);  // the PVC's question, then the PV's (step 5)
  EXPECT_EQ(r.steps()[5].pvc, nullptr);
  EXPECT_EQ(r.steps()[4].kind, reason_kind::csi_snapshot);
  EXPECT_EQ(r.steps()[6].kind, reason_kind::csi_volume_pvc_not_backed_up);
  // Untraced, the same record has no steps and the same decision.
  const fixture g(snapshot_gp3);
  EXPECT_TRUE(g.pvc("pvc-2").steps().empty());
  EXPECT_EQ(g.pvc("pvc-2").decision.kind, r.decision.kind);
}

TEST(explain_volume, judges_every_condition_and_finds_the_near_miss) {
  const fixture f(snapshot_gp3, /*trace=*/true);
  const volume_record& r = f.pvc("pvc-2");
  const volume_explanation x = explain_volume(r, f.plan);
  ASSERT_TRUE(x.deciding_step.has_value());
  EXPECT_EQ(x.steps[*x.deciding_step].step->kind, reason_kind::csi_snapshot);
  const step_explanation& fs = x.steps[0];
  ASSERT_EQ(fs.policies.size(), 2u);
  // volumePolicies[0]: storageClass [gp2-csi] vs gp3-csi fails; capacity 0,5Gi vs 20Gi fails.
  ASSERT_EQ(fs.policies[0].count, 2u);
  EXPECT_EQ(fs.policies[0].items[0].kind, policy::condition_kind::capacity);
  EXPECT_FALSE(fs.policies[0].items[0].holds);
  EXPECT_EQ(fs.policies[0].items[1].kind, policy::condition_kind::storage_class);
  EXPECT_FALSE(fs.policies[0].items[1].holds);
  EXPECT_EQ(fs.first_match, fs.policies[1].policy);
  EXPECT_TRUE(x.near_misses.empty());  // two conditions fail: not a near miss

  // pvc-1 (gp2-csi, 10Gi) misses volumePolicies[0] by its capacity only, [1] by its storageClass.
  const volume_explanation y = explain_volume(f.pvc("pvc-1"), f.plan);
  ASSERT_EQ(y.near_misses.size(), 2u);
  EXPECT_EQ(y.near_misses[0].policy->index, 0u);
  EXPECT_EQ(y.near_misses[0].condition, policy::condition_kind::capacity);
  EXPECT_EQ(y.near_misses[1].policy->index, 1u);
  EXPECT_EQ(y.near_misses[1].condition, policy::condition_kind::storage_class);
  // pvc-1 is already fs-backed-up: widening the fs-backup policy would change nothing, so only
  // the snapshot policy is suggested.
  ASSERT_EQ(y.suggestions.size(), 1u);
  EXPECT_EQ(y.suggestions[0].kind, suggestion_kind::widen_condition);
  EXPECT_EQ(y.suggestions[0].policy->index, 1u);
  EXPECT_EQ(suggestion_text(y.suggestions[0], y),
            "add `gp2-csi` to volumePolicies[1].conditions.storageClass (policy.yaml:5:30); that policy (snapshot) "
            "would then decide");
}

TEST(explain_volume, not_opted_in_volume_suggests_the_annotation) {
  const fixture f("", /*trace=*/true);
  // pvc-2 is snapshotted; its fs-backup step declined: not listed in backup-volumes.
  const volume_record& r = f.pvc("pvc-2");
  const volume_explanation x = explain_volume(r, f.plan);
  ASSERT_NE(x.legacy.pod, nullptr);
  EXPECT_EQ(x.legacy.pod->metadata.name, "app-0");
  EXPECT_EQ(x.legacy.pod_volume, "volume-2");
  EXPECT_FALSE(x.legacy.listed_in_backup_volumes);
  EXPECT_FALSE(x.legacy.opt_out_mode);
  EXPECT_EQ(x.steps[0].step->helper_reason, helper::reason::not_opted_in);
}

TEST(make_plan, a_nul_in_a_record_text_is_spelled_not_cut) {
  // Records view their texts up to the first NUL: a Backup's data mover written with one
  // (policies refuse it) shows it as \u0000 instead of ending there.
  using namespace std::string_literals;
  backup_options backup;
  backup.snapshot_move_data = true;
  backup.data_mover = "velero\0block"s;
  fixture f("", false, backup);
  const volume_record* r = nullptr;
  for (const volume_record& v : f.plan.volumes)
    if (v.pvc_name == "pvc-2") r = &v;
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->method, backup_method::csi_snapshot);
  EXPECT_EQ(r->data_mover(), "velero\\u0000block");
}

TEST(make_plan, record_texts_outlive_the_result_they_were_made_in) {
  // Data mover and VolumeSnapshotClass names are views into the plan's own record_texts,
  // shared by copies: a copy stays valid after the original result is gone (the cluster and
  // policies, which other names view, live on in the fixture).
  backup_options backup;
  backup.snapshot_move_data = true;
  fixture f(
      "version: v1\nvolumePolicies:\n- conditions: {storageClass: [gp3-csi]}\n"
      "  action: {type: snapshot, parameters: {snapshotClass: vsc-gold, dataMover: velero-block}}\n",
      false, backup);
  std::optional<plan_result> copy;
  {
    plan_result original = std::move(f.plan);
    const volume_record* r = nullptr;
    for (const volume_record& v : original.volumes)
      if (v.pvc_name == "pvc-2") r = &v;
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->method, backup_method::csi_snapshot);
    EXPECT_EQ(r->data_mover(), "velero-block");
    EXPECT_EQ(r->snapshot_class(), "vsc-gold");
    ASSERT_NE(original.record_texts, nullptr);
    EXPECT_EQ(original.record_texts->count("velero-block"), 1U);
    copy = original;
  }  // the original and its reference to record_texts are gone
  const volume_record* r = nullptr;
  for (const volume_record& v : copy->volumes)
    if (v.pvc_name == "pvc-2") r = &v;
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->data_mover(), "velero-block");
  EXPECT_EQ(r->snapshot_class(), "vsc-gold");
}
