#include <gtest/gtest.h>

#include "helper_fixture.h"
#include "volpol/helper/decision.h"
#include "volpol/helper/volume_helper.h"

namespace volpol::helper {
namespace {

using testing::add_objects;
using testing::build_policies;

const char* const cluster_yaml = R"(
apiVersion: v1
kind: PersistentVolume
metadata: {name: pv-data}
spec:
  storageClassName: gp3
  claimRef: {namespace: ns, name: data}
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: data, namespace: ns}
spec: {volumeName: pv-data}
status: {phase: Bound}
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: pending, namespace: ns, labels: {app: db}}
spec: {}
status: {phase: Pending}
---
apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: ns
  annotations: {backup.velero.io/backup-volumes: "data,tmp"}
spec:
  volumes:
  - name: data
    persistentVolumeClaim: {claimName: data}
  - name: tmp
    emptyDir: {}
  - name: waiting
    persistentVolumeClaim: {claimName: pending}
  - name: host
    hostPath: {path: /var/log}
)";

class volume_helper_test : public ::testing::Test {
 protected:
  void SetUp() override { add_objects(c, cluster_yaml); }
  [[nodiscard]] const k8s::persistent_volume& pv() const { return *c.find_pv("pv-data"); }
  [[nodiscard]] const k8s::persistent_volume_claim& pvc(const char* name) const { return *c.find_pvc("ns", name); }
  [[nodiscard]] const k8s::pod& web() const { return *c.find_pod("ns", "web"); }
  [[nodiscard]] const k8s::pod_volume& vol(const char* name) const { return *web().find_volume(name); }
  k8s::cluster c;
};

TEST_F(volume_helper_test, snapshot_skipped_for_a_volume_a_pod_opts_into_fs_backup) {
  const volume_helper h(nullptr, {.snapshot_volumes = true}, c);
  const auto d = h.should_perform_snapshot(pvc("data"));
  ASSERT_TRUE(d.ok()) << d.error()->to_string();
  EXPECT_FALSE(d->perform);
  EXPECT_EQ(d->why, reason::pod_fs_backup);
  EXPECT_EQ(d->pod, &web());
  EXPECT_EQ(d->pod_volume, &vol("data"));
  EXPECT_EQ(d->pod_reason, reason::annotation_opt_in);
  EXPECT_EQ(d->pv, &pv());
  EXPECT_EQ(d->lookup, pv_lookup_status::found);
  EXPECT_EQ(describe(*d), "pod ns/web volume `data` is fs-backed-up (listed in backup.velero.io/backup-volumes)");
}

TEST_F(volume_helper_test, snapshot_volumes_decides_when_nothing_else_does) {
  k8s::persistent_volume lone = pv();
  lone.claim_ref.reset();  // no pod check without claimRef
  const struct {
    std::optional<bool> setting;
    bool perform;
    reason why;
  } rows[] = {{std::nullopt, true, reason::snapshot_volumes_unset},
              {true, true, reason::snapshot_volumes_true},
              {false, false, reason::snapshot_volumes_false}};
  for (const auto& r : rows) {
    const volume_helper h(nullptr, {.snapshot_volumes = r.setting}, c);
    const auto d = h.should_perform_snapshot(lone);
    ASSERT_TRUE(d.ok());
    EXPECT_EQ(d->perform, r.perform);
    EXPECT_EQ(d->why, r.why);
    EXPECT_EQ(d->lookup, pv_lookup_status::not_needed);
  }
}

