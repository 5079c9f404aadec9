// `volpol audit` (see audit_command.h).
#include "audit_command.h"

#include <CLI/CLI.hpp>

#include "output_format.h"
#include "readable_file.h"

#include "plan_inputs.h"
#include "volpol/verify/audit.h"

namespace volpol::cli {

namespace {

constexpr int exit_agree = 0;
constexpr int exit_differ = 1;
constexpr int exit_audit_error = 2;

/// What `volpol audit` writes: the findings of the audit of one volume info file.
struct audit_output {
  const verify::audit_result& audit;
  const std::string& volume_info;
};

/// `volpol audit -o`: the formats, the first the default.
constexpr format_writer<audit_output> audit_writers[] = {
    {output_format::text,
     [](const audit_output& o, std::FILE* out) { write_text(verify::render_audit_text(o.audit, o.volume_info), out); }},
    {output_format::json,
     [](const audit_output& o, std::FILE* out) { write_text(verify::render_audit_json(o.audit, o.volume_info), out); }},
};

}  // namespace

CLI::App* setup_audit(CLI::App& app, audit_options& opt) {
  CLI::App* cmd = app.add_subcommand("audit",
                                     "Compare a backup's volume info with the plan: did Velero do as planned?");
  cmd->add_option("VOLUMEINFO", opt.volume_info,
                  "<backup>-volumeinfo.json.gz (or .json, or a tar archive or folder holding one)")
      ->required();
  add_plan_input_flags(cmd, opt.plan);
  add_output_option(cmd, opt.output, audit_writers);
  return cmd;
}

int run_audit(const audit_options& opt, std::FILE* out, std::FILE* err) {
  if (!readable_file("", opt.volume_info, err)) return exit_unreadable;
  auto actual = verify::read_backup_volume_infos(opt.volume_info);
  if (const diagnostic* e = actual.error()) {  // not a volume info: an input that cannot be read (3)
    std::fprintf(err, "error: %s\n", e->to_string().c_str());
    return exit_unreadable;
  }
  prepare_outcome p = prepare_plan(opt.plan, /*trace=*/false, err);
  if (!p.plan) return p.exit == exit_unreadable ? exit_unreadable : exit_audit_error;
  const verify::audit_result a = verify::audit(p.plan->result, p.plan->loaded.objects, actual.value());
  write_output(audit_writers, opt.output, audit_output{a, opt.volume_info}, out);
  if (p.plan->input_errors) return exit_audit_error;
  return a.findings.empty() ? exit_agree : exit_differ;
}

}  // namespace volpol::cli
