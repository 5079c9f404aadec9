#include <gtest/gtest.h>

#include "../../src/plan/pvc_snapshot_tracker.h"
#include "../../src/plan/skipped_pv_tracker.h"

using namespace volpol;
using namespace volpol::plan;

namespace {

/// The pod's volume of that name (the tracker takes the volume itself, as the walk has it).
const k8s::pod_volume& volume(const k8s::pod& pod, std::string_view name) { return *pod.find_volume(name); }

k8s::pod pod_with_pvcs(const char* name) {
  k8s::pod p;
  p.metadata.name = name;
  p.metadata.namespace_ = "ns-1";
  for (auto [vol, claim] : {std::pair{"pod-vol-1", "pvc-1"}, std::pair{"pod-vol-2", "pvc-2"}}) {
    k8s::pod_volume v;
    v.name = vol;
    v.sources.set(k8s::volume_source::persistent_volume_claim);
    v.sources.claim_name = claim;
    p.volumes.push_back(v);
  }
  return p;
}
}  // namespace

// Restates Velero's TestOptoutVolume (pkg/backup/pvc_snapshot_tracker_test.go).
TEST(pvc_snapshot_tracker, opted_out_volume_is_never_tracked_or_taken) {
  const k8s::pod pod = pod_with_pvcs("pod-1");
  pvc_snapshot_tracker t;
  t.opt_out(pod, volume(pod, "pod-vol-1"));
  const k8s::pod* by = t.opted_out_by_pod("ns-1", "pvc-1");
  ASSERT_NE(by, nullptr);
  EXPECT_EQ(by->metadata.name, "pod-1");
  t.track(pod, volume(pod, "pod-vol-1"));
  t.track(pod, volume(pod, "pod-vol-2"));
  EXPECT_EQ(t.status_of("ns-1", "pvc-1"), pvc_snapshot_tracker::status::opted_out);
  EXPECT_EQ(t.status_of("ns-1", "pvc-2"), pvc_snapshot_tracker::status::tracked);
  t.take(pod, volume(pod, "pod-vol-1"));
  t.take(pod, volume(pod, "pod-vol-2"));
  EXPECT_FALSE(t.taken_for_pod_volume(pod, volume(pod, "pod-vol-1")));
  EXPECT_TRUE(t.taken_for_pod_volume(pod, volume(pod, "pod-vol-2")));
}

TEST(pvc_snapshot_tracker, last_pod_is_recorded_whatever_the_transition) {
  pvc_snapshot_tracker t;
  const k8s::pod a = pod_with_pvcs("pod-a"), b = pod_with_pvcs("pod-b");
  t.opt_out(a, volume(a, "pod-vol-1"));
  t.opt_out(b, volume(b, "pod-vol-1"));
  ASSERT_NE(t.opted_out_by_pod("ns-1", "pvc-1"), nullptr);
  EXPECT_EQ(t.opted_out_by_pod("ns-1", "pvc-1")->metadata.name, "pod-b");
  EXPECT_EQ(t.opted_out_by_pod("ns-1", "pvc-2"), nullptr);
}

// Velero keys the tracker by the text `namespace/name` (pvcKey): a namespace and claim that
// split the same text elsewhere are the same key. (No real cluster has a `/` in either; the
// tracker keeps views of the names, and must still agree.)
TEST(pvc_snapshot_tracker, key_is_the_text_namespace_slash_name) {
  k8s::pod a = pod_with_pvcs("pod-a"), b = pod_with_pvcs("pod-b");
  a.metadata.namespace_ = "team";
  a.volumes[0].sources.claim_name = "data/pvc-1";  // team/data/pvc-1
  b.metadata.namespace_ = "team/data";
  b.volumes[0].sources.claim_name = "pvc-1";  // team/data/pvc-1
  pvc_snapshot_tracker t;
  t.opt_out(a, volume(a, "pod-vol-1"));
  t.track(b, volume(b, "pod-vol-1"));  // the same key, opted out already: stays opted out
  EXPECT_EQ(t.status_of("team/data", "pvc-1"), pvc_snapshot_tracker::status::opted_out);
  EXPECT_EQ(t.status_of("team", "data/pvc-1"), pvc_snapshot_tracker::status::opted_out);
  ASSERT_NE(t.opted_out_by_pod("team", "data/pvc-1"), nullptr);
  EXPECT_EQ(t.opted_out_by_pod("team", "data/pvc-1")->metadata.name, "pod-b");  // the last pod recorded
  EXPECT_EQ(t.status_of("team/data", "pvc-2"), pvc_snapshot_tracker::status::not_tracked);
  EXPECT_EQ(t.status_of("team", "datapvc-1"), pvc_snapshot_tracker::status::not_tracked);
  EXPECT_EQ(t.status_of("team/data/", "pvc-1"), pvc_snapshot_tracker::status::not_tracked);
  // pod-vol-2 of both: team/pvc-2 and team/data/pvc-2, two keys.
  t.track(a, volume(a, "pod-vol-2"));
  t.take(a, volume(a, "pod-vol-2"));
  EXPECT_EQ(t.status_of("team", "pvc-2"), pvc_snapshot_tracker::status::taken);
  EXPECT_FALSE(t.taken_for_pod_volume(b, volume(b, "pod-vol-2")));
}

