#include "volpol/verify/plan_diff.h"

#include <fmt/format.h>

#include <unordered_map>

#include "text_escape.h"

namespace volpol::verify {

using detail::json_string;

plan_diff diff_plans(const plan::plan_result& a, const plan::plan_result& b) {
  plan_diff d;
  d.volumes_a = a.volumes.size();
  d.volumes_b = b.volumes.size();
  std::unordered_map<std::string, const plan::volume_record*> in_a;
  in_a.reserve(a.volumes.size());
  for (const plan::volume_record& r : a.volumes) in_a.emplace(plan::volume_key(r), &r);
  for (const plan::volume_record& rb : b.volumes) {
    std::string key = plan::volume_key(rb);
    const auto it = in_a.find(key);
    volume_change c;
    c.title = volume_title(rb);
    c.b = outcome_of(rb);
    c.explanation_b = explanation(rb, b);
    if (it == in_a.end()) {
      ++d.only_b;
    } else {
      const plan::volume_record& ra = *it->second;
      c.a = outcome_of(ra);
      c.explanation_a = explanation(ra, a);
      c.method = c.a->method != c.b->method;
      c.policy = c.a->policy != c.b->policy;
      c.snapshot_class = c.a->snapshot_class != c.b->snapshot_class;
      c.data_mover = c.a->data_mover != c.b->data_mover;
      in_a.erase(it);
      if (!(c.method || c.policy || c.snapshot_class || c.data_mover)) {
        ++d.unchanged;
        continue;
      }
      d.method += c.method;
      d.policy += c.policy;
      d.snapshot_class += c.snapshot_class;
      d.data_mover += c.data_mover;
    }
    c.key = std::move(key);
    d.changes.push_back(std::move(c));
  }
  for (const plan::volume_record& ra : a.volumes) {
    std::string key = plan::volume_key(ra);
    if (!in_a.contains(key)) continue;  // matched above
    volume_change c;
    c.key = std::move(key);
    c.title = volume_title(ra);
    c.a = outcome_of(ra);
    c.explanation_a = explanation(ra, a);
    ++d.only_a;
    d.changes.push_back(std::move(c));
  }
  return d;
}

std::string render_diff_text(const plan_diff& d, const diff_labels& labels) {
  std::string out = fmt::format("A: {}\nB: {}\n", labels.a, labels.b);
  for (const volume_change& c : d.changes) {
    out += fmt::format("\n{}\n", c.title);
    if (!c.a) {
      out += fmt::format("  only in B: {}\n  B: {}\n", c.b->method, c.explanation_b);
      continue;
    }
    if (!c.b) {
      out += fmt::format("  only in A: {}\n  A: {}\n", c.a->method, c.explanation_a);
      continue;
    }
    auto field = [&](bool changed, const char* name, const std::string& x, const std::string& y) {
      if (changed) out += fmt::format("  {}: {} -> {}\n", name, detail::or_none(x), detail::or_none(y));
    };
    field(c.method, "method", c.a->method, c.b->method);
    field(c.policy, "policy", c.a->policy, c.b->policy);
    field(c.snapshot_class, "snapshotClass", c.a->snapshot_class, c.b->snapshot_class);
    field(c.data_mover, "dataMover", c.a->data_mover, c.b->data_mover);
    out += fmt::format("  A: {}\n  B: {}\n", c.explanation_a, c.explanation_b);
  }
  if (d.empty()) {
    out += fmt::format("\nno volume changes ({} volumes in A, {} in B)\n", d.volumes_a, d.volumes_b);
    return out;
  }
  out += fmt::format(
      "\n{} of {} volumes change: method {}, policy {}, snapshotClass {}, dataMover {}; {} only in A, {} only in B; "
      "{} unchanged\n",
      d.changes.size(), d.unchanged + d.changes.size(), d.method, d.policy, d.snapshot_class, d.data_mover, d.only_a,
      d.only_b, d.unchanged);
  return out;
}

namespace {

std::string outcome_json(const std::optional<volume_outcome>& o) {
  if (!o) return "null";
  return fmt::format("{{\"method\": {}, \"policy\": {}, \"snapshotClass\": {}, \"dataMover\": {}}}",
                     json_string(o->method), json_string(o->policy), json_string(o->snapshot_class),
                     json_string(o->data_mover));
}

}  // namespace

std::string render_diff_json(const plan_diff& d, const diff_labels& labels) {
  std::string out = fmt::format(
      "{{\n  \"kind\": \"VolumePlanDiff\",\n  \"a\": {},\n  \"b\": {},\n  \"veleroVersionA\": {},\n  "
      "\"veleroVersionB\": {},\n  \"summary\": {{\"volumesA\": {}, "
      "\"volumesB\": {}, \"changed\": {}, \"unchanged\": {}, \"method\": {}, \"policy\": {}, \"snapshotClass\": {}, "
      "\"dataMover\": {}, \"onlyA\": {}, \"onlyB\": {}}},\n  \"changes\": [",
      json_string(labels.a), json_string(labels.b), json_string(labels.velero_a), json_string(labels.velero_b),
      d.volumes_a, d.volumes_b, d.changes.size(), d.unchanged, d.method, d.policy, d.snapshot_class, d.data_mover,
      d.only_a, d.only_b);
  for (std::size_t i = 0; i < d.changes.size(); ++i) {
    const volume_change& c = d.changes[i];
    std::string changed;
    auto add = [&](bool on, const char* name) {
      if (on) changed += fmt::format("{}\"{}\"", changed.empty() ? "" : ", ", name);
    };
    add(c.method, "method");
    add(c.policy, "policy");
    add(c.snapshot_class, "snapshotClass");
    add(c.data_mover, "dataMover");
    out += fmt::format(
        "{}\n    {{\"key\": {}, \"volume\": {}, \"a\": {}, \"b\": {}, \"changed\": [{}], \"explanationA\": {}, "
        "\"explanationB\": {}}}",
        i ? "," : "", json_string(c.key), json_string(c.title), outcome_json(c.a), outcome_json(c.b), changed,
        c.a ? json_string(c.explanation_a) : "null", c.b ? json_string(c.explanation_b) : "null");
  }
  out += d.changes.empty() ? "]\n}\n" : "\n  ]\n}\n";
  return out;
}

}  // namespace volpol::verify
