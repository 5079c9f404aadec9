#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>

#include "volpol/detail/plan/reason_text.h"
#include "volpol/helper/decision.h"
#include "volpol/plan/report.h"

#include "text_columns.h"

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

std::string or_dash(std::string_view s) { return s.empty() ? std::string("-") : std::string(s); }

/// The columns of the table: the default five fit 120 columns for names of ordinary length;
/// -o wide adds the objects, the classes and the data mover.
enum class column : std::uint8_t {
  ns,
  volume,
  pod_volume,
  pvc,
  pv,
  storage_class,
  method,
  snapshot_class,
  data_mover,
  policy,
  reason
};

struct column_spec {
  column id;
  const char* header;
  bool in_default;
};

// One table: the order is the order printed.
constexpr column_spec column_table[] = {
    {column::ns, "NAMESPACE", true},
    {column::volume, "VOLUME", true},
    {column::pod_volume, "POD/VOLUME", false},
    {column::pvc, "PVC", false},
    {column::pv, "PV", false},
    {column::storage_class, "STORAGECLASS", false},
    {column::method, "METHOD", true},
    {column::snapshot_class, "SNAPSHOTCLASS", false},
    {column::data_mover, "DATAMOVER", false},
    {column::policy, "POLICY", true},
    {column::reason, "REASON", true},
};

/// The default table's VOLUME: what `volpol explain VOLUME -n NAMESPACE` takes (the PVC, a pod
/// volume as POD/VOLUME, pv/NAME), as volume_key names it without the namespace.
std::string short_volume(const volume_record& r) {
  if (!r.pvc_name.empty() && r.decision.kind != reason_kind::pvc_covered_by_pod) return std::string(r.pvc_name);
  if (!r.pod_name.empty()) return fmt::format("{}/{}", r.pod_name, r.pod_volume);
  return fmt::format("pv/{}", r.pv_name);
}

std::string cell(column c, const volume_record& r, const plan_result& plan) {
  switch (c) {
    case column::ns: return or_dash(r.pvc_namespace.empty() ? r.pod_namespace : r.pvc_namespace);
    case column::volume: return short_volume(r);
    case column::pod_volume:
      return r.pod_name.empty() ? std::string("-") : fmt::format("{}/{}", r.pod_name, r.pod_volume);
    case column::pvc: return or_dash(r.pvc_name);
    case column::pv: return or_dash(r.pv_name);
    case column::storage_class: return or_dash(r.storage_class);
    case column::method: return std::string(method_label(r));
    case column::snapshot_class: return or_dash(r.snapshot_class());
    case column::data_mover: return or_dash(r.data_mover());
    case column::policy: return or_dash(policy_label(r));
    case column::reason: {
      std::string reason = reason_text(r, plan);
      if (r.error() && r.decision.kind != reason_kind::error)
        reason = "error: " + error_messages(r) + (reason.empty() ? "" : "; " + reason);
      return reason;
    }
  }
  return "-";
}

/// ANSI colour of a METHOD cell: backed up green (snapshots) or cyan (file copies), left out
/// yellow, errors red, plugins magenta.
std::string_view method_color(std::string_view method) {
  if (method == "error") return "\x1b[31m";
  if (method == "skipped" || method == "not-backed-up") return "\x1b[33m";
  if (method == "fs-backup") return "\x1b[36m";
  if (method == "custom") return "\x1b[35m";
  if (method == "shared-pvc") return "";
  return "\x1b[32m";
}

using detail::display_width;

/// `s` cut to `width` columns, the last one "…" when anything was cut.
std::string ellipsised(std::string s, std::size_t width) {
  if (display_width(s) <= width) return s;
  if (width == 0) return std::string();
  std::size_t cols = 0, i = 0;
  while (i < s.size() && cols + 1 < width) {
    ++i;
    while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) ++i;
    ++cols;
  }
  s.resize(i);
  return s + "\u2026";
}

}  // namespace

std::string render_table(const plan_result& plan, const report_context& ctx, const table_options& opt) {
  std::vector<column> shown_columns;
  for (const column_spec& c : column_table)
    if (c.in_default || opt.wide) shown_columns.push_back(c.id);
  const std::size_t columns = shown_columns.size();
  using row = std::vector<std::string>;
  std::vector<row> rows;
  rows.reserve(plan.volumes.size() + 1);
  if (!opt.no_headers) {
    row header;
    for (const column_spec& c : column_table)
      if (c.in_default || opt.wide) header.emplace_back(c.header);
    rows.push_back(std::move(header));
  }
  for (const volume_record& r : plan.volumes) {
    row out;
    out.reserve(columns);
    // Names and reasons come from the inputs: control bytes (an ESC, a newline in a block
    // scalar) are escaped as in messages, so they never reach a terminal raw or split a row.
    for (const column c : shown_columns) out.push_back(escape_text(cell(c, r, plan)));
    rows.push_back(std::move(out));
  }
  constexpr std::size_t max_width = detail::max_column_width;  // text_columns.h
  std::vector<std::size_t> width(columns, 0);
  for (const row& r : rows)
    for (std::size_t i = 0; i + 1 < columns; ++i)
      width[i] = std::max(width[i], std::min(display_width(r[i]), max_width));
  std::size_t before_reason = 0;
  for (std::size_t i = 0; i + 1 < columns; ++i) before_reason += width[i] + 2;
  const std::size_t method_index = static_cast<std::size_t>(
      std::find(shown_columns.begin(), shown_columns.end(), column::method) - shown_columns.begin());
  std::string out;
  for (std::size_t n = 0; n < rows.size(); ++n) {
    const row& r = rows[n];
    const bool header = !opt.no_headers && n == 0;
    for (std::size_t i = 0; i + 1 < columns; ++i) {
      const std::size_t pad = width[i] > display_width(r[i]) ? width[i] - display_width(r[i]) : 0;
      const std::string_view color = opt.color && !header && i == method_index ? method_color(r[i]) : "";
      out += color;
      out += r[i];
      if (!color.empty()) out += "\x1b[0m";
      out.append(pad + 2, ' ');
    }
    // On a terminal the reason is cut to its width (the whole text is in -o wide, json, yaml
    // and explain); on a pipe it is never cut.
    // The header is never cut, nor a reason with less than min_reason columns left (a
    // narrow terminal wraps the row instead of showing "…").
    constexpr std::size_t min_reason = 24;
    if (opt.width > 0 && !opt.wide && !header && opt.width >= before_reason + min_reason)
      out += ellipsised(r[columns - 1], opt.width - before_reason);
    else out += r[columns - 1];
    while (!out.empty() && out.back() == ' ') out.pop_back();
    out += '\n';
  }
  if (opt.no_headers) return out;  // rows only, as kubectl's --no-headers (the summary is in -o json)
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
