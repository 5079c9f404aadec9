// `volpol explain` (see explain_command.h).
#include "volpol/cli/explain_command.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>

#include "volpol/cli/app.h"
#include "volpol/plan/explain_report.h"

namespace volpol::cli {

namespace {

/// Does `selector` name record `r`? NS/PVC, NS/POD/VOLUME (the pod volume or its claim), pv/NAME.
bool selects(std::string_view selector, const plan::volume_record& r) {
  if (selector.substr(0, 3) == "pv/") return r.pv_name == selector.substr(3);
  const std::size_t first = selector.find('/');
  if (first == std::string_view::npos) return false;
  const std::string_view ns = selector.substr(0, first);
  const std::string_view rest = selector.substr(first + 1);
  const std::size_t second = rest.find('/');
  if (second == std::string_view::npos) return r.pvc_namespace == ns && r.pvc_name == rest;
  const std::string_view ns_of = r.pod_namespace.empty() ? r.pvc_namespace : r.pod_namespace;
  return ns_of == ns && r.pod_name == rest.substr(0, second) && r.pod_volume == rest.substr(second + 1);
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

std::string closest_key(std::string_view selector, const plan::plan_result& p) {
  std::string best;
  std::size_t best_d = selector.size() / 2 + 1;
  for (const plan::volume_record& r : p.volumes) {
    const std::string key = plan::volume_key(r);
    const std::size_t d = edit_distance(selector, key);
    if (d < best_d) {
      best_d = d;
      best = key;
    }
  }
  return best;
}

}  // namespace

CLI::App* setup_explain(CLI::App& app, explain_options& opt) {
  CLI::App* cmd = app.add_subcommand(
      "explain", "Explain why each chosen volume is backed up as it is: every step, policy and condition");
  add_plan_input_flags(cmd, opt.plan);
  cmd->add_option("VOLUME", opt.volumes, "Volumes: NS/PVC, NS/POD/VOLUME or pv/NAME");
  cmd->add_flag("--all", opt.all, "Explain every volume of the plan");
  cmd->add_option("-o,--output", opt.plan.output, "Output format")
      ->check(CLI::IsMember({"text", "json", "yaml"}))
      ->default_str("text");
  return cmd;
}

int run_explain(const explain_options& opt, std::FILE* out, std::FILE* err) {
  if (opt.all == !opt.volumes.empty()) {
    std::fputs("volpol explain: name the volumes to explain (NS/PVC, NS/POD/VOLUME, pv/NAME) or give --all\n", err);
    return static_cast<int>(exit_code::invalid_usage);
  }
  prepare_outcome prepared = prepare_plan(opt.plan, /*trace=*/true, err);
  if (!prepared.plan) return prepared.exit;
  const plan::plan_result& p = prepared.plan->result;
  std::vector<const plan::volume_record*> chosen;
  bool unknown = false;
  if (opt.all) {
    for (const plan::volume_record& r : p.volumes) chosen.push_back(&r);
  } else {
    for (const std::string& s : opt.volumes) {
      const std::size_t before = chosen.size();
      for (const plan::volume_record& r : p.volumes)
        if (selects(s, r) && std::find(chosen.begin(), chosen.end(), &r) == chosen.end()) chosen.push_back(&r);
      if (chosen.size() > before) continue;
      unknown = true;
      const std::string near = closest_key(s, p);
      std::fprintf(err, "volpol explain: no volume `%s` in the plan%s\n", s.c_str(),
                   near.empty() ? "" : fmt::format("; did you mean `{}`?", near).c_str());
    }
  }
  if (unknown) return static_cast<int>(exit_code::invalid_usage);
  const std::string& format = opt.plan.output;
  if (format == "json") plan::write_explanations_json(chosen, p, out);
  else if (format == "yaml") plan::write_explanations_yaml(chosen, p, out);
  else plan::write_explanations_text(chosen, p, out);
  const bool errors = prepared.plan->input_errors || p.summary.errors > 0;
  return static_cast<int>(errors ? exit_code::input_errors : exit_code::ok);
}

}  // namespace volpol::cli
