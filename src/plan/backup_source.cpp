// The Backup a plan is for (see backup_source.h).
#include "volpol/detail/plan/backup_source.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "volpol/k8s/loader.h"
#include "volpol/k8s/spelling.h"

namespace volpol::plan {

const k8s::config_map* resource_policy_config_map(const k8s::cluster& cluster, const k8s::backup& b) {
  if (b.spec.resource_policy_name.empty() || !equal_fold(b.spec.resource_policy_kind, "configmap")) return nullptr;
  if (!b.metadata.namespace_.empty())
    return cluster.find_config_map(b.metadata.namespace_, b.spec.resource_policy_name);
  for (const k8s::config_map& cm : cluster.config_maps())
    if (cm.metadata.name == b.spec.resource_policy_name) return &cm;
  return nullptr;
}

result<std::string> policy_text_of(const k8s::config_map& cm) {
  if (cm.data.size() != 1) {
    diagnostic d = make_error(
        fmt::format("ConfigMap {}: a resource policy ConfigMap's data must have exactly one key, has {}",
                    cm.metadata.key(), cm.data.size()));
    d.where.file = cm.origin.file;
    d.where.line = cm.origin.line;
    return d;
  }
  return std::string(cm.data.begin()->second);
}

policy::checked_policies check_resource_policy(const k8s::config_map& cm) {
  auto text = policy_text_of(cm);
  if (const diagnostic* e = text.error()) {
    policy::checked_policies failed;
    failed.problems.add(*e);
    return failed;
  }
  policy::text_origin origin;
  origin.file = cm.origin.file;
  origin.object = fmt::format("ConfigMap {}", cm.metadata.key());
  origin.data_key = cm.data.begin()->first;
  origin.exact = false;
  origin.fallback = cm.origin.line > 0 ? value_mark{cm.origin.line, 1} : value_mark{};
  return policy::check_policy_text(*text, origin, policy::policy_use::backup);
}

}  // namespace volpol::plan
