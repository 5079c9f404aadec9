// `volpol diff` (see diff_command.h).
#include "diff_command.h"

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "output_format.h"
#include "readable_file.h"
#include "terminal.h"

#include "plan_settings.h"
#include "volpol/verify/plan_diff.h"

namespace volpol::cli {

namespace {

constexpr int exit_no_change = 0;
constexpr int exit_changes = 1;
constexpr int exit_diff_error = 2;

/// The value for side `side` (0 = A, 1 = B) of an option given once (both) or twice.
std::string pick(const std::vector<std::string>& v, int side) {
  if (v.empty()) return {};
  return v.size() == 1 ? v.front() : v[static_cast<std::size_t>(side)];
}

/// What `volpol diff` writes: the differences of the two plans.
struct diff_output {
  const verify::plan_diff& diff;
  const verify::diff_labels& labels;
  const diff_options& opt;
};

/// `volpol diff -o`: the formats, the first the default.
constexpr format_writer<diff_output> diff_writers[] = {
    {output_format::text,
     [](const diff_output& o, std::FILE* out) {
       static constexpr color_rule sides[] = {{"  only in A:", 2, 9, color::red, true},
                                              {"  only in B:", 2, 9, color::green, true},
                                              {"  A: ", 2, 1, color::red, true},
                                              {"  B: ", 2, 1, color::green, true}};
       write_colorized(verify::render_diff_text(o.diff, o.labels), sides, o.opt.color, out);
     }},
    {output_format::json,
     [](const diff_output& o, std::FILE* out) { write_text(verify::render_diff_json(o.diff, o.labels), out); }},
};

}  // namespace

CLI::App* setup_diff(CLI::App& app, diff_options& opt) {
  CLI::App* cmd = app.add_subcommand("diff", "Compare two plans: two policies, two cluster dumps or two option sets");
  cmd->add_option("--policy", opt.policies, "Resource policy; give it twice for A and B");
  cmd->add_option("--global-policy", opt.global_policies, "Global volume policy; give it twice for A and B");
  cmd->add_option("--backup", opt.backups, "Backup options from a Velero Backup object; twice for A and B");
  cmd->add_option("-f,--filename", opt.common.inputs, "Cluster objects for both sides")->delimiter(',');
  cmd->add_option("--a-filename", opt.inputs_a, "Cluster objects for side A only (then)")->delimiter(',');
  cmd->add_option("--b-filename", opt.inputs_b, "Cluster objects for side B only (now)")->delimiter(',');
  cmd->add_option("--a-set", opt.set_a, "KEY=VALUE: a plan flag for side A only (snapshot-move-data=true ...)");
  cmd->add_option("--b-set", opt.set_b, "KEY=VALUE: a plan flag for side B only");
  add_backup_flags(cmd, opt.common);
  add_output_option(cmd, opt.output, diff_writers);
  add_color_flag(cmd, opt.color);
  return cmd;
}

int run_diff(const diff_options& opt, std::FILE* out, std::FILE* err) {
  if (opt.policies.size() > 2 || opt.global_policies.size() > 2 || opt.backups.size() > 2) {
    std::fputs(
        "error: --policy, --global-policy and --backup take one value (both sides) or two (A, B)\n"
        "see `volpol diff --help`\n",
        err);
    return exit_diff_error;
  }
  for (const std::string& f : opt.policies)
    if (!readable_file("--policy", f, err)) return exit_unreadable;
  for (const std::string& f : opt.global_policies)
    if (!readable_file("--global-policy", f, err)) return exit_unreadable;
  plan_options sides[2] = {opt.common, opt.common};
  std::unique_ptr<prepared_plan> plans[2];
  std::string labels[2];
  bool input_errors = false;
  for (int i = 0; i < 2; ++i) {
    plan_options& o = sides[i];
    o.policy_file = pick(opt.policies, i);
    o.global_policy_file = pick(opt.global_policies, i);
    o.backup_file = pick(opt.backups, i);
    const auto& extra = i == 0 ? opt.inputs_a : opt.inputs_b;
    o.inputs.insert(o.inputs.end(), extra.begin(), extra.end());
    if (auto r = apply_settings(i == 0 ? opt.set_a : opt.set_b, o); !r) {
      std::fprintf(err, "error: --%c-set: %s\n", i == 0 ? 'a' : 'b', r.error()->to_string().c_str());
      return exit_diff_error;
    }
    if (o.inputs.empty()) {
      std::fprintf(err, "error: side %c has no cluster objects\n  help: give -f (both sides) or --%c-filename\n",
                   i == 0 ? 'A' : 'B', i == 0 ? 'a' : 'b');
      return exit_diff_error;
    }
    labels[i] = describe_inputs(o);
    prepare_outcome p = prepare_plan(o, /*trace=*/false, err);
    if (!p.plan) {
      std::fprintf(err, "error: side %c (%s) cannot be planned\n", i == 0 ? 'A' : 'B', labels[i].c_str());
      return p.exit == exit_unreadable ? exit_unreadable : exit_diff_error;
    }
    input_errors = input_errors || p.plan->input_errors;
    plans[i] = std::move(p.plan);
  }
  const verify::plan_diff d = verify::diff_plans(plans[0]->result, plans[1]->result);
  const verify::diff_labels l{labels[0], labels[1], std::string(to_string(plans[0]->result.server.velero.version)),
                              std::string(to_string(plans[1]->result.server.velero.version))};
  write_output(diff_writers, opt.output, diff_output{d, l, opt}, out);
  if (input_errors) return exit_diff_error;
  return d.empty() ? exit_no_change : exit_changes;
}

}  // namespace volpol::cli
