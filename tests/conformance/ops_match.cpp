// Conformance ops for the match area (see corpus.h): matchAction, volumeType, parseCapacity,
// capacityInRange.
#include <fmt/core.h>

#include <optional>
#include <string>

#include "case_policies.h"
#include "corpus.h"
#include "volpol/detail/k8s/object_yaml.h"
#include "volpol/detail/policy/structured_volume.h"
#include "volpol/detail/policy/volume_conditions.h"
#include "volpol/detail/value_yaml.h"
#include "volpol/k8s/quantity.h"
#include "volpol/policy/document.h"
#include "volpol/policy/policies.h"

namespace volpol::conformance {

namespace {

using policy::policies;

/// The objects of a `target:` mapping, parsed. Kept together so the filter data's pointers stay valid.
struct match_target {
  std::optional<k8s::persistent_volume> pv;
  std::optional<k8s::persistent_volume_claim> pvc;
  std::optional<k8s::pod_volume> pod_volume;

  [[nodiscard]] policy::volume_filter_data data() const {
    return {pv ? &*pv : nullptr, pvc ? &*pvc : nullptr, pod_volume ? &*pod_volume : nullptr};
  }
};

template <class T>
std::optional<std::string> read_into(const YAML::Node& node, result<T> (*read)(const YAML::Node&),
                                     std::optional<T>& out) {
  if (!node) return std::nullopt;
  auto r = read(node);
  if (const diagnostic* e = r.error()) return e->to_string();
  out = std::move(r).value();
  return std::nullopt;
}

/// Reads target.pv / target.pvc / target.podVolume; an error message when one does not load.
std::optional<std::string> read_target(const YAML::Node& target, match_target& out) {
  if (!target || !target.IsMap()) return std::nullopt;
  if (auto e = read_into(target["pv"], &k8s::persistent_volume_from_yaml, out.pv)) return "target.pv: " + *e;
  if (auto e = read_into(target["pvc"], &k8s::persistent_volume_claim_from_yaml, out.pvc)) return "target.pvc: " + *e;
  if (auto e = read_into(target["podVolume"], &k8s::pod_volume_from_yaml, out.pod_volume))
    return "target.podVolume: " + *e;
  return std::nullopt;
}

/// The matched action's name and parameters against `expect.action` / `expect.parameters`.
outcome check_matched(const policy::volume_policy* matched, const YAML::Node& expect) {
  const std::string want = scalar(expect, "action").value_or("");
  const std::string got = matched ? std::string(matched->act.type_name()) : "none";
  if (got != want) return outcome::fail(fmt::format("expected action `{}`, got `{}`", want, got));
  if (!matched) return outcome::pass();
  const value& got_params = matched->act.parameters;
  const YAML::Node params = expect["parameters"];
  if (!params) {  // none expected: the action must have none (or an empty map)
    if (got_params.is_null() || (got_params.is_mapping() && got_params.entries().empty())) return outcome::pass();
    return outcome::fail(fmt::format("expected no parameters, got {}", got_params.to_string()));
  }
  auto want_params = value_from_yaml(params);
  if (const diagnostic* e = want_params.error()) return outcome::fail("bad expect.parameters: " + e->to_string());
  if (got_params == want_params.value()) return outcome::pass();
  return outcome::fail(
      fmt::format("expected parameters {}, got {}", want_params.value().to_string(), got_params.to_string()));
}

outcome run_match_action(const corpus_case& c) {
  const YAML::Node expect = c.node["expect"];
  const bool want_error = expect["error"] && expect["error"].as<bool>();
  auto pols = load_case_policies(c.node);
  match_target target;
  std::optional<std::string> error;
  if (const diagnostic* e = pols.error()) error = e->to_string();
  if (!error) error = read_target(c.node["target"], target);
  std::optional<result<const policy::volume_policy*>> matched;
  if (!error) {
    const policies none;  // no policy at all: nothing matches (Velero's nil policies)
    const policies& p = pols.value() ? *pols.value() : none;
    matched.emplace(p.match(target.data()));
    if (const diagnostic* e = matched->error()) error = e->to_string();
  }
  if (want_error) return error ? outcome::pass() : outcome::fail("expected an error, got none");
  if (error) return outcome::fail("unexpected error: " + *error);
  return check_matched(matched->value(), expect);
}

outcome run_volume_type(const corpus_case& c) {
  match_target target;
  if (auto e = read_target(c.node["target"], target)) return outcome::fail(*e);
  std::string_view got;
  if (target.pv) got = policy::volume_type_of(*target.pv);
  else if (target.pod_volume) got = policy::volume_type_of(*target.pod_volume, case_version(c.node));
  else return outcome::fail("target has neither pv nor podVolume");
  const std::string want = scalar(c.node["expect"], "value").value_or("");
  if (got == want) return outcome::pass();
  return outcome::fail(fmt::format("expected `{}`, got `{}`", want, got));
}

/// An expected bound against the parsed one, compared by value.
std::optional<std::string> check_bound(const YAML::Node& expect, const char* key, const k8s::quantity& got) {
  const auto want_text = scalar(expect, key);
  if (!want_text) return std::nullopt;
  auto want = k8s::quantity::parse(*want_text);
  if (const diagnostic* e = want.error()) return fmt::format("bad expect.{}: {}", key, e->message);
  if (want.value().compare(got) == 0) return std::nullopt;
  return fmt::format("expected {} {}, got {}", key, *want_text, got.to_string());
}

outcome run_parse_capacity(const corpus_case& c) {
  const YAML::Node expect = c.node["expect"];
  const bool want_valid = expect["valid"].as<bool>();
  const auto parsed = policy::parse_capacity(scalar(c.node, "input").value_or(""));
  if (!want_valid) return parsed.ok() ? outcome::fail("expected invalid, parsed") : outcome::pass();
  if (const diagnostic* e = parsed.error()) return outcome::fail("expected valid, got: " + e->message);
  if (auto e = check_bound(expect, "lower", parsed.value().lower)) return outcome::fail(*e);
  if (auto e = check_bound(expect, "upper", parsed.value().upper)) return outcome::fail(*e);
  return outcome::pass();
}

outcome run_capacity_in_range(const corpus_case& c) {
  const auto range = policy::parse_capacity(scalar(c.node, "capacity").value_or(""));
  if (const diagnostic* e = range.error()) return outcome::fail("capacity: " + e->message);
  const auto q = k8s::quantity::parse(scalar(c.node, "quantity").value_or(""));
  if (const diagnostic* e = q.error()) return outcome::fail("quantity: " + e->message);
  const bool want = c.node["expect"]["result"].as<bool>();
  const bool got = range.value().contains(q.value());
  return got == want ? outcome::pass() : outcome::fail(fmt::format("expected {}, got {}", want, got));
}

}  // namespace

void register_match_ops(op_table& ops) {
  ops["matchAction"] = run_match_action;
  ops["volumeType"] = run_volume_type;
  ops["parseCapacity"] = run_parse_capacity;
  ops["capacityInRange"] = run_capacity_in_range;
}

}  // namespace volpol::conformance
