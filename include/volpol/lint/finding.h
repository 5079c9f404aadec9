// volpol/lint/finding.h — one lint finding: which rule, where, what, and how to fix it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "volpol/detail/lint/rule.h"

namespace volpol::policy {
struct volume_policy;
}

namespace volpol::lint {

/// Where and what. A document finding has `file` (as the user gave it), `line` and `column`
/// (1-based, in that file: inside a ConfigMap they point into the ConfigMap file) and `path`
/// inside the policy document; a cluster finding has `object` (`PersistentVolumeClaim ns/name`,
/// `Pod ns/name`) and, when it is about a policy, that policy's file position too.
struct finding {
  rule_id rule = rule_id::velero_warning;
  level severity = level::warning;
  std::string file;
  std::uint32_t line = 0;    ///< 0 = no position
  std::uint32_t column = 0;  ///< 0 = no position
  std::string path;          ///< `volumePolicies[1].conditions.volumeTypes[0]`
  std::string object;        ///< cluster findings: the Kubernetes object
  std::string message;       ///< lower-case start, no final period, user input in backticks
  std::string help;          ///< how to fix it; "did you mean `emptyDir`?" when there is a near spelling
  /// The volume policy the finding is about, or null (not part of the output: rules use it to
  /// avoid saying twice that a policy never matches).
  const policy::volume_policy* policy = nullptr;
  /// The finding says `policy` never matches any volume (not part of the output).
  bool never_matches = false;
};

/// Counts per level.
struct finding_counts {
  std::size_t errors = 0, warnings = 0, infos = 0;
  [[nodiscard]] std::size_t total() const { return errors + warnings + infos; }
};
[[nodiscard]] finding_counts count(const std::vector<finding>& findings);

/// Deterministic order: document findings by file, line, column, rule; then cluster findings by
/// object, rule, message.
void sort_findings(std::vector<finding>& findings);

}  // namespace volpol::lint
