// Conformance ops for one policy action (see corpus.h): getDataMover, getSnapshotClass.
#include <fmt/core.h>

#include <string>

#include "corpus.h"
#include "volpol/detail/value_yaml.h"
#include "volpol/policy/action.h"

namespace volpol::conformance {

namespace {

/// `action: {type, parameters}` as the policy builder would keep it.
result<policy::action> read_action(const YAML::Node& node) {
  policy::action a;
  a.type_string = scalar(node, "type").value_or("");
  a.type = policy::action_type_from_string(a.type_string);
  if (const YAML::Node params = node["parameters"]) {
    auto v = value_from_yaml(params);
    if (const diagnostic* e = v.error()) return *e;
    a.parameters = std::move(v).value();
  }
  return a;
}

using action_getter = result<std::string> (policy::action::*)() const;

outcome run_getter(const corpus_case& c, action_getter get) {
  const YAML::Node expect = c.node["expect"];
  const auto act = read_action(c.node["action"]);
  if (const diagnostic* e = act.error()) return outcome::fail("bad action: " + e->to_string());
  const auto got = (act.value().*get)();
  if (expect["error"] && expect["error"].as<bool>())
    return got.ok() ? outcome::fail(fmt::format("expected an error, got `{}`", got.value())) : outcome::pass();
  if (const diagnostic* e = got.error()) return outcome::fail("unexpected error: " + e->message);
  const std::string want = scalar(expect, "value").value_or("");
  if (got.value() == want) return outcome::pass();
  return outcome::fail(fmt::format("expected `{}`, got `{}`", want, got.value()));
}

}  // namespace

void register_action_ops(op_table& ops) {
  ops["getDataMover"] = [](const corpus_case& c) { return run_getter(c, &policy::action::data_mover); };
  ops["getSnapshotClass"] = [](const corpus_case& c) { return run_getter(c, &policy::action::snapshot_class); };
}

}  // namespace volpol::conformance
