// diff_command.h (private to the cli layer) — `volpol diff`: two plans side by side, only the volumes whose
// method, deciding policy, snapshot class or data mover changes, with both explanations.
//
//     volpol diff --policy A.yaml --policy B.yaml -f cluster/            # two policies
//     volpol diff --policy P.yaml --a-filename then/ --b-filename now/   # two cluster dumps
//     volpol diff --policy P.yaml -f cluster/ --b-set snapshot-move-data=true   # two option sets
//
// Side A and side B share every input given once (--policy, --global-policy, --backup, -f, the
// backup flags of `plan`); --policy, --global-policy and --backup given twice mean A then B;
// --a-filename / --b-filename add cluster objects to one side only; --a-set / --b-set KEY=VALUE
// set a `plan` flag (or `policy`, `global-policy`, `backup`) for one side only.
// Exit codes: 0 no volume changes; 1 some change (a CI gate); 2 an error (bad usage, an invalid
// policy, cluster objects that could not be read).
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "plan_inputs.h"

namespace CLI {
class App;
}

namespace volpol::cli {

struct diff_options {
  plan_options common;                                          ///< the backup flags and -f, for both sides
  std::vector<std::string> policies, global_policies, backups;  ///< 1 = both sides, 2 = A then B
  std::vector<std::string> inputs_a, inputs_b;                  ///< --a-filename, --b-filename
  std::vector<std::string> set_a, set_b;                        ///< --a-set, --b-set KEY=VALUE
  std::string output = "text";
  std::string color = "auto";  ///< --color: auto, always, never (the text output)
};

CLI::App* setup_diff(CLI::App& app, diff_options& opt);
int run_diff(const diff_options& opt, std::FILE* out, std::FILE* err);

}  // namespace volpol::cli
