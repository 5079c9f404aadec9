#include "case_policies.h"

#include <fmt/core.h>

#include <string>
#include <utility>

#include "corpus.h"
#include "volpol/policy/document.h"

namespace volpol::conformance {

namespace {

/// Decode + build, no validation: what Velero's tests do with a policy document.
result<policy::policies> build_only(const std::string& text, policy::policy_scope scope) {
  auto doc = policy::decode_resource_policies(text);
  if (const diagnostic* e = doc.error()) return *e;
  return policy::policies::build(doc.value(), scope);
}

/// Decode + build + validate (for the global one, then only its volume policies).
result<policy::policies> validated(const std::string& text, const char* key, policy::policy_use use) {
  policy::checked_policies checked = policy::check_policy_text(text, {.file = key}, use);
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
  if (!global_text) {
    if (!text) return std::optional<policy::policies>{};
    auto built = build_only(*text, policy::policy_scope::backup);
    if (const diagnostic* e = built.error()) return *e;
    return std::optional<policy::policies>{std::move(built).value()};
  }
  std::optional<policy::policies> backup;  // validated first, as Velero does
  if (text) {
    auto checked = validated(*text, "policy", policy::policy_use::backup);
    if (const diagnostic* e = checked.error()) return *e;
    backup = std::move(checked).value();
  }
  auto global = validated(*global_text, "globalPolicy", policy::policy_use::global);
  if (const diagnostic* e = global.error()) return *e;
  if (!backup) return std::optional<policy::policies>{std::move(global).value()};
  policy::policies merged = std::move(*backup);
  merged.merge_global(global.value());
  return std::optional<policy::policies>{std::move(merged)};
}

}  // namespace volpol::conformance
