// volpol/detail/lint/output.h — findings as text (for people), JSON, SARIF 2.1.0 and GitHub workflow
// annotations (for machines). Every format carries every field the text shows.
#pragma once

#include <string>
#include <vector>

#include "volpol/core/velero_version.h"
#include "volpol/lint/finding.h"

namespace volpol::lint {

/// One finding per entry, then a summary line:
///     policy.yaml:7:7: error VP101 unknown-volume-type: volumeTypes `emptydir` is no volume's type: ...
///       help: did you mean `emptyDir`?
///     PersistentVolumeClaim shop/data: warning VP205 volume-not-backed-up: nothing backs up ...
///       help: ...
///     2 findings: 1 error, 1 warning
/// ("no findings" when there is none).
[[nodiscard]] std::string render_text(const std::vector<finding>& findings);

/// {"findings": [{"rule", "name", "severity", "file", "line", "column", "path", "object"
/// (cluster findings only), "message", "help"}], "summary": {"errors", "warnings", "info"}}.
/// `release`: the Velero release the policies were read for (`veleroVersion`).
[[nodiscard]] std::string render_json(const std::vector<finding>& findings,
                                      velero_version release = default_velero_version);

/// A SARIF 2.1.0 log: one run, tool.driver `volpol` with every rule (id, name, descriptions,
/// default level, help), one result per finding: ruleId, ruleIndex, level (error, warning,
/// note), message, a physical location (artifactLocation.uri + region startLine/startColumn)
/// for document findings and a logical location (the object) for cluster findings.
/// `release`: as render_json (the run's `properties.veleroVersion`).
[[nodiscard]] std::string render_sarif(const std::vector<finding>& findings,
                                       velero_version release = default_velero_version);

/// GitHub Actions workflow commands, one per finding:
///     ::error file=policy.yaml,line=7,col=7,title=VP101 unknown-volume-type::volumeTypes ...%0Ahelp: ...
/// (`::notice` for info). Values are escaped as the runner expects (%25, %0D, %0A; %3A and
/// %2C in properties).
[[nodiscard]] std::string render_github(const std::vector<finding>& findings);

}  // namespace volpol::lint
