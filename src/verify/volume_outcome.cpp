#include "volpol/detail/verify/volume_outcome.h"

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>

#include "volpol/detail/plan/reason_text.h"
#include "volpol/helper/decision.h"
#include "volpol/plan/explain_report.h"
#include "volpol/plan/report.h"

namespace volpol::verify {

std::string policy_name(const plan::volume_record& r) {
  return r.policy == nullptr ? std::string() : helper::policy_label(*r.policy);
}

volume_outcome outcome_of(const plan::volume_record& r) {
  volume_outcome o;
  o.method = std::string(plan::method_label(r));
  o.policy = policy_name(r);
  o.snapshot_class = r.snapshot_class();
  o.data_mover = r.data_mover();
  o.reason_kind = std::string(plan::to_string(r.decision.kind));
  return o;
}

std::string volume_key_of(std::string_view pvc_namespace, std::string_view pvc_name, std::string_view pv_name,
                          std::string_view pod_namespace, std::string_view pod_name, std::string_view pod_volume) {
  // The order of plan::volume_key.
  if (!pvc_name.empty()) return fmt::format("{}/{}", pvc_namespace, pvc_name);
  if (!pod_name.empty()) return fmt::format("{}/{}/{}", pod_namespace, pod_name, pod_volume);
  return fmt::format("pv/{}", pv_name);
}

std::string volume_title(const plan::volume_record& r) {
  const std::string_view ns = r.pvc_namespace.empty() ? r.pod_namespace : r.pvc_namespace;
  std::string out;
  if (!ns.empty()) out = fmt::format("{} ", ns);
  std::string extra;
  if (!r.pod_name.empty()) {
    out += fmt::format("{}/{}", r.pod_name, r.pod_volume);
    if (!r.pvc_name.empty()) extra = fmt::format("PVC {}", r.pvc_name);
  } else if (!r.pvc_name.empty()) {
    out += fmt::format("PVC {}", r.pvc_name);
  } else {
    out += fmt::format("PV {}", r.pv_name);
  }
  if (!r.pv_name.empty() && !(r.pod_name.empty() && r.pvc_name.empty()))
    extra += fmt::format("{}PV {}", extra.empty() ? "" : ", ", r.pv_name);
  if (!extra.empty()) out += fmt::format(" ({})", extra);
  return out;
}

std::string explanation(const plan::volume_record& r, const plan::plan_result& plan) {
  std::string out = plan::reason_text(r, plan);
  // An undecided volume's reason already is its error; a decided one gets its errors appended.
  if (r.error() && r.decision.kind != plan::reason_kind::error) out += "; error: " + plan::error_messages(r);
  return out;
}

std::string explain_text(const plan::volume_record& r, const plan::plan_result& plan, std::string_view indent) {
  char* buf = nullptr;
  std::size_t len = 0;
  std::FILE* mem = open_memstream(&buf, &len);
  if (mem == nullptr) return {};
  plan::write_explanations_text({&r}, plan, plan::report_context{}, mem);
  std::fclose(mem);
  std::string text(buf, len);
  std::free(buf);
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string_view line(text.data() + start, end - start);
    // The plan's notes are the same for every volume: the caller prints them once, if at all.
    if (line.substr(0, 6) != "note: ") {
      if (!line.empty()) out.append(indent).append(line);
      out += '\n';
    }
    start = end + 1;
  }
  while (out.size() >= 2 && out[out.size() - 1] == '\n' && out[out.size() - 2] == '\n') out.pop_back();
  return out;
}

}  // namespace volpol::verify