TEST_F(volume_helper_test, first_matching_policy_decides_and_is_named) {
  const policy::policies own = build_policies(R"(
version: v1
volumePolicies:
- conditions: {storageClass: [gp2]}
  action: {type: skip}
)");
  const policy::policies global = build_policies(R"(
version: v1
volumePolicies:
- conditions: {storageClass: [gp3]}
  action: {type: snapshot}
)",
                                                 policy::policy_scope::global);
  policy::policies pols = own;
  pols.merge_global(global);
  const volume_helper h(&pols, {.snapshot_volumes = false}, c);
  const auto d = h.should_perform_snapshot(pvc("data"));
  ASSERT_TRUE(d.ok());
  EXPECT_TRUE(d->perform);  // the policy wins over snapshotVolumes false and the pod opt-in
  EXPECT_EQ(d->why, reason::policy_action);
  ASSERT_NE(d->policy, nullptr);
  EXPECT_EQ(d->policy->index, 0u);
  EXPECT_EQ(d->policy->scope, policy::policy_scope::global);
  EXPECT_EQ(describe(*d), "global volumePolicies[0] (snapshot)");
}

TEST_F(volume_helper_test, unbound_pvc_is_an_error_unless_a_policy_matches_it_alone) {
  const volume_helper bare(nullptr, {}, c);
  const auto err = bare.should_perform_snapshot(pvc("pending"));
  ASSERT_FALSE(err.ok());
  EXPECT_EQ(err.error()->message, "PVC ns/pending has no volume backing this claim");
  EXPECT_EQ(err.error()->object, "PersistentVolumeClaim ns/pending");

  const policy::policies pols = build_policies(R"(
version: v1
volumePolicies:
- conditions: {pvcPhase: [Pending]}
  action: {type: skip}
)");
  const volume_helper h(&pols, {}, c);
  const auto d = h.should_perform_snapshot(pvc("pending"));
  ASSERT_TRUE(d.ok());
  EXPECT_FALSE(d->perform);
  EXPECT_EQ(d->why, reason::policy_action);
  EXPECT_EQ(d->lookup, pv_lookup_status::no_volume_name);
  EXPECT_EQ(d->pv, nullptr);
}

TEST_F(volume_helper_test, fs_backup_reasons) {
  const volume_helper h(nullptr, {}, c);
  const auto host = h.should_perform_fs_backup(vol("host"), web());
  ASSERT_TRUE(host.ok());
  EXPECT_EQ(host->why, reason::excluded_volume);
  EXPECT_EQ(host->exclusion, volume_exclusion::host_path);
  EXPECT_EQ(describe(*host), "hostPath volumes are never fs-backed-up");

  const auto tmp = h.should_perform_fs_backup(vol("tmp"), web());
  ASSERT_TRUE(tmp.ok());
  EXPECT_TRUE(tmp->perform);
  EXPECT_EQ(tmp->why, reason::annotation_opt_in);

  // Without policies the pending PVC is not looked up: the annotations decide.
  const auto waiting = h.should_perform_fs_backup(vol("waiting"), web());
  ASSERT_TRUE(waiting.ok());
  EXPECT_FALSE(waiting->perform);
  EXPECT_EQ(waiting->why, reason::not_opted_in);
  EXPECT_EQ(waiting->pvc, nullptr);
}

TEST_F(volume_helper_test, fs_backup_with_policies_looks_up_the_pvc_and_pv) {
  const policy::policies pols = build_policies(R"(
version: v1
volumePolicies:
- conditions: {storageClass: [gp3]}
  action: {type: fs-backup}
)");
  const volume_helper h(&pols, {}, c);
  const auto data = h.should_perform_fs_backup(vol("data"), web());
  ASSERT_TRUE(data.ok());
  EXPECT_TRUE(data->perform);
  EXPECT_EQ(data->why, reason::policy_action);
  EXPECT_EQ(data->pvc, &pvc("data"));
  EXPECT_EQ(data->pv, &pv());

  const auto waiting = h.should_perform_fs_backup(vol("waiting"), web());
  ASSERT_FALSE(waiting.ok());  // no PV and no policy matched
  EXPECT_EQ(waiting.error()->message, "PVC ns/pending has no volume backing this claim");
}

