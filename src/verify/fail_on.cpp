#include "volpol/detail/verify/fail_on.h"

#include <fmt/format.h>

#include "volpol/detail/verify/volume_outcome.h"
#include "volpol/plan/report.h"

namespace volpol::verify {

std::string_view to_string(gate g) {
  switch (g) {
    case gate::skipped: return "skipped";
    case gate::error: return "error";
    case gate::custom: return "custom";
    case gate::not_backed_up: return "not-backed-up";
  }
  return "skipped";
}

std::optional<gate> gate_from_string(std::string_view s) {
  for (gate g : {gate::skipped, gate::error, gate::custom, gate::not_backed_up})
    if (to_string(g) == s) return g;
  return std::nullopt;
}

namespace {

/// No backup of its own, and none through another pod: a second pod's row of a PVC that the
/// first pod's PodVolumeBackup covers is backed up.
bool skipped(const plan::volume_record& r) {
  return !r.error() && r.method == plan::backup_method::none &&
         r.decision.kind != plan::reason_kind::pvc_covered_by_pod;
}

}  // namespace

bool fails(gate g, const plan::volume_record& r) {
  switch (g) {
    case gate::skipped: return skipped(r);
    case gate::error: return r.error();
    case gate::custom: return !r.error() && r.method == plan::backup_method::custom;
    case gate::not_backed_up:
      // Skipped, failed, or never collected (a filter left the item out).
      return (!r.pvc_name.empty() || !r.pv_name.empty()) &&
             (r.error() || skipped(r) || r.method == plan::backup_method::not_backed_up);
  }
  return false;
}

std::vector<gate_failure> check_gates(const plan::plan_result& p, const std::vector<gate>& gates) {
  std::vector<gate_failure> out;
  for (const plan::volume_record& r : p.volumes)
    for (gate g : gates)
      if (fails(g, r)) {
        out.push_back({&r, g});
        break;
      }
  return out;
}

std::string render_gate_failures(const std::vector<gate_failure>& f, const std::vector<gate>& gates) {
  std::string names;
  for (gate g : gates) names += fmt::format("{}{}", names.empty() ? "" : ",", to_string(g));
  std::string out = fmt::format("--fail-on {}: {} volume{}\n", names, f.size(), f.size() == 1 ? "" : "s");
  for (const gate_failure& x : f) out += fmt::format("  {}: {}\n", to_string(x.failed), volume_title(*x.volume));
  return out;
}

}  // namespace volpol::verify
