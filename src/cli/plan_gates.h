// plan_gates.h (private to the cli layer) — `volpol plan --fail-on`: the option and its effect on the exit code.
#pragma once

#include <cstdio>

#include "plan_command.h"
#include "volpol/plan/planner.h"

namespace CLI {
class App;
}

namespace volpol::cli {

/// Declares `--fail-on LIST` (skipped, error, custom, not-backed-up) on `cmd`.
void add_fail_on(CLI::App* cmd, plan_options& opt);

/// When some volume fails a gate of opt.fail_on: lists them on `err` and returns 1 (unless
/// `exit` is already worse); otherwise returns `exit`.
[[nodiscard]] int apply_fail_on(const plan_options& opt, const plan::plan_result& p, std::FILE* err, int exit);

}  // namespace volpol::cli
