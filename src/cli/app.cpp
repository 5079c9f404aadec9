#include "volpol/cli/app.h"

#include <CLI/CLI.hpp>

#include "volpol/cli/plan_command.h"

namespace volpol::cli {

int run(const std::vector<std::string>& args, std::FILE* out, std::FILE* err) {
  CLI::App app{"volpol: predict what a Velero backup does with every volume, and why", "volpol"};
  app.require_subcommand(1);
  plan_options plan_opt;
  CLI::App* plan_cmd = setup_plan(app, plan_opt);

  std::vector<std::string> rev(args.rbegin(), args.rend());
  try {
    app.parse(rev);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) {
      const CLI::App* sub = app.get_subcommands().empty() ? &app : app.get_subcommands().front();
      std::fputs(sub->help().c_str(), out);
      return 0;
    }
    std::fprintf(err, "error: %s\nRun 'volpol --help' for usage.\n", e.what());
    return static_cast<int>(exit_code::invalid_usage);
  }
  if (plan_cmd->parsed()) return run_plan(plan_opt, out, err);
  return 0;
}

}  // namespace volpol::cli
