// The fields of `plan -o json|yaml` (report_fields.h): the document's header and each record's
// fields as document nodes.
#include "report_fields.h"

#include <string>
#include <utility>
#include <vector>

#include "volpol/helper/decision.h"

namespace volpol::plan::detail {

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
  if (s.shared_pvc_rows > 0) summary.emplace_back("sharedPvcRows", num(s.shared_pvc_rows));
  if (plan.volumes.size() != s.volumes) summary.emplace_back("rows", num(plan.volumes.size()));
  std::vector<node> notes, problems;
  for (const plan_note n : plan.notes) notes.push_back(str(plan_note_text(n, plan)));
  for (const std::string& n : ctx.cluster_notes) notes.push_back(str(n));
  for (const diagnostic& d : ctx.input_problems) problems.push_back(str(d.to_string()));
  fields top;
  top.emplace_back("kind", str("VolumeBackupPlan"));
  top.emplace_back("veleroVersion", str(to_string(plan.server.velero.version)));
  if (!ctx.policy_file.empty()) top.emplace_back("policy", str(ctx.policy_file));
  if (!ctx.global_policy_file.empty()) top.emplace_back("globalPolicy", str(ctx.global_policy_file));
  top.emplace_back("summary", object(std::move(summary)));
  top.emplace_back("notes", list(std::move(notes)));
  top.emplace_back("problems", list(std::move(problems)));
  return top;
}

}  // namespace volpol::plan::detail
