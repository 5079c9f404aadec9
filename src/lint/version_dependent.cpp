// VP123: a policy whose meaning depends on the Velero release it is predicted for: what that
// release accepts but reads differently from main (the `image` volume type, the `dataMover` and
// `snapshotClass` parameters), per the feature table (core/velero_version.h).
#include <fmt/format.h>

#include <algorithm>

#include "context.h"

namespace volpol::lint::detail {

void check_version_dependent(context& c) {
  // Conditions and action types a release lacks make the policy invalid there (validation
  // refuses it before lint runs); these are what a release accepts and reads differently.
  for (const policy::volume_policy* p : c.policies()) {
    using enum velero_feature;
    const velero_version release = p->origin.version;
    const auto say = [&](velero_feature f, value_mark at, const std::string& path, std::string_view what,
                         std::string_view outcome) {
      c.add(rule_id::version_dependent, *p, at, path,
            fmt::format("{}: Velero {} {} {}", what, to_string(release), outcome, where_feature_is(f)),
            "keep to what the release has, or check that --velero-version names the release you run");
    };
    const policy::volume_conditions& k = p->conditions;
    if (!has(release, volume_type_image) &&
        std::find(k.volume_types.begin(), k.volume_types.end(), "image") != k.volume_types.end())
      say(volume_type_image, condition_mark(*p, "volumeTypes"), policy_path(*p) + ".conditions.volumeTypes",
          "`volumeTypes: [image]`", "gives image volumes no type, so this never matches them");
    const value& params = p->act.parameters;
    for (std::size_t i = 0; params.is_mapping() && i < params.entries().size(); ++i) {
      const std::string& param = params.entries()[i].first;
      if (param != "dataMover" && param != "snapshotClass") continue;
      const velero_feature f = param == "dataMover" ? policy_data_mover : policy_snapshot_class;
      const value_mark km = params.key_mark(i);
      if (!has(release, f))
        say(f, km.line ? km : p->type_mark, policy_path(*p) + ".action.parameters." + param,
            fmt::format("parameter `{}`", param), "does not read it");
    }
  }
}

}  // namespace volpol::lint::detail
