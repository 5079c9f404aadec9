// Conformance ops for the policy area (see corpus.h): loadPolicy and loadRestorePolicy.
//
// These two ops run the whole pipeline — decode, build and validate — and judge validity.
// Every other op builds without validating (policy::decode_resource_policies then
// policy::policies::build), as Velero's own tests do: validation is judged here only.
#include <fmt/core.h>

#include <optional>
#include <string>

#include "corpus.h"
#include "volpol/policy/policies.h"

namespace volpol::conformance {

namespace {

using policy::check_config_map_text;
using policy::check_policy_text;
using policy::checked_policies;
using policy::policy_use;

std::string emit(const YAML::Node& node) {
  YAML::Emitter out;
  out << node;
  return out.c_str();
}

std::string all_messages(const diagnostics& problems) {
  std::string out;
  for (const diagnostic& d : problems)
    if (d.level == severity::error) out += d.to_string() + "\n";
  return out;
}

/// The case's backup policy (`policy` text or `configMap` object), checked for `use`.
policy::text_origin origin_of(const YAML::Node& c, const char* file) {
  policy::text_origin o;
  o.file = file;
  o.version = case_version(c);
  return o;
}

std::optional<checked_policies> check_backup(const YAML::Node& c, policy_use use) {
  if (const auto text = scalar(c, "policy")) return check_policy_text(*text, origin_of(c, "policy.yaml"), use);
  if (c["configMap"]) return check_config_map_text(emit(c["configMap"]), "configmap.yaml", use, true, case_version(c));
  return std::nullopt;
}

/// `expect.valid` and, when invalid, `expect.errorMentions` against what was reported.
std::optional<outcome> judge_validity(const YAML::Node& expect, const diagnostics& problems) {
  const bool want_valid = expect["valid"] && expect["valid"].as<bool>();
  const std::string messages = all_messages(problems);
  if (want_valid && problems.has_errors()) return outcome::fail("expected valid, got:\n     " + messages);
  if (!want_valid && !problems.has_errors()) return outcome::fail("expected invalid, got valid");
  if (!want_valid) {
    const auto missing = missing_mentions(expect, messages);
    if (!missing.empty())
      return outcome::fail(fmt::format("error does not mention `{}`:\n     {}", missing.front(), messages));
  }
  return std::nullopt;
}

outcome run_load_policy(const corpus_case& c) {
  const YAML::Node expect = c.node["expect"];
  diagnostics problems;
  std::optional<checked_policies> backup = check_backup(c.node, policy_use::backup);
  std::optional<checked_policies> global;
  if (const auto text = scalar(c.node, "globalPolicy"))
    global = check_policy_text(*text, origin_of(c.node, "global.yaml"), policy_use::global);
  if (!backup && !global) return outcome::fail("case has neither policy, configMap nor globalPolicy");
  if (backup) problems.append(backup->problems);
  if (global) problems.append(global->problems);
  if (auto verdict = judge_validity(expect, problems)) return *verdict;
  if (problems.has_errors() || !expect["volumePolicyCount"]) return outcome::pass();
  policy::policies merged = backup ? backup->built : global->built;
  if (backup && global) merged.merge_global(global->built);
  const auto want = expect["volumePolicyCount"].as<std::size_t>();
  if (merged.volume_policies().size() == want) return outcome::pass();
  return outcome::fail(fmt::format("expected {} volume policies, got {}", want, merged.volume_policies().size()));
}

outcome run_load_restore_policy(const corpus_case& c) {
  std::optional<checked_policies> restore = check_backup(c.node, policy_use::restore);
  if (!restore) return outcome::fail("case has no policy");
  if (auto verdict = judge_validity(c.node["expect"], restore->problems)) return *verdict;
  return outcome::pass();
}

}  // namespace

void register_policy_ops(op_table& ops) {
  ops["loadPolicy"] = run_load_policy;
  ops["loadRestorePolicy"] = run_load_restore_policy;
}

}  // namespace volpol::conformance
