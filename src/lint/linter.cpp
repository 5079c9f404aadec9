// run_lint and the shared helpers of the rules (see linter.h, context.h).
#include "volpol/lint/linter.h"
#include "volpol/policy/evaluation.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "context.h"
#include "volpol/detail/lint/suppression.h"
#include "volpol/helper/decision.h"
#include "volpol/k8s/spelling.h"

namespace volpol::lint {

namespace detail {

namespace {

/// A finding of `rule`, at its default level, with the position, object and text of `d`.
finding finding_of(rule_id rule, const diagnostic& d) {
  finding f;
  f.rule = rule;
  f.severity = info(rule).default_level;
  f.file = d.where.file;
  f.line = d.where.line;
  f.column = d.where.column;
  f.path = d.where.path;
  f.object = d.object;
  f.message = d.message;
  f.help = d.help;
  return f;
}

}  // namespace

context::context(const lint_input& in, std::vector<finding>& out) : in_(in), out_(out) {
  for (const policy::policies* doc : {in.backup, in.global})
    if (doc != nullptr)
      for (const policy::volume_policy& p : doc->volume_policies()) policies_.push_back(&p);
}

finding& context::add(rule_id rule, const policy::volume_policy& p, value_mark at, std::string path,
                      std::string message, std::string help) {
  finding f = finding_of(rule, p.origin.diagnose(at.line ? at : p.mark, std::move(path), std::move(message),
                                                 std::move(help)));
  f.object.clear();  // a document finding names its place in the file, not an object
  f.policy = &p;
  out_.push_back(std::move(f));
  return out_.back();
}

void context::add_object(rule_id rule, std::string object, std::string message, std::string help,
                         const policy::volume_policy* p) {
  finding f;
  if (p != nullptr) {
    const diagnostic d = p->origin.diagnose(p->mark, policy_path(*p), "");
    f.file = d.where.file;
    f.line = d.where.line;
    f.column = d.where.column;
    f.path = d.where.path;
  }
  f.rule = rule;
  f.severity = info(rule).default_level;
  f.object = std::move(object);
  f.message = std::move(message);
  f.help = std::move(help);
  f.policy = p;
  out_.push_back(std::move(f));
}

void context::add_diagnostic(rule_id rule, const diagnostic& d) { out_.push_back(finding_of(rule, d)); }

bool context::said_never_matches(const policy::volume_policy& p) const {
  // Findings are only appended, and a rule sets never_matches on the finding it just added, so
  // each finding is looked at once (unreachable-policy asks for every pair of policies).
  for (; scanned_ < out_.size(); ++scanned_)
    if (out_[scanned_].never_matches && out_[scanned_].policy != nullptr) dead_.insert(out_[scanned_].policy);
  return dead_.contains(&p);
}

std::string policy_path(const policy::volume_policy& p) { return fmt::format("volumePolicies[{}]", p.index); }

std::string condition_path(const policy::volume_policy& p, std::string_view key) {
  return fmt::format("volumePolicies[{}].conditions.{}", p.index, key);
}

const value* condition_value(const policy::volume_policy& p, std::string_view key) {
  return p.raw_conditions.find(key);
}

value_mark condition_mark(const policy::volume_policy& p, std::string_view key) {
  const auto& entries = p.raw_conditions.entries();
  for (std::size_t i = 0; p.raw_conditions.is_mapping() && i < entries.size(); ++i)
    if (entries[i].first == key) {
      const value_mark m = p.raw_conditions.key_mark(i);
      return m.line ? m : entries[i].second.mark();
    }
  return p.mark;
}

value_mark condition_item_mark(const policy::volume_policy& p, std::string_view key, std::size_t i) {
  const value* v = condition_value(p, key);
  if (v != nullptr && v->is_sequence() && i < v->items().size() && v->items()[i].mark().line)
    return v->items()[i].mark();
  return condition_mark(p, key);
}

std::string label(const policy::volume_policy& p) { return helper::policy_label_with_action(p); }

std::string short_label(const policy::volume_policy& p) { return helper::policy_label(p); }

bool is_catch_all(const policy::volume_conditions& c) { return policy::matches_every_volume(c); }

std::string did_you_mean(std::string_view x) {
  return x.empty() ? std::string() : fmt::format("did you mean `{}`?", x);
}

}  // namespace detail

void rule_selection::disable_all() {
  for (const rule_info& r : all_rules()) off_.insert(r.id);
}

namespace {

/// The registry's rules in the order they run: by pass, then by ID; cluster rules last (they
/// look at what the document rules found).
std::vector<const rule_info*> run_order() {
  std::vector<const rule_info*> order;
  for (const rule_info& r : all_rules()) order.push_back(&r);
  std::stable_sort(order.begin(), order.end(), [](const rule_info* a, const rule_info* b) {
    return std::pair(a->scope, a->pass) < std::pair(b->scope, b->pass);
  });
  return order;
}

}  // namespace

std::vector<finding> run_lint(const lint_input& in, const rule_selection& rules) {
  std::vector<finding> all;
  detail::context ctx(in, all);
  static const std::vector<const rule_info*> order = run_order();
  for (const rule_info* r : order) {
    if (r->scope == rule_scope::cluster && !ctx.has_cluster()) continue;
    // A disabled document rule still runs, as later rules skip the policies it says never match
    // (said_never_matches); its findings are dropped below. A disabled cluster rule does not run.
    if (r->scope == rule_scope::cluster && !rules.enabled(r->id)) continue;
    r->check(ctx);
  }
  std::erase_if(all, [&](const finding& f) { return !rules.enabled(f.rule); });
  sort_findings(all);
  return all;
}

finding_counts count(const std::vector<finding>& findings) {
  finding_counts c;
  for (const finding& f : findings) {
    switch (f.severity) {
      case level::error: ++c.errors; break;
      case level::warning: ++c.warnings; break;
      case level::info: ++c.infos; break;
    }
  }
  return c;
}

void sort_findings(std::vector<finding>& findings) {
  std::stable_sort(findings.begin(), findings.end(), [](const finding& a, const finding& b) {
    const bool ao = !a.object.empty(), bo = !b.object.empty();
    if (ao != bo) return !ao;  // document findings first
    if (!ao)
      return std::tie(a.file, a.line, a.column, a.rule, a.message) <
             std::tie(b.file, b.line, b.column, b.rule, b.message);
    return std::tie(a.object, a.rule, a.message) < std::tie(b.object, b.rule, b.message);
  });
}

std::vector<finding> lint_document(std::string_view text, policy::policy_use use, const policy::policies& built,
                                   const rule_selection& rules) {
  if (use == policy::policy_use::restore) return {};
  lint_input in;
  (use == policy::policy_use::global ? in.global : in.backup) = &built;
  std::vector<finding> found = run_lint(in, rules);
  const suppressions comments = suppressions::parse(text);
  if (!comments.empty()) std::erase_if(found, [&](const finding& f) { return silenced(f, comments); });
  return found;
}

}  // namespace volpol::lint
