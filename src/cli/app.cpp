// `volpol` command line: wires the subcommands (one file each) to CLI11.
#include "volpol/cli/app.h"

#include <CLI/CLI.hpp>

#include "volpol/cli/audit_command.h"
#include "volpol/cli/diff_command.h"
#include "volpol/cli/explain_command.h"
#include "volpol/cli/plan_command.h"
#include "volpol/cli/test_command.h"
#include "volpol/cli/validate_command.h"

namespace volpol::cli {

int run(const std::vector<std::string>& args, std::FILE* out, std::FILE* err) {
  CLI::App app{"volpol: predict what a Velero backup does with every volume", "volpol"};
  app.require_subcommand(1);
  validate_options validate;
  CLI::App* validate_cmd = setup_validate(app, validate);
  plan_options plan;
  CLI::App* plan_cmd = setup_plan(app, plan);
  explain_options explain;
  CLI::App* explain_cmd = setup_explain(app, explain);
  test_options test;
  CLI::App* test_cmd = setup_test(app, test);
  diff_options diff;
  CLI::App* diff_cmd = setup_diff(app, diff);
  audit_options audit;
  CLI::App* audit_cmd = setup_audit(app, audit);
  std::vector<std::string> rev(args.rbegin(), args.rend());
  try {
    app.parse(rev);
  } catch (const CLI::ParseError& e) {
    const bool help = e.get_exit_code() == 0;
    std::fputs(help ? app.help().c_str() : (e.what() + std::string("\n")).c_str(), help ? out : err);
    return help ? static_cast<int>(exit_code::ok) : static_cast<int>(exit_code::invalid_usage);
  }
  if (validate_cmd->parsed()) return run_validate(validate, out, err);
  if (plan_cmd->parsed()) return run_plan(plan, out, err);
  if (explain_cmd->parsed()) return run_explain(explain, out, err);
  if (test_cmd->parsed()) return run_test_command(test, out, err);
  if (diff_cmd->parsed()) return run_diff(diff, out, err);
  if (audit_cmd->parsed()) return run_audit(audit, out, err);
  return static_cast<int>(exit_code::invalid_usage);
}

}  // namespace volpol::cli
