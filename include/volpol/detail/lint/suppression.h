// volpol/detail/lint/suppression.h — inline suppression of findings with a YAML comment.
//
//     volumePolicies:
//     - conditions: {}            # volpol:ignore VP110
//     # volpol:ignore VP101 unknown-pvc-phase -- written for a CRD that reports other phases
//     - conditions:
//
// `# volpol:ignore` followed by rule codes or names (spaces or commas between them; the first
// word that is neither ends the list, so a reason may follow) silences those rules; with no
// rule named it silences every rule. A comment after YAML text applies to its own line; a
// comment alone on its line applies to the next line that is neither blank nor a comment. A
// finding is silenced when its line is, or when the line where its volume policy starts is.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "volpol/lint/finding.h"

namespace volpol::lint {

class suppressions {
 public:
  /// Reads every `# volpol:ignore` comment of `text` (a policy file or a ConfigMap file).
  [[nodiscard]] static suppressions parse(std::string_view text);
  /// True when `rule` is silenced on `line` (1-based).
  [[nodiscard]] bool silences(std::uint32_t line, rule_id rule) const;
  [[nodiscard]] bool empty() const { return by_line_.empty() && all_lines_.empty(); }

 private:
  std::map<std::uint32_t, std::vector<rule_id>> by_line_;  // lines silenced for some rules
  std::set<std::uint32_t> all_lines_;                      // lines silenced for every rule
};

/// True when `comments` silence `f`: on its own line, or on the line where its volume policy
/// starts (the positions of `f` must be in the coordinates of the text `comments` were read from).
[[nodiscard]] bool silenced(const finding& f, const suppressions& comments);

/// Drops the findings silenced by the comments of their file (`by_file` keys are file names as
/// in finding::file).
/// @return how many findings were dropped.
std::size_t apply_suppressions(std::vector<finding>& findings, const std::map<std::string, suppressions>& by_file);

}  // namespace volpol::lint
