#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "volpol/helper/decision.h"
#include "volpol/plan/reason_text.h"
#include "volpol/plan/report.h"

namespace volpol::plan {

std::string_view method_label(const volume_record& r) {
  if (r.error()) return "error";
  if (r.decision.kind == reason_kind::pvc_covered_by_pod) return "shared-pvc";
  switch (r.method) {
    case backup_method::pod_volume_backup: return "fs-backup";
    case backup_method::csi_snapshot: return r.snapshot_data_moved ? "csi-snapshot-data-movement" : "csi-snapshot";
    case backup_method::native_snapshot: return "native-snapshot";
    case backup_method::custom: return "custom";
    case backup_method::none: return "skipped";
    case backup_method::not_backed_up: return "not-backed-up";
  }
  return "skipped";
}

std::string policy_label(const volume_record& r) {
  return r.policy == nullptr ? std::string() : helper::policy_label_with_action(*r.policy);
}

namespace {

constexpr std::size_t columns = 8;
using row = std::array<std::string, columns>;

std::string or_dash(std::string_view s) { return s.empty() ? std::string("-") : std::string(s); }

row make_row(const volume_record& r, const plan_result& plan) {
  std::string pod;
  if (!r.pod_name.empty()) pod = fmt::format("{}/{}", r.pod_name, r.pod_volume);
  const std::string_view ns = r.pvc_namespace.empty() ? r.pod_namespace : r.pvc_namespace;
  std::string reason = reason_text(r, plan);
  if (r.error() && r.decision.kind != reason_kind::error)
    reason = "error: " + error_messages(r) + (reason.empty() ? "" : "; " + reason);
  row out = {or_dash(ns),
             or_dash(pod),
             or_dash(r.pvc_name),
             or_dash(r.pv_name),
             or_dash(r.storage_class),
             std::string(method_label(r)),
             or_dash(policy_label(r)),
             reason};
  // Names and reasons come from the inputs: control bytes (an ESC, a newline in a block
  // scalar) are escaped as in messages, so they never reach a terminal raw or split a row.
  for (std::string& cell : out) cell = escape_text(cell);
  return out;
}

}  // namespace

std::string render_table(const plan_result& plan, const report_context& ctx) {
  std::vector<row> rows;
  rows.push_back({"NAMESPACE", "POD/VOLUME", "PVC", "PV", "STORAGECLASS", "METHOD", "POLICY", "REASON"});
  for (const volume_record& r : plan.volumes) rows.push_back(make_row(r, plan));
  // Columns are padded to their longest cell, up to a Kubernetes name's longest (253, a DNS
  // subdomain): a longer cell (only a dump the API server would refuse has one) overflows its
  // column instead of widening every row (a 1 MB name made a 3 GB table, then bad_alloc).
  constexpr std::size_t max_width = 253;
  std::array<std::size_t, columns> width{};
  for (const row& r : rows)
    for (std::size_t i = 0; i + 1 < columns; ++i) width[i] = std::max(width[i], std::min(r[i].size(), max_width));
  std::string out;
  for (const row& r : rows) {
    for (std::size_t i = 0; i + 1 < columns; ++i) out += fmt::format("{:<{}}  ", r[i], width[i]);
    out += r[columns - 1];
    out += '\n';
  }
  const plan_summary& s = plan.summary;
  // The rows the table shows: the volumes, a second pod's row of a shared PVC, the row of a
  // PVC item left out whose data a pod copies (counted with not backed up).
  const std::size_t shown = plan.volumes.size();
  const std::string in_rows = shown == s.volumes ? std::string() : fmt::format(" in {} rows", shown);
  out += fmt::format(
      "\n{} volume{}{}: {} fs-backup, {} CSI snapshot, {} CSI snapshot with data movement, {} native snapshot, "
      "{} custom (plugin), {} skipped, {} error{}\n",
      s.volumes, s.volumes == 1 ? "" : "s", in_rows, s.fs_backup, s.csi_snapshot, s.csi_data_movement,
      s.native_snapshot, s.custom, s.skipped, s.errors, s.errors == 1 ? "" : "s");
  if (s.not_backed_up > 0) {  // the filters left items out: say how many, before the notes
    out.pop_back();
    out += fmt::format(", {} not backed up\n", s.not_backed_up);
  }
  if (s.shared_pvc_rows > 0) {  // so that the counts add up to the rows shown
    out.pop_back();
    out += fmt::format(", {} shared-pvc row{} (counted with the PVC's row)\n", s.shared_pvc_rows,
                       s.shared_pvc_rows == 1 ? "" : "s");
  }
  for (const plan_note n : plan.notes) out += fmt::format("note: {}\n", plan_note_text(n, plan));
  for (const std::string& n : ctx.cluster_notes) out += fmt::format("note: {}\n", n);
  if (!ctx.input_problems.empty()) {
    out += fmt::format("\n{} input problem(s):\n", ctx.input_problems.size());
    for (const diagnostic& d : ctx.input_problems) out += "  " + d.to_string() + "\n";
  }
  return out;
}

}  // namespace volpol::plan
