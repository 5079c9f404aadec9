// Sentences for the plan's decisions (see reason_text.h). Each reason_kind has one wording.
#include "volpol/detail/plan/reason_text.h"

#include "volpol/detail/plan/item_collection.h"
#include "volpol/detail/plan/node_agent.h"
#include "volpol/detail/plan/volume_snapshot_class.h"

#include <fmt/format.h>

#include "skipped_pv_tracker.h"
#include "volpol/detail/helper/pvc_pv.h"

namespace volpol::plan {

namespace {

std::string label(const policy::volume_policy* p) { return p ? helper::policy_label(*p) : std::string("?"); }

/// kube.IsPodRunning's message (node_agent.h): "pod is not scheduled, ..." without a nodeName.
std::string not_running(const k8s::pod& pod) {
  if (auto why = pod_not_running(pod)) return *why;
  return fmt::format("pod is not in the expected status, name={}, namespace={}, phase={}: pod is not running",
                     pod.metadata.name, pod.metadata.namespace_, pod.phase);
}

std::string native_snapshot_text(const volume_decision& d, const plan_result& plan) {
  const auto& locations = plan.server.volume_snapshot_locations;
  if (d.location >= locations.size() || d.pv == nullptr) return "native snapshot";
  const volume_snapshot_location& l = locations[d.location];
  return fmt::format("native snapshot by volume snapshot location {} ({}), volume ID {}: {}", l.name, l.provider,
                     volume_id_for(l.provider, *d.pv).volume_id, helper_decision_text(d.as_helper()));
}

std::string no_volume_snapshotter_text(const volume_decision& d, const plan_result& plan) {
  const auto& locations = plan.server.volume_snapshot_locations;
  if (locations.empty()) return "no volume snapshot location is configured (--volume-snapshot-locations)";
  const std::string_view type = d.pv ? policy::volume_type_of(*d.pv) : std::string_view();
  std::string why = fmt::format("no volume snapshot location's provider recognises this {} volume",
                                type.empty() ? std::string_view("volume") : type);
  std::string tried;
  for (const volume_snapshot_location& l : locations) {
    if (d.pv == nullptr) break;
    const volume_id_answer a = volume_id_for(l.provider, *d.pv);
    if (!a.known_provider)
      tried += fmt::format("{}{} ({}: provider unknown to volpol)", tried.empty() ? "" : ", ", l.name, l.provider);
    else if (!a.error.empty())
      tried += fmt::format("{}{} ({}: {})", tried.empty() ? "" : ", ", l.name, l.provider, a.error);
  }
  if (!tried.empty()) why += "; tried " + tried;
  return why;
}

std::string csi_snapshot_text(const volume_decision& d, const volume_record& r) {
  std::string why = "CSI snapshot: " + helper_decision_text(d.as_helper());
  if (!r.snapshot_class().empty()) {
    why += "; VolumeSnapshotClass ";
    why += r.snapshot_class();
  }
  if (r.snapshot_data_moved) {
    why += "; data moved by ";
    why += r.data_mover();
  }
  return why;
}

}  // namespace

std::string helper_decision_text(const helper::decision& d) {
  if (d.policy == nullptr || d.why != helper::reason::policy_action) return helper::describe(d);
  const policy::volume_policy& p = *d.policy;
  const std::string conditions = p.raw_conditions.is_null() ? "{}" : p.raw_conditions.to_string();
  return fmt::format("{} matched (conditions {}, action {})", helper::policy_label(p), conditions, p.act.type_name());
}

std::string decision_text(const volume_decision& d, const volume_record& r, const plan_result& plan) {
  switch (d.kind) {
    case reason_kind::none:
      if (d.has_helper) return helper_decision_text(d.as_helper());
      return {};
    case reason_kind::pod_excluded_by_label: return "pod has label velero.io/exclude-from-backup=true: not backed up";
    case reason_kind::pod_being_deleted: return "pod is being deleted: Velero skips it";
    case reason_kind::pvc_excluded_by_label:
      if (d.pod != nullptr && r.pod_name.empty())  // the PVC item's own row (a pod's PVB copies its data)
        return fmt::format(
            "PVC has label velero.io/exclude-from-backup=true: the PVC is not in the backup, though pod {}/{}'s "
            "PodVolumeBackup copies its data (see its row): a restore has the data but not the claim",
            d.pod->metadata.namespace_.str(), d.pod->metadata.name.str());
      return "PVC has label velero.io/exclude-from-backup=true: not backed up";
    case reason_kind::pv_excluded_by_label: return "PV has label velero.io/exclude-from-backup=true: not backed up";
    case reason_kind::fs_backup_declined: return "no fs-backup: " + helper_decision_text(d.as_helper());
    case reason_kind::pvc_taken_by_other_pod: return "PVC already backed up by a PodVolumeBackup from another pod";
    case reason_kind::pvc_opted_out:
      return fmt::format("opted out of fs-backup by pod {}/{} (Velero tracks it: podvolume)",
                         d.pod ? d.pod->metadata.namespace_ : "", d.pod ? d.pod->metadata.name : "");
    case reason_kind::pod_not_running:
      return "fs-backup selected (" + helper_decision_text(d.as_helper()) + "), but " +
             (d.pod ? not_running(*d.pod) : "");
    case reason_kind::pod_volume_policy_skip: return "volume policy `skip` matched: no PodVolumeBackup";
    case reason_kind::host_path_volume:
      return "fs-backup selected (" + helper_decision_text(d.as_helper()) +
             "), but hostPath volumes are not supported for pod volume backup: Velero warns and skips it";
    case reason_kind::block_volume: return skip_reason_text(skip_cause::block_volume, d.pod, d.pod_volume);
    case reason_kind::volume_not_mounted: return skip_reason_text(skip_cause::volume_not_mounted, d.pod, d.pod_volume);
    case reason_kind::pod_volume_backup: return "fs-backup: " + helper_decision_text(d.as_helper());
    case reason_kind::csi_policy_skip: return "volume policy " + label(d.policy) + " (skip): no snapshot, no fs-backup";
    case reason_kind::snapshot_declined:
      // A PVC target (the CSI action's gate) records its PVC; a PV target does not.
      return std::string(d.pvc != nullptr ? "no CSI snapshot: " : "no snapshot: ") +
             helper_decision_text(d.as_helper());
    case reason_kind::custom_action:
      return "handed to a third-party BackupItemAction plugin by " + label(d.policy) +
             " (custom); Velero itself takes no snapshot and no fs-backup";
    case reason_kind::not_csi_volume:
      return "the CSI action passes over it: PV " + (d.pv ? d.pv->metadata.name.str() : std::string()) +
             " is not a CSI volume";
    case reason_kind::csi_helper_disagrees:
      return "Velero disagrees with itself: the backup's snapshot decision says snapshot, but the CSI plugin's own "
             "volume helper (Backup policy only, no global policies) says no (" +
             helper_decision_text(d.as_helper()) + "): no snapshot is taken";
    case reason_kind::csi_snapshot: return csi_snapshot_text(d, r);
    case reason_kind::csi_volume_pvc_not_backed_up:
      return "CSI volume: only the CSI PVC action snapshots it (EnableCSI), and its PVC is not backed up";
    case reason_kind::native_policy_skip: return "volume policy " + label(d.policy) + " (skip): no snapshot";
    case reason_kind::native_snapshot: return native_snapshot_text(d, plan);
    case reason_kind::no_volume_snapshotter: return no_volume_snapshotter_text(d, plan);
    case reason_kind::fs_backup_without_pod:
      return "volume policy " + label(d.policy) +
             " says fs-backup, but no pod in the backup mounts this PVC: nothing copies its data";
    case reason_kind::not_collected:
      if (d.pod != nullptr && d.pvc != nullptr && r.pod_name.empty())  // the PVC item's own row
        return fmt::format(
            "the PVC is not in the backup ({}), though pod {}/{}'s PodVolumeBackup copies its data (see its row): a "
            "restore has the data but not the claim",
            describe(d.inclusion), d.pod->metadata.namespace_.str(), d.pod->metadata.name.str());
      if (d.pvc != nullptr && d.pv != nullptr)  // the PVC is in the backup, its PV is not
        return fmt::format(
            "PV {} not in the backup ({}): the PVC is backed up, its data is not (only the PV item "
            "takes a native snapshot)",
            d.pv->metadata.name.str(), describe(d.inclusion));
      return "not backed up: " + describe(d.inclusion);
    case reason_kind::custom_not_pvc:
      return "volume policy " + label(d.policy) +
             " (custom) matched a pod volume without a PVC: the plugin-facing VolumeHelper takes PVs and PVCs "
             "only, so no plugin backs it up, and Velero does not either";
    case reason_kind::pvc_covered_by_pod:
      if (d.pod == nullptr)
        return fmt::format("PVC {}/{} mounted by another pod too: its row says what Velero does with it",
                           r.pvc_namespace, r.pvc_name);
      return fmt::format("PVC {}/{} is covered by the PodVolumeBackup of pod {}/{} (one per PVC)", r.pvc_namespace,
                         r.pvc_name, d.pod->metadata.namespace_, d.pod->metadata.name);
    case reason_kind::error:
      if (d.error_index < r.errors().size()) return "error: " + error_text(r.errors()[d.error_index]);
      return "error";
    case reason_kind::pulled_in_by_item_block:
      return fmt::format(
          "pod {}/{} pulled into the backup by PVC {}/{}'s ItemBlock action (a label selector "
          "chooses the backup's items, not the items related to them)",
          d.pod ? d.pod->metadata.namespace_.str() : std::string(), d.pod ? d.pod->metadata.name.str() : std::string(),
          d.pvc ? d.pvc->metadata.namespace_.str() : std::string(), d.pvc ? d.pvc->metadata.name.str() : std::string());
  }
  return {};
}

std::string reason_text(const volume_record& r, const plan_result& plan) { return decision_text(r.decision, r, plan); }

std::string error_text(const volume_error& e) {
  switch (e.kind) {
    case volume_error_kind::helper_pvc_not_found:
      if (e.pod && e.pod_volume) return helper::pvc_lookup_error(*e.pod_volume, *e.pod).message;
      return "PVC not found";
    case volume_error_kind::helper_pv_lookup:
    case volume_error_kind::csi_pv_lookup:
      if (e.pvc) return helper::pv_lookup_error(*e.pvc, e.lookup).message;
      return "PV not found";
    case volume_error_kind::pod_volume_pvc_not_found:
      return fmt::format("error getting persistent volume claim for volume: persistentvolumeclaims \"{}\" not found",
                         e.name);
    case volume_error_kind::pv_claim_not_found: return fmt::format("persistentvolumeclaims \"{}\" not found", e.name);
    case volume_error_kind::pv_not_found: return fmt::format("persistentvolumes \"{}\" not found", e.name);
    case volume_error_kind::pvc_without_storage_class:
      return fmt::format("Cannot snapshot PVC {}/{}, PVC has no storage class.",
                         e.pvc ? e.pvc->metadata.namespace_ : "", e.pvc ? e.pvc->metadata.name : "");
    case volume_error_kind::failed_validation: return "the backup fails validation (see the notes)";
    case volume_error_kind::snapshot_class: {
      if (e.pvc == nullptr) return "error getting VolumeSnapshotClass";
      snapshot_class_choice c;
      c.source = static_cast<snapshot_class_source>(e.detail);
      c.storage_class = e.pvc->storage_class_name.value_or("");
      c.driver = std::string(e.name);
      return describe(c, *e.pvc, "");
    }
    case volume_error_kind::node_agent_not_running:
      return fmt::format("daemonset pod not found in running state in node {}", e.name);
    case volume_error_kind::node_agent_not_ready:
      return e.detail == 1 ? "CSI PVC BIA cannot proceed: node-agent is not ready for snapshot data movement: "
                             "node-agent is not ready: no ready pods found"
                           : "CSI PVC BIA cannot proceed: node-agent is not ready for snapshot data movement: failed "
                             "to get linux node-agent daemonset: daemonsets.apps \"node-agent\" not found";
  }
  return {};
}

std::string error_messages(const volume_record& r) {
  std::string out;
  for (const volume_error& e : r.errors()) {
    if (!out.empty()) out += "; ";
    out += error_text(e);
  }
  return out;
}

std::string skipped_reason_text(const volume_record& r) { return serialize_skipped_reasons(skipped_reasons_of(r)); }

}  // namespace volpol::plan
