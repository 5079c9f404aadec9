#include "case_policies.h"

#include <fmt/core.h>

#include <string>
#include <utility>

#include "corpus.h"
#include "volpol/policy/document.h"

namespace volpol::conformance {

namespace {

/// Decode + build, no validation: what Velero's tests do with a policy document.
result<policy::policies> build_only(const std::string& text, policy::policy_scope scope, velero_version version) {
  diagnostics out;
  policy::text_origin origin;
  origin.version = version;
  const policy::resource_policies doc = policy::decode_resource_policies(text, origin, out);
  for (const diagnostic& e : out)
    if (e.level == severity::error) return e;
  return policy::policies::build(doc, scope);
}

/// Decode + build + validate (for the global one, then only its volume policies).
result<policy::policies> validated(const std::string& text, const char* key, policy::policy_use use,
                                   velero_version version) {
  policy::text_origin origin;
  origin.file = key;
  origin.version = version;
  policy::checked_policies checked = policy::check_policy_text(text, origin, use);
  for (const diagnostic& d : checked.problems)
    if (d.level == severity::error) {
      diagnostic e = d;
      e.message = fmt::format("{}: {}", key, d.message);
      return e;
    }
  return std::move(checked.built);
}

}  // namespace

result<std::optional<policy::policies>> load_case_policies(const YAML::Node& c) {
  const auto text = scalar(c, "policy");
  const auto global_text = scalar(c, "globalPolicy");
  const velero_version version = case_version(c);
  if (!global_text) {
    if (!text) return std::optional<policy::policies>{};
    auto built = build_only(*text, policy::policy_scope::backup, version);
    if (const diagnostic* e = built.error()) return *e;
    return std::optional<policy::policies>{std::move(built).value()};
  }
  std::optional<policy::policies> backup;  // validated first, as Velero does
  if (text) {
    auto checked = validated(*text, "policy", policy::policy_use::backup, version);
    if (const diagnostic* e = checked.error()) return *e;
    backup = std::move(checked).value();
  }
  auto global = validated(*global_text, "globalPolicy", policy::policy_use::global, version);
  if (const diagnostic* e = global.error()) return *e;
  if (!backup) return std::optional<policy::policies>{std::move(global).value()};
  policy::policies merged = std::move(*backup);
  merged.merge_global(global.value());
  return std::optional<policy::policies>{std::move(merged)};
}

}  // namespace volpol::conformance
