// Private to the plan layer: the fields of `plan -o json|yaml`, in one place for both writers
// (report_json.cpp streams them, report_yaml.cpp emits them) and the explanation report: the
// document's header and each record's fields (BackupVolumeInfo + volpol's).
#pragma once

#include <string_view>

#include "document_model.h"
#include "document_writer.h"
#include "volpol/detail/plan/reason_text.h"
#include "volpol/helper/decision.h"
#include "volpol/plan/planner.h"
#include "volpol/plan/report.h"

namespace volpol::plan::detail {

/// The document's fields before `volumes`: kind, the policy files, summary, notes, problems.
[[nodiscard]] fields report_header(const plan_result& plan, const report_context& ctx);

/// The record's matched volume policy (index, document, line, conditions, action, parameters),
/// into `out` (the interface of record_fields). `r.policy` must not be null.
template <class Fields>
void record_policy_fields(const volume_record& r, Fields& out);

/// The compact, structured form of the record's deciding step, into `out`: scripts branch
/// on these names, never on the `reason` sentence.
template <class Fields>
void record_decision_fields(const volume_record& r, const plan_result& plan, Fields& out);

/// The record's fields, in order: the one list of them (the tree for YAML and explanations,
/// volume_node, and the streaming JSON writer both read it). `out` takes:
///   optional_text(key, text)  written unless the text is empty
///   text(key, text)           always written
///   flag(key, bool)
///   number(key, n)
///   child(key, node)          a nested value made elsewhere
///   object(key, f)            a nested object whose fields f(Fields&) writes
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
  out.optional_text("volumeType", r.volume_type());
  if (r.policy != nullptr) out.object("policy", [&r](auto& o) { record_policy_fields(r, o); });
  out.optional_text("dataMover", r.data_mover());
  out.optional_text("snapshotClass", r.snapshot_class());
  out.optional_text("snapshotLocation", r.snapshot_location());
  if (!plan.custom_action_params.is_null()) out.flag("customActionTaken", r.custom_action_taken);
  out.optional_text("reason", reason_text(r, plan));
  out.object("decision", [&r, &plan](auto& o) { record_decision_fields(r, plan, o); });
  if (r.error()) out.text("error", error_messages(r));
}

template <class Fields>
void record_policy_fields(const volume_record& r, Fields& out) {
  const policy::volume_policy& vp = *r.policy;
  out.number("index", vp.index);
  out.text("document", vp.scope == policy::policy_scope::global ? "global" : "backup");
  // The line in the file the user gave (for a ConfigMap: the ConfigMap file's line).
  const value_mark at = vp.origin.file_position(vp.mark);
  if (at.line > 0) out.number("line", at.line);
  out.text("conditions", vp.raw_conditions.is_null() ? std::string("{}") : vp.raw_conditions.to_string());
  out.text("action", policy_action(r));
  if (!vp.act.parameters.is_null()) out.child("parameters", from_value(vp.act.parameters));
}

template <class Fields>
void record_decision_fields(const volume_record& r, const plan_result& plan, Fields& out) {
  const volume_decision& d = r.decision;
  out.text("kind", to_string(d.kind));
  out.text("step", to_string(d.step));
  if (d.has_helper) {
    out.text("helperReason", helper::to_string(d.helper_reason));
    if (d.exclusion != helper::volume_exclusion::none) out.text("exclusion", helper::to_string(d.exclusion));
  }
  if (d.policy != nullptr) out.text("policy", helper::policy_label(*d.policy));
  if (const k8s::pod* pod = d.pod; pod != nullptr) out.text("pod", pod->metadata.namespace_ + "/" + pod->metadata.name);
  if (d.kind == reason_kind::native_snapshot && d.location < plan.server.volume_snapshot_locations.size())
    out.text("volumeSnapshotLocation", plan.server.volume_snapshot_locations[d.location].name);
  if (d.kind == reason_kind::error && d.error_index < r.errors().size())
    out.text("error", to_string(r.errors()[d.error_index].kind));
  if (d.kind == reason_kind::not_collected) {  // which filter left the item out
    out.text("itemExclusion", to_string(d.inclusion.why));
    out.text("filterOrigin", to_string(d.inclusion.setting));
    if (d.inclusion.field != filter_field::none) out.text("filterField", to_string(d.inclusion.field));
    if (!d.inclusion.pattern.empty()) out.text("filterEntry", d.inclusion.pattern);
  }
}

/// Records whose names prefetch_names asks for ahead of the one being written.
inline constexpr std::size_t prefetch_distance = 8;

/// Asks the processor for the cache lines of the record's names. A record's names are views
/// into the cluster's objects, which at 300k objects are far larger than the caches and
/// visited in the records' order, not theirs: without this, the first read of each name (its
/// emptiness) waits for memory, and the writer runs at half its speed.
inline void prefetch_names(const volume_record& r) {
  for (const zstring_view z :
       {r.pvc_name, r.pvc_namespace, r.pv_name, r.pod_namespace, r.pod_name, r.pod_volume, r.storage_class})
    __builtin_prefetch(z.data());
}

/// The record's fields (record_fields) as a document node.
[[nodiscard]] node volume_node(const volume_record& r, const plan_result& plan);

}  // namespace volpol::plan::detail
