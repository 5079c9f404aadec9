// Building policies from a decoded document (velero internal/resourcepolicies/
// resource_policies.go `BuildPolicy`), and the global merge (`GetGlobalResourcePolicies`,
// `GetResourcePoliciesFromBackupWithGlobal`).
#include <fmt/format.h>

#include "policies_build.h"
#include "volpol/policy/policies.h"

namespace volpol::policy {

namespace {

volume_policy make_policy(const raw_volume_policy& raw, const text_origin& origin, policy_scope scope) {
  volume_policy vp;
  vp.act = raw.act;
  vp.index = raw.index;
  vp.scope = scope;
  vp.mark = raw.mark;
  vp.raw_conditions = raw.conditions;
  vp.type_mark = raw.type_mark;
  vp.origin = origin;
  return vp;
}

/// `unmarshalVolConditions` then `parseCapacity`; nullopt when either fails (reported).
std::optional<volume_conditions> build_conditions(const raw_volume_policy& raw, detail::node_decoder& d) {
  const std::string path = fmt::format("volumePolicies[{}].conditions", raw.index);
  std::optional<volume_conditions> c = detail::decode_conditions(raw.conditions, path, raw.mark, d);
  if (!c) return std::nullopt;
  auto range = parse_capacity(c->capacity_text);
  if (const diagnostic* e = range.error()) {
    const value* cap = raw.conditions.find("capacity");
    d.error(cap && cap->mark().line ? cap->mark() : raw.mark, path + ".capacity", e->message,
            e->help.empty() ? "write `lower,upper` with Kubernetes quantities, e.g. `10Gi,100Gi` or `10Gi,`" : e->help);
    return std::nullopt;
  }
  c->capacity = std::move(range).value();
  return c;
}

}  // namespace

policies policies::build(const resource_policies& doc, policy_scope scope, diagnostics& out) {
  policies p;
  p.doc_ = doc;
  detail::node_decoder d(doc.origin, out);
  for (const raw_volume_policy& raw : doc.volume_policies) {
    volume_policy vp = make_policy(raw, doc.origin, scope);
    // Conditions that failed to decode were reported then; building them would report again.
    std::optional<volume_conditions> c = raw.conditions_failed ? std::nullopt : build_conditions(raw, d);
    if (c) vp.conditions = std::move(*c);
    if (c && !raw.decode_failed) p.volume_policies_.push_back(std::move(vp));
    else if (!raw.action_failed) p.unbuilt_.push_back(std::move(vp));  // its action is still checked
  }
  return p;
}

result<policies> policies::build(const resource_policies& doc, policy_scope scope) {
  diagnostics out;
  policies p = build(doc, scope, out);
  for (const diagnostic& e : out)
    if (e.level == severity::error) return e;
  return p;
}

policies policies::as_global(diagnostics* warnings) const {
  if (warnings && (doc_.include_exclude || doc_.cluster_scoped_filter || !doc_.namespaced_filters.empty()))
    warnings->add(doc_.origin.diagnose(
        doc_.mark, "",
        "includeExcludePolicy, clusterScopedFilterPolicy and namespacedFilterPolicies are ignored in a global "
        "policy: only volumePolicies apply globally",
        "move these sections to the policy of each backup that needs them", severity::warning));
  policies g;
  g.doc_.version = doc_.version;
  g.doc_.version_mark = doc_.version_mark;
  g.doc_.volume_policies = doc_.volume_policies;
  g.doc_.mark = doc_.mark;
  g.doc_.origin = doc_.origin;
  g.volume_policies_ = volume_policies_;
  for (volume_policy& vp : g.volume_policies_) vp.scope = policy_scope::global;
  return g;
}

void policies::merge_global(const policies& global) {
  volume_policies_.insert(volume_policies_.end(), global.volume_policies_.begin(), global.volume_policies_.end());
}

}  // namespace volpol::policy
