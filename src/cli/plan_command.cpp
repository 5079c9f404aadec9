// `volpol plan` (see plan_command.h).
#include "plan_command.h"

#include <CLI/CLI.hpp>

#include "output_format.h"
#include "phase_timings.h"
#include "terminal.h"
#include "volpol/cli/app.h"
#include "plan_gates.h"
#include "volpol/plan/backup_volume_info.h"
#include "volpol/plan/html_report.h"
#include "volpol/plan/report.h"

namespace volpol::cli {

CLI::App* setup_plan(CLI::App& app, plan_options& opt) {
  CLI::App* cmd = app.add_subcommand("plan", "Predict what a Velero backup will do with every volume, and why");
  add_plan_input_flags(cmd, opt);
  add_output_option(cmd, opt.output,
                    {output_format::table, output_format::wide, output_format::json, output_format::yaml,
                     output_format::volumeinfo, output_format::html});
  cmd->add_flag("--no-headers", opt.no_headers, "Table rows only: no header row, summary or notes");
  add_color_flag(cmd, opt.color);
  add_fail_on(cmd, opt);
  return cmd;
}

int run_plan(const plan_options& opt, std::FILE* out, std::FILE* err) {
  // -o html: each volume's explanation one click away (a traced plan, as explain makes).
  prepare_outcome prepared = prepare_plan(opt, /*trace=*/opt.output == "html", err);
  if (!prepared.plan) return prepared.exit;
  const prepared_plan& p = *prepared.plan;
  const phase_timing timing("output");
  if (opt.output == "volumeinfo") {
    plan::write_backup_volume_infos(plan::backup_volume_infos(p.result, p.loaded.objects), out);
  } else if (opt.output == "html") {
    plan::write_html(plan::plan_html(p.result, p.context), out);
  } else if (opt.output == "json") {
    plan::write_json(p.result, p.context, out);
  } else if (opt.output == "yaml") {
    plan::write_yaml(p.result, p.context, out);
  } else {
    plan::table_options table;
    table.wide = opt.output == "wide";
    table.no_headers = opt.no_headers;
    table.color = use_color(opt.color, out);
    table.width = terminal_width(out);
    const std::string text = plan::render_table(p.result, p.context, table);
    std::fwrite(text.data(), 1, text.size(), out);
  }
  if (p.unreadable_input) return static_cast<int>(exit_code::unreadable_input);
  // A backup that fails validation backs up nothing: an error even when no volume shows it.
  const bool errors = p.input_errors || p.result.summary.errors > 0 || !p.result.validation_errors.empty();
  return apply_fail_on(opt, p.result, err, static_cast<int>(errors ? exit_code::input_errors : exit_code::ok));
}

}  // namespace volpol::cli
