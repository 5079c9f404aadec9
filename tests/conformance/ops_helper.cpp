// Conformance ops for the helper area (see corpus.h): shouldPerformSnapshot,
// shouldPerformFSBackup, shouldPerformCustomAction, getActionParameters, dataMoverForVolume,
// snapshotClassForVolume, shouldIncludeVolume.
#include <fmt/core.h>

#include <optional>
#include <string>

#include "corpus.h"
#include "helper_case.h"
#include "volpol/detail/helper/pod_volumes.h"
#include "volpol/detail/k8s/object_yaml.h"
#include "volpol/detail/value_yaml.h"
#include "volpol/helper/volume_helper.h"

namespace volpol::conformance {

namespace {

using helper_case::setup;

/// `target: {resource, object}`: the object read as that resource's type.
struct volume_target {
  std::optional<k8s::persistent_volume> pv;
  std::optional<k8s::persistent_volume_claim> pvc;

  [[nodiscard]] helper::volume_object object() const {
    return pv ? helper::volume_object(*pv) : helper::volume_object(*pvc);
  }
};

std::optional<std::string> read_volume_target(const YAML::Node& target, volume_target& out) {
  const auto resource = helper::volume_resource_from_string(scalar(target, "resource").value_or(""));
  if (!resource) return "target.resource must be persistentvolumes or persistentvolumeclaims";
  const YAML::Node object = target["object"];
  if (*resource == helper::volume_resource::persistent_volumes) {
    auto pv = helper_case::read_pv(object);
    if (const diagnostic* e = pv.error()) return "target.object: " + e->to_string();
    out.pv = std::move(pv).value();
  } else {
    auto pvc = helper_case::read_pvc(object);
    if (const diagnostic* e = pvc.error()) return "target.object: " + e->to_string();
    out.pvc = std::move(pvc).value();
  }
  return std::nullopt;
}

/// Runs `ask(helper, target)` for a case whose target is a PV or PVC.
template <class Ask>
outcome with_volume_target(const corpus_case& c, Ask&& ask) {
  setup s;
  if (auto e = helper_case::load(c.node, s)) return outcome::fail(*e);
  if (s.policy_error) return helper_case::operation_failed(*s.policy_error, c.node["expect"]);
  volume_target t;
  if (auto e = read_volume_target(c.node["target"], t)) return outcome::fail(*e);
  return ask(s.make_helper(), t.object());
}

outcome run_should_perform_snapshot(const corpus_case& c) {
  return with_volume_target(c, [&](const helper::volume_helper& h, helper::volume_object t) {
    return helper_case::check_decision(h.should_perform_snapshot(t), c.node["expect"]);
  });
}

outcome run_should_perform_custom_action(const corpus_case& c) {
  value params;
  if (const YAML::Node p = c.node["target"]["matchParams"]) {
    auto v = value_from_yaml(p);
    if (const diagnostic* e = v.error()) return outcome::fail("target.matchParams: " + e->to_string());
    params = std::move(v).value();
  }
  return with_volume_target(c, [&](const helper::volume_helper& h, helper::volume_object t) {
    return helper_case::check_decision(h.should_perform_custom_action(t, params), c.node["expect"]);
  });
}

outcome run_should_perform_fs_backup(const corpus_case& c) {
  setup s;
  if (auto e = helper_case::load(c.node, s)) return outcome::fail(*e);
  if (s.policy_error) return helper_case::operation_failed(*s.policy_error, c.node["expect"]);
  auto pod = helper_case::read_pod(c.node["target"]["pod"]);
  if (const diagnostic* e = pod.error()) return outcome::fail("target.pod: " + e->to_string());
  const std::string name = scalar(c.node["target"], "volume").value_or("");
  const k8s::pod_volume* v = pod.value().find_volume(name);
  if (v == nullptr) return outcome::fail(fmt::format("target.pod has no volume `{}`", name));
  return helper_case::check_decision(s.make_helper().should_perform_fs_backup(*v, pod.value()), c.node["expect"]);
}

/// Parameters as reported (null = none, as Velero's nil map) against `expect.parameters`.
bool same_parameters(const value& got, const value& want) {
  const bool got_empty = got.is_null() || (got.is_mapping() && got.entries().empty());
  const bool want_empty = want.is_null() || (want.is_mapping() && want.entries().empty());
  if (got_empty || want_empty) return got_empty == want_empty;
  return got == want;
}

outcome run_get_action_parameters(const corpus_case& c) {
  const YAML::Node expect = c.node["expect"];
  return with_volume_target(c, [&](const helper::volume_helper& h, helper::volume_object t) {
    const helper::action_parameters got = h.get_action_parameters(t);
    const bool want_matched = expect["matched"].as<bool>();
    if (got.matched != want_matched)
      return outcome::fail(fmt::format("expected matched {}, got {}", want_matched, got.matched));
    const std::string want_action = scalar(expect, "action").value_or("");
    if (got.type != want_action)
      return outcome::fail(fmt::format("expected action `{}`, got `{}`", want_action, got.type));
    value want_params;
    if (const YAML::Node p = expect["parameters"]) {
      auto v = value_from_yaml(p);
      if (const diagnostic* e = v.error()) return outcome::fail("bad expect.parameters: " + e->to_string());
      want_params = std::move(v).value();
    }
    if (same_parameters(*got.parameters, want_params)) return outcome::pass();
    return outcome::fail(
        fmt::format("expected parameters {}, got {}", want_params.to_string(), got.parameters->to_string()));
  });
}

outcome check_value(const result<std::string>& got, const YAML::Node& expect) {
  if (helper_case::wants_error(expect)) {
    const diagnostic* e = got.error();
    if (e == nullptr) return outcome::fail(fmt::format("expected an error, got `{}`", got.value()));
    const auto missing = missing_mentions(expect, e->to_string());
    if (missing.empty()) return outcome::pass();
    return outcome::fail(fmt::format("error `{}` does not mention `{}`", e->to_string(), missing.front()));
  }
  if (const diagnostic* e = got.error()) return outcome::fail("unexpected error: " + e->to_string());
  const std::string want = scalar(expect, "value").value_or("");
  if (got.value() == want) return outcome::pass();
  return outcome::fail(fmt::format("expected `{}`, got `{}`", want, got.value()));
}

outcome run_data_mover_for_volume(const corpus_case& c) {
  return with_volume_target(c, [&](const helper::volume_helper& h, helper::volume_object t) {
    return check_value(h.data_mover_for_volume(t), c.node["expect"]);
  });
}

outcome run_snapshot_class_for_volume(const corpus_case& c) {
  return with_volume_target(c, [&](const helper::volume_helper& h, helper::volume_object t) {
    return check_value(h.get_snapshot_class(t), c.node["expect"]);
  });
}

outcome run_should_include_volume(const corpus_case& c) {
  const helper::helper_options o = helper_case::read_options(c.node);
  auto v = k8s::pod_volume_from_yaml(c.node["target"]["podVolume"]);
  if (const diagnostic* e = v.error()) return outcome::fail("target.podVolume: " + e->to_string());
  const bool want = c.node["expect"]["result"].as<bool>();
  const bool got = helper::should_include_volume(v.value(), o.backup_exclude_pvc);
  if (got == want) return outcome::pass();
  return outcome::fail(fmt::format("expected {}, got {} ({})", want, got,
                                   helper::to_string(helper::exclusion_of(v.value(), o.backup_exclude_pvc))));
}

}  // namespace

void register_helper_ops(op_table& ops) {
  ops["shouldPerformSnapshot"] = run_should_perform_snapshot;
  ops["shouldPerformFSBackup"] = run_should_perform_fs_backup;
  ops["shouldPerformCustomAction"] = run_should_perform_custom_action;
  ops["getActionParameters"] = run_get_action_parameters;
  ops["dataMoverForVolume"] = run_data_mover_for_volume;
  ops["snapshotClassForVolume"] = run_snapshot_class_for_volume;
  ops["shouldIncludeVolume"] = run_should_include_volume;
}

}  // namespace volpol::conformance
