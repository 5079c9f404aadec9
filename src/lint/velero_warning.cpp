// VP100: the warnings validation gives (a global policy's ignored sections, null list items).
#include <fmt/format.h>

#include "context.h"

namespace volpol::lint::detail {

void check_velero_warnings(context& c) {
  for (const diagnostic& d : c.input().velero_warnings)
    if (d.level == severity::warning) c.add_diagnostic(rule_id::velero_warning, d);
}

}  // namespace volpol::lint::detail
