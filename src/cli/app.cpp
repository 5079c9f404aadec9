#include "volpol/cli/app.h"

#include <CLI/CLI.hpp>

namespace volpol::cli {

int run(const std::vector<std::string>& args, std::FILE* out, std::FILE* err) {
  CLI::App app{"volpol: predict what a Velero backup does with every volume", "volpol"};
  app.require_subcommand(1);
  std::vector<std::string> rev(args.rbegin(), args.rend());
  try {
    app.parse(rev);
  } catch (const CLI::ParseError& e) {
    std::fputs(e.get_exit_code() == 0 ? app.help().c_str() : (e.what() + std::string("\n")).c_str(),
               e.get_exit_code() == 0 ? out : err);
    return e.get_exit_code() == 0 ? 0 : static_cast<int>(exit_code::invalid_usage);
  }
  return 0;
}

}  // namespace volpol::cli
