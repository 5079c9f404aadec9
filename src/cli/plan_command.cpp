// `volpol plan` (see plan_command.h).
#include "plan_command.h"

#include <CLI/CLI.hpp>

#include "output_format.h"
#include "phase_timings.h"
#include "plan_gates.h"
#include "terminal.h"
#include "volpol/cli/app.h"
#include "volpol/plan/backup_volume_info.h"
#include "volpol/plan/html_report.h"
#include "volpol/plan/report.h"

namespace volpol::cli {

namespace {

/// What `volpol plan` writes: the plan, and the flags that shape the table.
struct plan_output {
  const prepared_plan& p;
  const plan_options& opt;
};

void write_plan_table(const plan_output& o, std::FILE* out) {
  plan::table_options table;
  table.wide = o.opt.output == name_of(output_format::wide);
  table.no_headers = o.opt.no_headers;
  table.color = use_color(o.opt.color, out);
  table.width = terminal_width(out);
  const std::string text = plan::render_table(o.p.result, o.p.context, table);
  write_text(text, out);
}

/// `volpol plan -o`: the formats, the first the default.
constexpr format_writer<plan_output> plan_writers[] = {
    {output_format::table, write_plan_table},
    {output_format::wide, write_plan_table},
    {output_format::json, [](const plan_output& o, std::FILE* out) { plan::write_json(o.p.result, o.p.context, out); }},
    {output_format::yaml, [](const plan_output& o, std::FILE* out) { plan::write_yaml(o.p.result, o.p.context, out); }},
    {output_format::volumeinfo,
     [](const plan_output& o, std::FILE* out) {
       plan::write_backup_volume_infos(plan::backup_volume_infos(o.p.result, o.p.loaded.objects), out);
     }},
    {output_format::html,
     [](const plan_output& o, std::FILE* out) { plan::write_html(plan::plan_html(o.p.result, o.p.context), out); }},
};

}  // namespace

CLI::App* setup_plan(CLI::App& app, plan_options& opt) {
  CLI::App* cmd = app.add_subcommand("plan", "Predict what a Velero backup will do with every volume, and why");
  add_plan_input_flags(cmd, opt);
  add_output_option(cmd, opt.output, plan_writers);
  cmd->add_flag("--no-headers", opt.no_headers, "Table rows only: no header row, summary or notes");
  add_color_flag(cmd, opt.color);
  add_fail_on(cmd, opt);
  return cmd;
}

int run_plan(const plan_options& opt, std::FILE* out, std::FILE* err) {
  // -o html: each volume's explanation one click away (a traced plan, as explain makes).
  prepare_outcome prepared = prepare_plan(opt, /*trace=*/opt.output == name_of(output_format::html), err);
  if (!prepared.plan) return prepared.exit;
  const prepared_plan& p = *prepared.plan;
  const phase_timing timing("output");
  write_output(plan_writers, opt.output, plan_output{p, opt}, out);
  if (p.unreadable_input) return static_cast<int>(exit_code::unreadable_input);
  // A backup that fails validation backs up nothing: an error even when no volume shows it.
  const bool errors = p.input_errors || p.result.summary.errors > 0 || !p.result.validation_errors.empty();
  return apply_fail_on(opt, p.result, err, static_cast<int>(errors ? exit_code::input_errors : exit_code::ok));
}

}  // namespace volpol::cli
