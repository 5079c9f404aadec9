// VP120: a `custom` action without parameters. Plugins recognise their volumes by the parameters
// (volume_policy_helper.go `ShouldPerformCustomAction` compares them).
#include <fmt/format.h>

#include "context.h"

namespace volpol::lint::detail {

void check_custom_without_parameters(context& c) {
  for (const policy::volume_policy* p : c.policies()) {
    if (p->act.type != policy::action_type::custom) continue;
    const value& params = p->act.parameters;
    if (params.is_mapping() && !params.entries().empty()) continue;
    c.add(rule_id::custom_without_parameters, *p, p->type_mark, policy_path(*p) + ".action",
          fmt::format("{} has no parameters: no plugin can tell the volume is its own", label(*p)),
          "add the parameters your BackupItemAction plugin looks for (`parameters: {myPlugin: true}`)");
  }
}

}  // namespace volpol::lint::detail
