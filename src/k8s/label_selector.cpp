// Label selectors: metav1.LabelSelectorAsSelector's checks and labels.Selector matching.
#include "volpol/k8s/label_selector.h"

#include <fmt/format.h>

#include <algorithm>

#include "volpol/detail/k8s/label_syntax.h"

namespace volpol::k8s {

namespace {

struct operator_name {
  std::string_view name;
  selector_operator op;
};
constexpr operator_name operators[] = {{"In", selector_operator::in},
                                       {"NotIn", selector_operator::not_in},
                                       {"Exists", selector_operator::exists},
                                       {"DoesNotExist", selector_operator::does_not_exist}};

const operator_name* find_operator(std::string_view s) {
  for (const operator_name& o : operators)
    if (o.name == s) return &o;
  return nullptr;
}

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return (x | 0x20) == (y | 0x20); });
}

value_mark mark_at(const std::vector<value_mark>& marks, std::size_t i, value_mark fallback) {
  return i < marks.size() && marks[i].line ? marks[i] : fallback;
}

void check_key(std::string_view key, const std::string& path, value_mark m, std::vector<selector_problem>& out) {
  for (const std::string& p : qualified_name_problems(key))
    out.push_back({path, fmt::format("invalid label key `{}`: {}", key, p), {}, m});
}

void check_value(std::string_view key, std::string_view v, const std::string& path, value_mark m,
                 std::vector<selector_problem>& out) {
  for (const std::string& p : label_value_problems(v))
    out.push_back({path, fmt::format("invalid value `{}` for label `{}`: {}", v, key, p), {}, m});
}

void check_operator(const label_selector_requirement& r, const std::string& path, std::vector<selector_problem>& out) {
  const operator_name* op = find_operator(r.op);
  if (!op) {
    std::string help = "use In, NotIn, Exists or DoesNotExist";
    for (const operator_name& o : operators)
      if (iequals(o.name, r.op)) help = fmt::format("did you mean `{}`? operators are case-sensitive", o.name);
    out.push_back({path + ".operator",
                   r.op.empty() ? std::string("missing label selector operator")
                                : fmt::format("`{}` is not a valid label selector operator", r.op),
                   help, r.mark});
    return;
  }
  const bool takes_values = op->op == selector_operator::in || op->op == selector_operator::not_in;
  if (takes_values && r.values.empty())
    out.push_back({path + ".values", fmt::format("operator `{}` needs at least one value", r.op), {}, r.mark});
  if (!takes_values && !r.values.empty())
    out.push_back({path + ".values", fmt::format("operator `{}` takes no values", r.op),
                   "remove `values`, or use In / NotIn", mark_at(r.value_marks, 0, r.mark)});
}

}  // namespace

bool label_requirement::matches(const string_map& labels) const {
  const string_map::found v = labels.find(key);
  const bool listed = v && std::find(values.begin(), values.end(), *v) != values.end();
  switch (op) {
    case selector_operator::equals:
    case selector_operator::in: return listed;
    case selector_operator::not_in: return !listed;
    case selector_operator::exists: return v.has_value();
    case selector_operator::does_not_exist: return !v.has_value();
  }
  return false;
}

label_selector label_selector::from_set(const string_map& set) {
  label_selector s;
  for (const auto& [k, v] : set) s.add({std::string(k), selector_operator::equals, {std::string(v)}});
  return s;
}

bool label_selector::matches(const string_map& labels) const {
  if (nothing_) return false;
  return std::all_of(requirements_.begin(), requirements_.end(),
                     [&](const label_requirement& r) { return r.matches(labels); });
}

std::vector<selector_problem> check_label_selector(const label_selector_spec& spec) {
  std::vector<selector_problem> out;
  for (std::size_t i = 0; i < spec.match_labels.size(); ++i) {
    const auto& [k, v] = spec.match_labels[i];
    const std::string path = "matchLabels." + k;
    const value_mark m = mark_at(spec.match_label_marks, i, {});
    check_key(k, path, m, out);
    check_value(k, v, path, m, out);
  }
  for (std::size_t i = 0; i < spec.match_expressions.size(); ++i) {
    const label_selector_requirement& r = spec.match_expressions[i];
    const std::string path = fmt::format("matchExpressions[{}]", i);
    check_key(r.key, path + ".key", r.mark, out);
    check_operator(r, path, out);
    for (std::size_t j = 0; j < r.values.size(); ++j)
      check_value(r.key, r.values[j], fmt::format("{}.values[{}]", path, j), mark_at(r.value_marks, j, r.mark), out);
  }
  return out;
}

result<label_selector> label_selector_as_selector(const label_selector_spec& spec) {
  const std::vector<selector_problem> problems = check_label_selector(spec);
  if (!problems.empty()) {
    diagnostic d = make_error(problems.front().message, problems.front().path);
    d.help = problems.front().help;
    d.where.line = problems.front().mark.line;
    d.where.column = problems.front().mark.column;
    return d;
  }
  label_selector s;
  for (const auto& [k, v] : spec.match_labels) s.add({k, selector_operator::equals, {v}});
  for (const label_selector_requirement& r : spec.match_expressions) s.add({r.key, find_operator(r.op)->op, r.values});
  return s;
}

bool selector_from_set_matches(const string_map& set, const string_map& labels) {
  return label_selector::from_set(set).matches(labels);
}

}  // namespace volpol::k8s
