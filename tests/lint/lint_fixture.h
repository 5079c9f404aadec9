// Test helper: lints policy texts (and, optionally, a cluster given as YAML text) the way
// `volpol lint` does, keeping every object alive for the findings' whole life.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "volpol/k8s/loader.h"
#include "volpol/lint/linter.h"
#include "volpol/plan/planner.h"
#include "volpol/policy/document.h"
#include "volpol/policy/policies.h"

namespace volpol::testing {

struct lint_run {
  std::optional<policy::checked_policies> backup, global;
  std::optional<k8s::load_result> cluster;
  std::optional<plan::plan_result> plan;
  std::vector<lint::finding> findings;

  /// Findings of one rule.
  [[nodiscard]] std::vector<lint::finding> of(lint::rule_id id) const {
    std::vector<lint::finding> out;
    std::copy_if(findings.begin(), findings.end(), std::back_inserter(out),
                 [&](const lint::finding& f) { return f.rule == id; });
    return out;
  }
  [[nodiscard]] bool has(lint::rule_id id) const { return !of(id).empty(); }
  /// "VP101 p.yaml:5:7" per finding, for failure messages.
  [[nodiscard]] std::string dump() const {
    std::string s;
    for (const lint::finding& f : findings)
      s += std::string(lint::info(f.rule).code) + " " + f.file + ":" + std::to_string(f.line) + ":" +
           std::to_string(f.column) + " " + f.object + " " + f.message + " | " + f.help + "\n";
    return s;
  }
};

struct lint_setup {
  std::string policy;         ///< backup policy text ("" = none)
  std::string global_policy;  ///< global policy text ("" = none)
  std::string cluster;        ///< cluster objects as YAML ("" = document rules only)
  plan::backup_options backup;
  plan::server_options server;
};

inline std::unique_ptr<lint_run> lint_texts(const lint_setup& s) {
  auto r = std::make_unique<lint_run>();
  lint::lint_input in;
  if (!s.policy.empty()) {
    r->backup = policy::check_policy_text(s.policy, {.file = "p.yaml"}, policy::policy_use::backup);
    EXPECT_TRUE(r->backup->ok()) << (r->backup->problems.empty() ? "" : r->backup->problems.items()[0].to_string());
    in.backup = &r->backup->built;
    for (const diagnostic& d : r->backup->problems) in.velero_warnings.add(d);
  }
  if (!s.global_policy.empty()) {
    r->global = policy::check_policy_text(s.global_policy, {.file = "g.yaml"}, policy::policy_use::global);
    EXPECT_TRUE(r->global->ok()) << (r->global->problems.empty() ? "" : r->global->problems.items()[0].to_string());
    in.global = &r->global->built;
    for (const diagnostic& d : r->global->problems) in.velero_warnings.add(d);
  }
  if (!s.cluster.empty()) {
    r->cluster = k8s::load_text(s.cluster, "cluster.yaml");
    EXPECT_TRUE(r->cluster->problems.empty()) << r->cluster->problems.items()[0].to_string();
    plan::plan_input pin;
    pin.cluster = &r->cluster->objects;
    pin.backup_policies = in.backup;
    pin.global_policies = in.global;
    pin.backup = s.backup;
    pin.server = s.server;
    pin.trace = true;
    auto p = plan::make_plan(pin);
    EXPECT_TRUE(p.ok());
    r->plan = std::move(p).value();
    in.cluster = &r->cluster->objects;
    in.plan = &*r->plan;
    in.backup_options = s.backup;
    in.server = s.server;
  }
  r->findings = lint::run_lint(in, {});
  return r;
}

inline std::unique_ptr<lint_run> lint_policy(const std::string& policy) { return lint_texts({.policy = policy}); }

}  // namespace volpol::testing
