// volume_helper::should_perform_custom_action (volume_policy_helper.go ShouldPerformCustomAction).
#include "resolved.h"
#include "volpol/detail/helper/action_parameters.h"
#include "volpol/detail/helper/problem.h"
#include "volpol/helper/volume_helper.h"

namespace volpol::helper {

result<decision> volume_helper::should_perform_custom_action(volume_object target, const value& match_params) const {
  if (!match_params.is_null() && !match_params.is_mapping()) {
    diagnostic e = make_error("custom action match parameters must be a mapping, not " +
                              std::string(match_params.go_type_name()));
    e.kind = static_cast<std::uint16_t>(problem::invalid_parameters);
    return e;
  }
  const resolved r = resolve(target);
  decision d = r.seed();
  if (r.match != nullptr) {
    d.policy = r.match;
    d.why = reason::policy_action;
    if (r.match->act.type != policy::action_type::custom) return d;
    if (const auto key = first_differing_parameter(r.match->act.parameters, match_params)) {
      d.why = reason::custom_parameters_differ;
      d.parameter = *key;
      return d;
    }
    d.perform = true;
    return d;
  }
  d.why = r.pv_unknown() ? reason::pv_not_found : reason::no_policy_match;
  return d;
}

}  // namespace volpol::helper
