// volpol/cli/backup_flags.h — the backup and server options of `volpol plan`, for the other
// commands that plan (`diff`, `audit`): the same flags, the same meaning, the same checks.
//
//     --snapshot-volumes[=true|false] --default-volumes-to-fs-backup[=...] --snapshot-move-data[=...]
//     --data-mover NAME --include-namespaces/--exclude-namespaces LIST
//     --include-resources/--exclude-resources LIST --include-cluster-resources[=...]
//     --features LIST --volume-snapshot-locations NAME=PROVIDER,...
#pragma once

#include <string>
#include <vector>

#include "volpol/cli/plan_command.h"
#include "volpol/k8s/diagnostic.h"
#include "volpol/plan/backup_options.h"
#include "volpol/verify/scenario.h"

namespace CLI {
class App;
}

namespace volpol::cli {

/// Declares the flags above on `cmd`, filling `opt` (the fields `plan` uses for them).
void add_backup_flags(CLI::App* cmd, plan_options& opt);

/// The backup's options: `--backup FILE` (a Backup object) when given, then the flags over it.
/// @return the options, or an error naming the flag or file.
[[nodiscard]] result<plan::backup_options> backup_from_flags(const plan_options& opt);
/// The server's options (--features, --volume-snapshot-locations).
[[nodiscard]] result<plan::server_options> server_from_flags(const plan_options& opt);

/// Applies `KEY=VALUE` settings (KEY a flag above without `--`, or `backup`, `policy`,
/// `global-policy`) to `opt`, as if the flags were given after the others.
///     apply_settings({"snapshot-move-data=true", "data-mover=velero"}, opt)
/// @return an error naming the setting that is unknown or invalid.
[[nodiscard]] result<void> apply_settings(const std::vector<std::string>& settings, plan_options& opt);

/// The plan inputs `opt` names: policy, global policy, -f paths, backup and server options.
/// @return the inputs, or an error for an invalid flag value or unreadable --backup.
[[nodiscard]] result<verify::scenario> scenario_from(const plan_options& opt);

/// `--policy P --global-policy G -f PATH ... --snapshot-move-data=true ...`: the inputs as
/// command-line text, for headers.
[[nodiscard]] std::string describe_inputs(const plan_options& opt);

}  // namespace volpol::cli
