// `volpol` command line: wires the subcommands (one file each) to CLI11.
#include "volpol/cli/app.h"

#include <CLI/CLI.hpp>

#include "volpol/cli/explain_command.h"
#include "volpol/cli/lint_command.h"
#include "volpol/cli/plan_command.h"
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
  lint_options lint;
  CLI::App* lint_cmd = setup_lint(app, lint);
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
  if (lint_cmd->parsed()) return run_lint(lint, out, err);
  return static_cast<int>(exit_code::invalid_usage);
}

}  // namespace volpol::cli
