#include "plan_gates.h"

#include <CLI/CLI.hpp>

#include "choice_option.h"
#include "volpol/cli/app.h"
#include "volpol/detail/verify/fail_on.h"

namespace volpol::cli {

void add_fail_on(CLI::App* cmd, plan_options& opt) {
  add_choice_option(cmd, "--fail-on", opt.fail_on, {"skipped", "error", "custom", "not-backed-up"},
                    "Exit 1 when any volume ends so: skipped, error, custom, not-backed-up")
      ->delimiter(',')
      ->type_name("LIST");
}

int apply_fail_on(const plan_options& opt, const plan::plan_result& p, std::FILE* err, int exit) {
  if (opt.fail_on.empty()) return exit;
  std::vector<verify::gate> gates;
  for (const std::string& s : opt.fail_on)
    if (auto g = verify::gate_from_string(s)) gates.push_back(*g);
  const std::vector<verify::gate_failure> failed = verify::check_gates(p, gates);
  if (failed.empty()) return exit;
  const std::string text = verify::render_gate_failures(failed, gates);
  std::fwrite(text.data(), 1, text.size(), err);
  return exit == static_cast<int>(exit_code::ok) ? static_cast<int>(exit_code::input_errors) : exit;
}

}  // namespace volpol::cli
