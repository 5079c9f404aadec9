// `--velero-version` (velero_version_flag.h).
#include "velero_version_flag.h"

#include "choice_option.h"

#include <fmt/format.h>
#include <CLI/CLI.hpp>

namespace volpol::cli {

void add_velero_version_flag(CLI::App* cmd, std::string& into, bool reads_cluster) {
  CLI::Option* o =
      cmd->add_option("--velero-version", into,
                      reads_cluster
                          ? "The Velero release to predict for: v1.17 (v1.17.2), v1.18.0, v1.18 (v1.18.2) or "
                            "main. Default: the image tag of the Velero Deployment in the input or cluster, else "
                            "main"
                          : "The Velero release whose rules apply: v1.17 (v1.17.2), v1.18.0, v1.18 (v1.18.2) or "
                            "main (the default)")
          ->type_name("VERSION")
          ->check(
              [](const std::string& text) {
                if (parse_velero_version(text)) return std::string();
                return fmt::format("unknown Velero version `{}`: known are {}", text, known_velero_versions_text());
              },
              "");
  // Completion offers the release table's names and aliases (core/velero_version.h).
  std::vector<std::string> names;
  for (const velero_release& r : velero_releases()) {
    names.emplace_back(r.name);
    for (std::string_view a : r.aliases) names.emplace_back(a);
  }
  remember_choices(o, std::move(names));
}

std::optional<velero_version> velero_version_of_flag(const std::string& text) {
  if (text.empty()) return std::nullopt;
  return parse_velero_version(text);
}

}  // namespace volpol::cli
