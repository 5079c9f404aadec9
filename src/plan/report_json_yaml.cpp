// JSON and YAML renderings of a plan: one document model, two writers.
#include <fmt/format.h>

#include <yaml-cpp/yaml.h>
#include <cstdio>

#include "document_model.h"
#include "record_node.h"
#include "volpol/helper/decision.h"
#include "volpol/plan/reason_text.h"
#include "volpol/plan/report.h"

namespace volpol::plan {

namespace {

using namespace detail;  // the document model (document_model.h)

node policy_node(const volume_record& r) {
  const policy::volume_policy& vp = *r.policy;
  fields p;
  p.emplace_back("index", num(vp.index));
  p.emplace_back("document", str(vp.scope == policy::policy_scope::global ? "global" : "backup"));
  // The line in the file the user gave (for a ConfigMap: the ConfigMap file's line).
  const value_mark at = vp.origin.file_position(vp.mark);
  if (at.line > 0) p.emplace_back("line", num(at.line));
  p.emplace_back("conditions", str(vp.raw_conditions.is_null() ? "{}" : vp.raw_conditions.to_string()));
  p.emplace_back("action", str(policy_action(r)));
  if (!vp.act.parameters.is_null()) p.emplace_back("parameters", from_value(vp.act.parameters));
  return object(std::move(p));
}

/// The compact, structured form of the record's deciding step: scripts branch on these
/// names, never on the `reason` sentence.
node decision_node(const volume_record& r, const plan_result& plan) {
  const volume_decision& d = r.decision;
  fields f;
  f.emplace_back("kind", str(to_string(d.kind)));
  f.emplace_back("step", str(to_string(d.step)));
  if (d.has_helper) {
    f.emplace_back("helperReason", str(helper::to_string(d.helper_reason)));
    if (d.exclusion != helper::volume_exclusion::none) f.emplace_back("exclusion", str(helper::to_string(d.exclusion)));
  }
  if (d.policy != nullptr) f.emplace_back("policy", str(helper::policy_label(*d.policy)));
  if (const k8s::pod* pod = d.pod; pod != nullptr)
    f.emplace_back("pod", str(pod->metadata.namespace_ + "/" + pod->metadata.name));
  if (d.kind == reason_kind::native_snapshot && d.location < plan.server.volume_snapshot_locations.size())
    f.emplace_back("volumeSnapshotLocation", str(plan.server.volume_snapshot_locations[d.location].name));
  if (d.kind == reason_kind::error && d.error_index < r.errors.size())
    f.emplace_back("error", str(to_string(r.errors[d.error_index].kind)));
  if (d.kind == reason_kind::not_collected) {  // which filter left the item out
    f.emplace_back("itemExclusion", str(to_string(d.inclusion.why)));
    f.emplace_back("filterOrigin", str(to_string(d.inclusion.origin)));
    if (d.inclusion.field != filter_field::none) f.emplace_back("filterField", str(to_string(d.inclusion.field)));
    if (!d.inclusion.pattern.empty()) f.emplace_back("filterEntry", str(d.inclusion.pattern));
  }
  return object(std::move(f));
}

/// The record's fields, in order: the one list of them (the tree for YAML and explanations,
/// and the streaming JSON writer, both read it). `out` takes:
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
  if (r.policy != nullptr) out.child("policy", policy_node(r));
  out.optional_text("dataMover", r.data_mover);
  out.optional_text("snapshotClass", r.snapshot_class);
  out.optional_text("snapshotLocation", r.snapshot_location);
  if (!plan.custom_action_params.is_null()) out.flag("customActionTaken", r.custom_action_taken);
  out.optional_text("reason", reason_text(r, plan));
  out.child("decision", decision_node(r, plan));
  if (r.error()) out.text("error", error_messages(r));
}

/// record_fields into a document node.
class node_fields {
 public:
  void optional_text(const char* k, std::string_view v) {
    if (!v.empty()) text(k, v);
  }
  void text(const char* k, std::string_view v) { f_.emplace_back(k, str(v)); }
  void flag(const char* k, bool v) { f_.emplace_back(k, boolean(v)); }
  void child(const char* k, node n) { f_.emplace_back(k, std::move(n)); }
  node take() { return object(std::move(f_)); }

