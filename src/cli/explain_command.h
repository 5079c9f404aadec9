// explain_command.h (private to the cli layer) — `volpol explain`: why each chosen volume ends as it does.
//
//     volpol explain [plan flags] (--all | VOLUME...) [-o text|json|yaml]
//
// VOLUME is `NS/PVC`, `NS/POD/VOLUME` (a pod volume, or the claim it mounts) or `pv/NAME`.
// For each: every step of the backup (named after the Velero function), every volume policy
// with each condition's verdict, the deciding step, near misses, and what would change the
// outcome. Exit codes as `plan`, and 2 when a VOLUME names nothing in the plan.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "plan_inputs.h"

namespace CLI {
class App;
}

namespace volpol::cli {

struct explain_options {
  plan_options plan;
  std::vector<std::string> volumes;  ///< NS/PVC, NS/POD/VOLUME, pv/NAME
  bool all = false;
};

CLI::App* setup_explain(CLI::App& app, explain_options& opt);
int run_explain(const explain_options& opt, std::FILE* out, std::FILE* err);

}  // namespace volpol::cli