TEST_F(volume_helper_test, custom_action_reasons) {
  const policy::policies pols = build_policies(R"(
version: v1
volumePolicies:
- conditions: {storageClass: [gp3]}
  action:
    type: custom
    parameters: {myCustomAction: true, tier: gold}
)");
  const volume_helper h(&pols, {}, c);
  const value mine = value::make_mapping({{"myCustomAction", value::make_bool(true)}});
  const value theirs = value::make_mapping({{"myCustomAction", value::make_string("true")}});

  const auto yes = h.should_perform_custom_action(pv(), mine);
  ASSERT_TRUE(yes.ok());
  EXPECT_TRUE(yes->perform);
  EXPECT_EQ(yes->why, reason::policy_action);

  const auto no = h.should_perform_custom_action(pv(), theirs);
  ASSERT_TRUE(no.ok());
  EXPECT_FALSE(no->perform);
  EXPECT_EQ(no->why, reason::custom_parameters_differ);
  EXPECT_EQ(no->parameter, "myCustomAction");
  EXPECT_EQ(describe(*no), "custom action parameter `myCustomAction` differs in volumePolicies[0]");

  const auto pending = h.should_perform_custom_action(pvc("pending"), mine);
  ASSERT_TRUE(pending.ok());
  EXPECT_EQ(pending->why, reason::pv_not_found);
  EXPECT_EQ(pending->lookup, pv_lookup_status::no_volume_name);

  EXPECT_FALSE(h.should_perform_custom_action(pv(), value::make_string("x")).ok());
}

TEST_F(volume_helper_test, action_parameters_data_mover_and_snapshot_class) {
  const policy::policies pols = build_policies(R"(
version: v1
volumePolicies:
- conditions: {storageClass: [gp3]}
  action:
    type: snapshot
    parameters: {dataMover: velero, snapshotClass: 7}
- conditions: {pvcPhase: [Pending]}
  action: {type: custom, parameters: {plugin: x}}
)");
  const volume_helper h(&pols, {}, c);
  const action_parameters p = h.get_action_parameters(pvc("data"));
  EXPECT_TRUE(p.matched);
  EXPECT_EQ(p.type, "snapshot");
  ASSERT_NE(p.parameters->find("dataMover"), nullptr);
  EXPECT_EQ(p.parameters->find("dataMover")->as_string(), "velero");  // not normalised
  EXPECT_EQ(h.data_mover_for_volume(pvc("data")), "velero-fs");
  const auto cls = h.get_snapshot_class(pv());
  ASSERT_FALSE(cls.ok());
  EXPECT_NE(cls.error()->message.find("snapshotClass"), std::string::npos);
  EXPECT_NE(cls.error()->message.find("volumePolicies[0]"), std::string::npos);

  // The pending PVC would match policy 1 alone, but GetActionParameters reports no match.
  const action_parameters pending = h.get_action_parameters(pvc("pending"));
  EXPECT_FALSE(pending.matched);
  EXPECT_EQ(pending.type, "");
  EXPECT_TRUE(pending.parameters->is_null());
  EXPECT_EQ(h.data_mover_for_volume(pvc("pending")), "");
  const auto none = h.get_snapshot_class(pvc("pending"));
  ASSERT_TRUE(none.ok());
  EXPECT_EQ(none.value(), "");
}

TEST_F(volume_helper_test, empty_document_differs_from_no_policy) {
  const policy::policies empty = build_policies("version: v1\n");
  k8s::pod orphan = web();
  orphan.volumes[0].sources.claim_name = "missing";
  const auto with_doc = volume_helper(&empty, {}, c).should_perform_fs_backup(orphan.volumes[0], orphan);
  EXPECT_FALSE(with_doc.ok());  // the PVC is looked up
  EXPECT_EQ(with_doc.error()->message, "failed to get PVC missing for volume ns/data: not found");
  const auto without = volume_helper(nullptr, {}, c).should_perform_fs_backup(orphan.volumes[0], orphan);
  ASSERT_TRUE(without.ok());
  EXPECT_TRUE(without->perform);  // opted in by annotation
}

}  // namespace
}  // namespace volpol::helper
