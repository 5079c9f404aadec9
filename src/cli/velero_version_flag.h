// src/cli/velero_version_flag.h — internal: `--velero-version`, the Velero release every
// command predicts for (core/velero_version.h). An unknown name is a usage error (exit 2) that
// lists the known ones.
#pragma once

#include <optional>
#include <string>

#include "volpol/core/velero_version.h"

namespace CLI {
class App;
}

namespace volpol::cli {

/// Declares `--velero-version NAME` on `cmd`, written to `into` ("" = not given).
/// `reads_cluster`: the command reads objects, where the Velero Deployment names the release
/// when the flag does not (the help says so); else the default is main.
void add_velero_version_flag(CLI::App* cmd, std::string& into, bool reads_cluster = false);

/// The release named by the flag's text; nullopt when not given. The flag was checked at parse
/// time, so the text is "" or a known name.
[[nodiscard]] std::optional<velero_version> velero_version_of_flag(const std::string& text);

}  // namespace volpol::cli
