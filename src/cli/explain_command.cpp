// `volpol explain` (see explain_command.h).
#include "explain_command.h"

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <algorithm>

#include "output_format.h"
#include "phase_timings.h"
#include "volpol/cli/app.h"
#include "volpol/k8s/spelling.h"
#include "volpol/plan/explain_report.h"
#include "volpol/plan/html_report.h"

namespace volpol::cli {

namespace {

/// Does `selector` name record `r`? NS/PVC, NS/POD/VOLUME (the pod volume, or the claim it
/// mounts — through any pod that mounts it), pv/NAME. Every part must be non-empty.
bool selects(std::string_view selector, const plan::volume_record& r, const k8s::cluster& c) {
  if (selector.substr(0, 3) == "pv/") {
    const std::string_view name = selector.substr(3);
    return !name.empty() && name.find('/') == std::string_view::npos && r.pv_name == name;
  }
  const std::size_t first = selector.find('/');
  if (first == std::string_view::npos || first == 0) return false;
  const std::string_view ns = selector.substr(0, first);
  const std::string_view rest = selector.substr(first + 1);
  const std::size_t second = rest.find('/');
  if (second == std::string_view::npos) return !rest.empty() && r.pvc_namespace == ns && r.pvc_name == rest;
  const std::string_view pod = rest.substr(0, second), volume = rest.substr(second + 1);
  if (pod.empty() || volume.empty() || volume.find('/') != std::string_view::npos) return false;
  const std::string_view ns_of = r.pod_namespace.empty() ? r.pvc_namespace : r.pod_namespace;
  if (ns_of == ns && r.pod_name == pod && r.pod_volume == volume) return true;
  // Another pod mounting the record's claim (a shared PVC: one record, several pods).
  if (r.pvc_name.empty() || r.pvc_namespace != ns) return false;
  const k8s::pod* p = c.find_pod(ns, pod);
  const k8s::pod_volume* v = p ? p->find_volume(volume) : nullptr;
  return v != nullptr && v->sources.has(k8s::volume_source::persistent_volume_claim) &&
         v->sources.claim_name == r.pvc_name;
}

std::string closest_key(std::string_view selector, const plan::plan_result& p) {
  std::vector<std::string> keys;
  keys.reserve(p.volumes.size());
  for (const plan::volume_record& r : p.volumes) keys.push_back(plan::volume_key(r));
  return closest(selector, keys);
}

/// The records the selectors name (each once, in the plan's order per selector), all of them
/// with `all`. A selector that names none is reported on `err` (with the closest key) and sets
/// `unknown`.
std::vector<const plan::volume_record*> chosen_volumes(const explain_options& opt, const plan::plan_result& p,
                                                       const k8s::cluster& c, std::FILE* err, bool& unknown) {
  std::vector<const plan::volume_record*> chosen;
  if (opt.all) {
    for (const plan::volume_record& r : p.volumes) chosen.push_back(&r);
    return chosen;
  }
  // `explain mypvc -n myns` is `explain myns/mypvc`, as kubectl qualifies a bare name by -n;
  // so is `explain mypod/myvolume -n myns` (the default table's VOLUME) when it names nothing
  // as NS/PVC.
  const std::vector<std::string>& ns = opt.plan.include_namespaces;
  const bool one_namespace = ns.size() == 1 && ns[0].find_first_of("*?[") == std::string::npos;
  for (const std::string& given : opt.volumes) {
    std::vector<std::string> tries;
    const auto slashes = std::count(given.begin(), given.end(), '/');
    if (slashes > 0 || !one_namespace) tries.push_back(given);
    if (one_namespace && slashes <= 1 && given.rfind("pv/", 0) != 0) tries.push_back(ns[0] + "/" + given);
    const std::string& s = tries.back();
    bool found = false;
    for (const std::string& t : tries) {
      for (const plan::volume_record& r : p.volumes) {
        if (!selects(t, r, c)) continue;
        found = true;
        if (std::find(chosen.begin(), chosen.end(), &r) == chosen.end()) chosen.push_back(&r);
      }
      if (found) break;
    }
    if (found) continue;
    unknown = true;
    const std::string near = closest_key(s, p);
    const std::string shown = given.size() > 200 ? given.substr(0, 200) + "..." : given;
    std::string help = near.empty() ? std::string() : fmt::format("did you mean `{}`?", near);
    if (!ns.empty() && given.find('/') != std::string::npos && given.rfind("pv/", 0) != 0)
      help += (help.empty() ? "" : " ") +
              fmt::format("-n {} leaves other namespaces out of the plan", fmt::join(ns, ","));
    std::fprintf(err, "error: no volume `%s` in the plan\n%s", shown.c_str(),
                 help.empty() ? "" : fmt::format("  help: {}\n", help).c_str());
  }
  return chosen;
}

/// What `volpol explain` writes: the chosen volumes of a traced plan.
struct explain_output {
  const std::vector<const plan::volume_record*>& chosen;
  const plan::plan_result& plan;
  const plan::report_context& ctx;
};

/// `volpol explain -o`: the formats, the first the default.
constexpr format_writer<explain_output> explain_writers[] = {
    {output_format::text,
     [](const explain_output& o, std::FILE* out) { plan::write_explanations_text(o.chosen, o.plan, o.ctx, out); }},
    {output_format::json,
     [](const explain_output& o, std::FILE* out) { plan::write_explanations_json(o.chosen, o.plan, o.ctx, out); }},
    {output_format::yaml,
     [](const explain_output& o, std::FILE* out) { plan::write_explanations_yaml(o.chosen, o.plan, o.ctx, out); }},
    {output_format::html, [](const explain_output& o,
                             std::FILE* out) { plan::write_html(plan::explain_html(o.chosen, o.plan, o.ctx), out); }},
};

}  // namespace

CLI::App* setup_explain(CLI::App& app, explain_options& opt) {
  CLI::App* cmd = app.add_subcommand(
      "explain", "Explain why each chosen volume is backed up as it is: every step, policy and condition");
  add_plan_input_flags(cmd, opt.plan);
  opt.plan.command = "explain";
  cmd->add_option("VOLUME", opt.volumes, "Volumes: NS/PVC, NS/POD/VOLUME or pv/NAME (PVC or POD/VOLUME with -n NS)");
  cmd->add_flag("--all", opt.all, "Explain every volume of the plan");
  add_output_option(cmd, opt.plan.output, explain_writers);
  return cmd;
}

int run_explain(const explain_options& opt, std::FILE* out, std::FILE* err) {
  if (opt.all && !opt.volumes.empty()) {
    std::fputs("error: give VOLUME... or --all, not both\nsee `volpol explain --help`\n", err);
    return static_cast<int>(exit_code::invalid_usage);
  }
  if (!opt.all && opt.volumes.empty()) {
    std::fputs(
        "error: name the volumes to explain (NS/PVC, NS/POD/VOLUME, pv/NAME; PVC -n NS) or give --all\n"
        "see `volpol explain --help`\n",
        err);
    return static_cast<int>(exit_code::invalid_usage);
  }
  prepare_outcome prepared = prepare_plan(opt.plan, /*trace=*/true, err);
  if (!prepared.plan) return prepared.exit;
  const plan::plan_result& p = prepared.plan->result;
  const k8s::cluster& c = prepared.plan->loaded.objects;
  bool unknown = false;
  const std::vector<const plan::volume_record*> chosen = chosen_volumes(opt, p, c, err, unknown);
  // As `kubectl get a b` with b missing: what was found is printed, then the exit says not all was.
  if (unknown && chosen.empty()) return static_cast<int>(exit_code::invalid_usage);
  const phase_timing timing("output");  // VOLPOL_TIMINGS=1
  write_output(explain_writers, opt.plan.output, explain_output{chosen, p, prepared.plan->context}, out);
  if (unknown) return static_cast<int>(exit_code::invalid_usage);
  if (prepared.plan->unreadable_input) return static_cast<int>(exit_code::unreadable_input);
  // Exit 1 when an input could not be read or a volume explained has errors.
  bool errors = prepared.plan->input_errors;
  for (const plan::volume_record* r : chosen) errors = errors || r->error();
  return static_cast<int>(errors ? exit_code::input_errors : exit_code::ok);
}

}  // namespace volpol::cli
