#include "helper_case.h"

#include <fmt/core.h>

#include <type_traits>
#include <variant>

#include "case_policies.h"
#include "volpol/detail/k8s/object_yaml.h"

namespace volpol::conformance::helper_case {

namespace {

std::optional<bool> read_bool(const YAML::Node& n, const char* key) {
  if (!n.IsMap() || !n[key]) return std::nullopt;
  return n[key].as<bool>();
}

std::optional<std::string> load_cluster(const YAML::Node& objects, k8s::cluster& out) {
  if (!objects) return std::nullopt;
  for (const YAML::Node& o : objects) {
    auto obj = k8s::object_from_yaml(o);
    if (const diagnostic* e = obj.error()) return "objects: " + e->to_string();
    result<void> added;
    std::visit(
        [&](auto&& x) {
          if constexpr (!std::is_same_v<std::decay_t<decltype(x)>, k8s::other_object>) added = out.add(std::move(x));
        },
        std::move(obj).value());
    if (const diagnostic* e = added.error()) return "objects: " + e->to_string();
  }
  return std::nullopt;
}

YAML::Node with_kind(const YAML::Node& node, const char* kind) {
  YAML::Node copy = YAML::Clone(node);
  if (copy.IsMap()) copy["kind"] = kind;
  return copy;
}

}  // namespace

helper::helper_options read_options(const YAML::Node& c) {
  helper::helper_options o;
  o.version = case_version(c);
  const YAML::Node h = c["helper"];
  if (!h) return o;
  o.snapshot_volumes = read_bool(h, "snapshotVolumes");
  o.default_volumes_to_fs_backup = read_bool(h, "defaultVolumesToFSBackup").value_or(false);
  o.backup_exclude_pvc = read_bool(h, "backupExcludePVC").value_or(false);
  return o;
}

std::optional<std::string> load(const YAML::Node& c, setup& out) {
  out.options = read_options(c);
  auto pols = load_case_policies(c);
  if (const diagnostic* e = pols.error()) out.policy_error = e->to_string();
  else out.policies = std::move(pols).value();
  return load_cluster(c["objects"], out.cluster);
}

result<k8s::persistent_volume> read_pv(const YAML::Node& node) {
  return k8s::persistent_volume_from_yaml(with_kind(node, "PersistentVolume"));
}
result<k8s::persistent_volume_claim> read_pvc(const YAML::Node& node) {
  return k8s::persistent_volume_claim_from_yaml(with_kind(node, "PersistentVolumeClaim"));
}
result<k8s::pod> read_pod(const YAML::Node& node) { return k8s::pod_from_yaml(with_kind(node, "Pod")); }

bool wants_error(const YAML::Node& expect) { return expect["error"] && expect["error"].as<bool>(); }

outcome operation_failed(const std::string& message, const YAML::Node& expect) {
  if (!wants_error(expect)) return outcome::fail("unexpected error: " + message);
  const auto missing = missing_mentions(expect, message);
  if (missing.empty()) return outcome::pass();
  return outcome::fail(fmt::format("error `{}` does not mention `{}`", message, missing.front()));
}

outcome check_decision(const result<helper::decision>& got, const YAML::Node& expect) {
  if (wants_error(expect)) {
    const diagnostic* e = got.error();
    if (e == nullptr)
      return outcome::fail(
          fmt::format("expected an error, got {} ({})", got.value().perform, helper::describe(got.value())));
    const auto missing = missing_mentions(expect, e->to_string());
    if (missing.empty()) return outcome::pass();
    return outcome::fail(fmt::format("error `{}` does not mention `{}`", e->to_string(), missing.front()));
  }
  if (const diagnostic* e = got.error()) return outcome::fail("unexpected error: " + e->to_string());
  const bool want = expect["result"].as<bool>();
  if (got.value().perform == want) return outcome::pass();
  return outcome::fail(fmt::format("expected {}, got {} ({}: {})", want, got.value().perform,
                                   helper::to_string(got.value().why), helper::describe(got.value())));
}

}  // namespace volpol::conformance::helper_case
