// volpol/detail/verify/scenario.h — the inputs of one plan (a policy, an optional global policy,
// cluster objects, the backup's and the server's options), and that plan, made and kept
// together with everything its records point into.
//
// `volpol test` makes one per test case, through plan::prepare as `volpol plan` (so policies,
// objects and options are read and checked as there: decode, build, validate; a global
// policy as Velero's `GetGlobalResourcePolicies` keeps it).
//
//     verify::scenario s;
//     s.policy.path = "examples/policies/global.yaml";
//     s.cluster_paths = {"examples/cluster"};
//     auto p = verify::make_planned(s);
//     if (const diagnostic* e = p.error()) report(*e);         // an invalid policy: nothing planned
//     for (const plan::volume_record& r : (*p)->plan.volumes) ...
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "volpol/core/result.h"
#include "volpol/k8s/cluster.h"
#include "volpol/plan/backup_options.h"
#include "volpol/plan/planner.h"
#include "volpol/plan/request.h"

namespace volpol::verify {

/// A policy document (or the ConfigMap holding one) given as a file or as text.
struct policy_source {
  std::string path;   ///< a file ("-" = standard input); used when `text` is empty
  std::string text;   ///< inline YAML/JSON text
  std::string label;  ///< names inline text in diagnostics (`suite.volpol-test.yaml (policy)`)
  [[nodiscard]] bool empty() const { return path.empty() && text.empty(); }
  /// The path, or the label of inline text.
  [[nodiscard]] const std::string& name() const { return text.empty() ? path : label; }
};

/// Cluster objects given as text (YAML or JSON), named for diagnostics.
struct inline_objects {
  std::string text;
  std::string label;
};

struct scenario {
  policy_source policy;                    ///< the backup's resource policy; empty for none
  policy_source global_policy;             ///< the server's global volume policy; empty for none
  std::vector<std::string> cluster_paths;  ///< files, folders, Velero backups (as `plan -f`)
  std::vector<inline_objects> cluster_objects;
  plan::backup_options backup;
  plan::server_options server;
  bool trace = false;  ///< keep every step of every volume (plan_input::trace), for explanations
};

/// A plan with everything it points into (plan::prepare's prepared plan). Not movable:
/// records hold views into `cluster` and pointers into the policies.
struct planned {
  explicit planned(std::unique_ptr<plan::prepared_plan> p)
      : prepared(std::move(p)), cluster(prepared->loaded.objects), plan(prepared->result) {}
  std::unique_ptr<plan::prepared_plan> prepared;
  const k8s::cluster& cluster;    ///< the objects planned
  const plan::plan_result& plan;  ///< the plan
  /// Problems with the cluster objects (the plan was still made from the rest) and policy
  /// warnings: the policies' first, then the objects', each in reading order.
  diagnostics problems;
  planned(const planned&) = delete;
  planned& operator=(const planned&) = delete;
};

/// Loads the inputs and plans the backup, through plan::prepare (plan/request.h): the policies
/// as files or text, the paths (`-f`) and inline objects, the Backup's and the server's options
/// as the test gives them.
/// @return the plan (object problems, which do not stop it, are in `problems`); or the first
///         error that leaves nothing to plan: a policy that cannot be read or is invalid, an input that cannot be read
///         or holds no object, unusable options (every problem in `all_problems`, when given).
[[nodiscard]] result<std::unique_ptr<planned>> make_planned(const scenario& s, diagnostics* all_problems = nullptr);

}  // namespace volpol::verify
