// plan_settings.h (private to the cli layer) — plan inputs per side (`volpol diff`): `KEY=VALUE` settings
// (`--a-set / --b-set`) and the inputs spelled as command-line text for headers.
#pragma once

#include <string>
#include <vector>

#include "plan_inputs.h"
#include "volpol/core/result.h"

namespace volpol::cli {

/// Applies `KEY=VALUE` settings (KEY a backup or server flag of `plan` without `--`, or
/// `backup`, `policy`, `global-policy`) to `opt`, as if the flags were given after the others.
///     apply_settings({"snapshot-move-data=true", "data-mover=velero"}, opt)
/// @return an error naming the setting that is unknown or invalid.
[[nodiscard]] result<void> apply_settings(const std::vector<std::string>& settings, plan_options& opt);

/// `--policy P --global-policy G -f PATH ... --snapshot-move-data=true ...`: the inputs as
/// command-line text, for headers.
[[nodiscard]] std::string describe_inputs(const plan_options& opt);

}  // namespace volpol::cli