 private:
  fields f_;
};

/// record_fields as a JSON object, straight into `out` (the hot path of -o json: no
/// intermediate tree).
class record_writer {
 public:
  record_writer(std::string& out, int indent) : out_(out), pad_(static_cast<std::size_t>(indent) * 2, ' ') {}
  void write(const volume_record& r, const plan_result& plan) {
    out_ += '{';
    record_fields(r, plan, *this);
    out_ += '\n';
    out_ += pad_;
    out_ += '}';
  }
  void optional_text(std::string_view k, std::string_view v) {
    if (!v.empty()) text(k, v);
  }
  void text(std::string_view k, std::string_view v) {
    key(k);
    append_json_string(out_, v);
  }
  void flag(std::string_view k, bool v) {
    key(k);
    out_ += v ? "true" : "false";
  }
  void child(std::string_view k, const node& n) {
    key(k);
    write_json(n, out_, static_cast<int>(pad_.size() / 2) + 1);
  }

 private:
  void key(std::string_view k) {
    out_ += first_ ? "\n" : ",\n";
    first_ = false;
    out_ += pad_;
    out_ += "  \"";
    out_ += k;
    out_ += "\": ";
  }
  std::string& out_;
  std::string pad_;
  bool first_ = true;
};

fields header(const plan_result& plan, const report_context& ctx) {
  const plan_summary& s = plan.summary;
  fields summary = {{"volumes", num(s.volumes)},
                    {"fsBackup", num(s.fs_backup)},
                    {"csiSnapshot", num(s.csi_snapshot)},
                    {"csiSnapshotDataMovement", num(s.csi_data_movement)},
                    {"nativeSnapshot", num(s.native_snapshot)},
                    {"custom", num(s.custom)},
                    {"skipped", num(s.skipped)},
                    {"errors", num(s.errors)}};
  if (s.not_backed_up > 0) summary.emplace_back("notBackedUp", num(s.not_backed_up));
  std::vector<node> notes, problems;
  for (const plan_note n : plan.notes) notes.push_back(str(plan_note_text(n, plan)));
  for (const std::string& n : ctx.cluster_notes) notes.push_back(str(n));
  for (const diagnostic& d : ctx.input_problems) problems.push_back(str(d.to_string()));
  fields top;
  top.emplace_back("kind", str("VolumeBackupPlan"));
  if (!ctx.policy_file.empty()) top.emplace_back("policy", str(ctx.policy_file));
  if (!ctx.global_policy_file.empty()) top.emplace_back("globalPolicy", str(ctx.global_policy_file));
  top.emplace_back("summary", object(std::move(summary)));
  top.emplace_back("notes", list(std::move(notes)));
  top.emplace_back("problems", list(std::move(problems)));
  return top;
}

}  // namespace

namespace detail {
node volume_node(const volume_record& r, const plan_result& plan) {
  node_fields f;
  record_fields(r, plan, f);
  return f.take();
}
}  // namespace detail

void write_json(const plan_result& plan, const report_context& ctx, std::FILE* out) {
  buffered b(out);
  std::string& text = b.text();
  text += "{\n";
  for (const auto& [key, value] : header(plan, ctx)) {
    text += "  " + json_string(key) + ": ";
    write_json(value, text, 1);
    text += ",\n";
  }
  text += "  \"volumes\": [";
  bool first = true;
  for (const volume_record& r : plan.volumes) {  // one record at a time: no whole-document tree
    text += first ? "\n    " : ",\n    ";
    first = false;
    record_writer(text, 2).write(r, plan);
    b.maybe_flush();
  }
  text += first ? "]\n}\n" : "\n  ]\n}\n";
}

void write_yaml(const plan_result& plan, const report_context& ctx, std::FILE* out) {
  buffered b(out);
  {
    YAML::Emitter e;
    e << YAML::BeginMap;
    for (const auto& [key, value] : header(plan, ctx)) {
      e << YAML::Key << key << YAML::Value;
      write_yaml(value, e);
    }
    e << YAML::EndMap;
    b.text() += e.c_str();
  }
  b.text() += plan.volumes.empty() ? "\nvolumes: []\n" : "\nvolumes:\n";
  for (const volume_record& r : plan.volumes) {
    YAML::Emitter e;
    e << YAML::BeginSeq;
    write_yaml(detail::volume_node(r, plan), e);
    e << YAML::EndSeq;
    b.text() += e.c_str();
    b.text() += '\n';
    b.maybe_flush();
  }
}

}  // namespace volpol::plan