TEST(skipped_pv_tracker, reasons_sorted_by_approach_and_untrack_is_final) {
  skipped_pv_tracker t;
  const auto key = skipped_pv_tracker::key_for("pv-1", "ns", "pvc-1");
  EXPECT_EQ(key.to_string(), "pv:pv-1");
  const k8s::pod pod = pod_with_pvcs("pod-1");
  t.track(key, skip_approach::volume_snapshot, skip_cause::not_satisfy_criteria);
  t.track(key, skip_approach::any, skip_cause::resource_policy_skip);
  t.track(key, skip_approach::pod_volume, skip_cause::opted_out_by_pod, &pod);
  t.track(key, skip_approach::csi_snapshot, skip_cause::none);  // no reason: ignored
  EXPECT_EQ(serialize_skipped_reasons(t.reasons(key)),
            "any: skipped due to resource policy ;"
            "podvolume: opted out due to annotation in pod pod-1;"
            "volumeSnapshot: not satisfy the criteria for VolumePolicy or the legacy snapshot way;");
  t.untrack(key);
  EXPECT_FALSE(t.is_skipped(key));
  t.track(key, skip_approach::csi_snapshot, skip_cause::not_csi_volume);
  EXPECT_FALSE(t.is_skipped(key));
  EXPECT_EQ(serialize_skipped_reasons(t.reasons(key)), "");
  EXPECT_EQ(skipped_pv_tracker::key_for("", "ns", "pvc-1").to_string(), "pvc:ns/pvc-1");
  EXPECT_TRUE(skipped_pv_tracker::key_for("", "", "pvc-1").empty());
  EXPECT_EQ(skipped_pv_tracker::key_for("", "", "pvc-1").to_string(), "");
  // Keys are equal by content, whatever the views point at.
  const std::string pv_name = "pv-1";
  EXPECT_EQ(skipped_pv_tracker::key_for(pv_name, "", ""), key);
  EXPECT_FALSE(t.is_skipped(skipped_pv_tracker::key_for(pv_name, "other", "other")));
}

// The walk finds its PV and PVC records through the tracker's table (record_of): a key it
// only indexes is not skipped, and tracking and untracking keep the record it holds.
TEST(skipped_pv_tracker, record_of_indexes_a_volume_without_tracking_it) {
  skipped_pv_tracker t;
  volume_record pv_record, pvc_record;
  const auto pv_key = skipped_pv_tracker::key_for("pv-1", "ns", "pvc-1");
  const auto pvc_key = skipped_pv_tracker::key_for("", "ns", "pvc-2");
  EXPECT_EQ(t.record_of(pv_key), nullptr);
  t.record_of(pv_key) = &pv_record;
  t.record_of(pvc_key) = &pvc_record;
  EXPECT_FALSE(t.is_skipped(pv_key));
  EXPECT_FALSE(t.is_included(pv_key));
  EXPECT_TRUE(t.reasons(pv_key).empty());
  t.track(pv_key, skip_approach::any, skip_cause::resource_policy_skip);
  t.untrack(pvc_key);
  EXPECT_TRUE(t.is_skipped(pv_key));
  EXPECT_TRUE(t.is_included(pvc_key));
  EXPECT_EQ(t.record_of(pv_key), &pv_record);
  EXPECT_EQ(t.record_of(pvc_key), &pvc_record);
  // The same text through other views is the same volume.
  const std::string ns = "ns", name = "pvc-2";
  EXPECT_EQ(t.record_of(skipped_pv_tracker::key_for("", ns, name)), &pvc_record);
}

// Velero's texts for the pod-volume causes name the pod and its volume (podvolume/backupper.go).
TEST(skipped_pv_tracker, pod_volume_reasons_name_the_pod) {
  k8s::pod pod = pod_with_pvcs("web-0");
  pod.phase = "Pending";
  // kube.IsPodRunning: no nodeName first
  EXPECT_EQ(skip_reason_text(skip_cause::pod_not_running, &pod, nullptr),
            "encountered a problem with backing up the PVC of pod ns-1/web-0: pod is not scheduled, name=web-0, "
            "namespace=ns-1, phase=Pending");
  pod.node_name = "node-1";
  EXPECT_EQ(skip_reason_text(skip_cause::pod_not_running, &pod, nullptr),
            "encountered a problem with backing up the PVC of pod ns-1/web-0: pod is not in the expected status, "
            "name=web-0, namespace=ns-1, phase=Pending: pod is not running");
  EXPECT_EQ(skip_reason_text(skip_cause::block_volume, &pod, &pod.volumes[1]),
            "volume pod-vol-2 declared in pod ns-1/web-0 is a block volume. Block volumes are not supported for fs "
            "backup, skipping");
  EXPECT_EQ(skip_reason_text(skip_cause::volume_not_mounted, &pod, &pod.volumes[0]),
            "volume pod-vol-1 is declared in pod ns-1/web-0 but not mounted by any container, skipping");
}
