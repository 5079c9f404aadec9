// volpol/detail/policy/text_origin.h — where a policy document's text comes from, so that every
// diagnostic about it points into the file the user gave.
//
// A policy is either a file of its own or a value inside a ConfigMap's `data`. In the second
// case, positions inside the document are shifted to the ConfigMap file when the value is a
// literal block (`policy.yaml: |`), where lines map one to one; for any other style (a quoted
// JSON string with `\n` escapes, a folded block) they cannot be mapped, and diagnostics point
// at the start of the data value instead, with the inner position in their help line.
#pragma once

#include <cstdint>
#include <string>

#include "volpol/core/diagnostic.h"
#include "volpol/core/value.h"
#include "volpol/core/velero_version.h"
#include "volpol/k8s/limits.h"

namespace volpol::policy {

struct text_origin {
  std::string file;                 ///< path as the user gave it ("-" for stdin, "" for in-memory text)
  std::string object;               ///< `ConfigMap namespace/name` when the document is a ConfigMap value
  std::string data_key;             ///< the ConfigMap data key holding the document
  std::uint32_t line_offset = 0;    ///< added to every inner line (exact mapping)
  std::uint32_t column_offset = 0;  ///< added to every inner column (exact mapping)
  bool exact = true;                ///< false: inner positions cannot be mapped (see above)
  value_mark fallback;              ///< where the data value starts, when !exact
  /// How much of the text is read: nesting depth, YAML nodes (aliases expanded), volume
  /// policies (k8s/limits.h). Inner documents (a ConfigMap's data value) inherit them.
  k8s::input_limits limits;
  /// The Velero release whose rules read the text: its document keys, conditions, action
  /// types and checks (core/velero_version.h). Inner documents inherit it, and so does what
  /// is built from the document (policies::version()).
  velero_version version = default_velero_version;

  /// A diagnostic at inner position `at` (document coordinates, 1-based; {0,0} = unknown),
  /// with the document path, message and help, mapped to the file as described above.
  ///     origin.diagnose({7, 9}, "volumePolicies[1].conditions", "unknown condition `storageClas`")
  ///         // policy.yaml:7:9: volumePolicies[1].conditions: unknown condition `storageClas`
  [[nodiscard]] diagnostic diagnose(value_mark at, std::string path, std::string message, std::string help = {},
                                    severity level = severity::error) const;

  /// Maps a position inside the document to the file the user gave: shifted when exact, the
  /// start of the data value when not; {0, 0} stays unknown.
  ///     // a ConfigMap whose `policy.yaml: |` block starts on line 6, column 3:
  ///     origin.file_position({2, 3})   // {8, 5}
  [[nodiscard]] value_mark file_position(value_mark at) const;
  /// Maps a diagnostic made in document coordinates (line/column inside the document text).
  [[nodiscard]] diagnostic map(diagnostic d) const;
};

}  // namespace volpol::policy
