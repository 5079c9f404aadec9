// Private to the plan layer: the fields of `plan -o json|yaml`, in one place for both writers
// (report_json.cpp streams them, report_yaml.cpp emits them) and the explanation report: the
// document's header and each record's fields (BackupVolumeInfo + volpol's).
#pragma once

#include <string_view>

#include "document_model.h"
#include "volpol/plan/planner.h"
#include "volpol/plan/reason_text.h"
#include "volpol/plan/report.h"

namespace volpol::plan::detail {

/// The document's fields before `volumes`: kind, the policy files, summary, notes, problems.
[[nodiscard]] fields report_header(const plan_result& plan, const report_context& ctx);

/// The record's matched volume policy (index, document, line, conditions, action, parameters).
/// `r.policy` must not be null.
[[nodiscard]] node record_policy_node(const volume_record& r);

/// The compact, structured form of the record's deciding step: scripts branch on these
/// names, never on the `reason` sentence.
[[nodiscard]] node record_decision_node(const volume_record& r, const plan_result& plan);

/// The record's fields, in order: the one list of them (the tree for YAML and explanations,
/// volume_node, and the streaming JSON writer both read it). `out` takes:
///   optional_text(key, text)  written unless the text is empty
///   text(key, text)           always written
///   flag(key, bool)
///   child(key, node)          a nested object
template <class Fields>
void record_fields(const volume_record& r, const plan_result& plan, Fields& out) {
  out.optional_text("pvcName", r.pvc_name);
  out.optional_text("pvcNamespace", r.pvc_namespace);
  out.optional_text("pvName", r.pv_name);
  out.optional_text("backupMethod", to_string(r.method == backup_method::custom ? backup_method::none : r.method));
  out.flag("snapshotDataMoved", r.snapshot_data_moved);
  out.flag("skipped", r.skipped);
  out.optional_text("skippedReason", skipped_reason_text(r));
  out.text("method", method_label(r));  // never empty
  out.optional_text("podNamespace", r.pod_namespace);
  out.optional_text("podName", r.pod_name);
  out.optional_text("podVolume", r.pod_volume);
  out.optional_text("storageClass", r.storage_class);
  out.optional_text("volumeType", r.volume_type);
  if (r.policy != nullptr) out.child("policy", record_policy_node(r));
  out.optional_text("dataMover", r.data_mover);
  out.optional_text("snapshotClass", r.snapshot_class);
  out.optional_text("snapshotLocation", r.snapshot_location);
  if (!plan.custom_action_params.is_null()) out.flag("customActionTaken", r.custom_action_taken);
  out.optional_text("reason", reason_text(r, plan));
  out.child("decision", record_decision_node(r, plan));
  if (r.error()) out.text("error", error_messages(r));
}

/// The record's fields (record_fields) as a document node.
[[nodiscard]] node volume_node(const volume_record& r, const plan_result& plan);

}  // namespace volpol::plan::detail
