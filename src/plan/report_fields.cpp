// The fields of `plan -o json|yaml` (report_fields.h): the document's header and each record's
// fields as document nodes.
#include "report_fields.h"

#include <string>
#include <utility>
#include <vector>

#include "volpol/helper/decision.h"

namespace volpol::plan::detail {

namespace {

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

}  // namespace

node record_policy_node(const volume_record& r) {
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

node record_decision_node(const volume_record& r, const plan_result& plan) {
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
    f.emplace_back("filterOrigin", str(to_string(d.inclusion.setting)));
    if (d.inclusion.field != filter_field::none) f.emplace_back("filterField", str(to_string(d.inclusion.field)));
    if (!d.inclusion.pattern.empty()) f.emplace_back("filterEntry", str(d.inclusion.pattern));
  }
  return object(std::move(f));
}

node volume_node(const volume_record& r, const plan_result& plan) {
  node_fields f;
  record_fields(r, plan, f);
  return f.take();
}

fields report_header(const plan_result& plan, const report_context& ctx) {
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

}  // namespace volpol::plan::detail
