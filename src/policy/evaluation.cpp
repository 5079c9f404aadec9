// Judging every condition of every volume policy against one volume (see evaluation.h).
// The per-condition checks are the ones `Policies.match` uses, read from the conditions' table
// (condition_table.h); only the bookkeeping is new.
#include "volpol/policy/evaluation.h"

#include "condition_table.h"

namespace volpol::policy {

using detail::descriptor;

std::string_view to_string(condition_kind k) { return descriptor(k).key; }

bool has_condition(const volume_conditions& c, condition_kind kind) { return descriptor(kind).given(c); }

bool condition_holds(const volume_conditions& c, condition_kind kind, const structured_volume& v) {
  return descriptor(kind).holds(c, v);
}

std::optional<velero_feature> condition_release_feature(condition_kind k) { return descriptor(k).feature; }

std::string_view condition_schema(condition_kind k) { return descriptor(k).schema; }

bool matches_every_volume(const volume_conditions& c) {
  for (const detail::condition_descriptor& d : detail::conditions)
    if (d.matches_every_volume != nullptr ? !d.matches_every_volume(c) : d.given(c)) return false;
  return true;
}

std::size_t policy_evaluation::failed() const {
  std::size_t n = 0;
  for (const condition_verdict& c : verdicts()) n += c.holds ? 0 : 1;
  return n;
}

const condition_verdict* policy_evaluation::only_failure() const {
  const condition_verdict* found = nullptr;
  for (const condition_verdict& c : verdicts()) {
    if (c.holds) continue;
    if (found != nullptr) return nullptr;
    found = &c;
  }
  return found;
}

policy_evaluation evaluate_policy(const volume_policy& p, const structured_volume& v) {
  policy_evaluation e;
  e.policy = &p;
  for (std::size_t i = 0; i < condition_kind_count; ++i) {
    const auto kind = static_cast<condition_kind>(i);
    if (!has_condition(p.conditions, kind)) continue;
    e.items[e.count++] = {kind, condition_holds(p.conditions, kind, v)};
  }
  return e;
}

std::vector<policy_evaluation> evaluate_policies(std::span<const volume_policy> list, const structured_volume& v) {
  std::vector<policy_evaluation> out;
  out.reserve(list.size());
  for (const volume_policy& p : list) out.push_back(evaluate_policy(p, v));
  return out;
}

bool volume_has_value(condition_kind kind, const structured_volume& v) { return descriptor(kind).volume_has_value(v); }

std::string condition_text(const volume_conditions& c, condition_kind kind) { return descriptor(kind).text(c); }

std::string volume_value_text(condition_kind kind, const structured_volume& v) {
  return descriptor(kind).volume_text(v);
}

}  // namespace volpol::policy
