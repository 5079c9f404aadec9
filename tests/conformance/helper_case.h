// Shared by ops_helper.cpp and ops_podvolume.cpp: reading a helper case's options, cluster,
// policies and target objects (see tests/data/conformance/README.md, "Operations").
#pragma once

#include <yaml-cpp/yaml.h>

#include <memory>
#include <optional>
#include <string>

#include "corpus.h"
#include "volpol/core/result.h"
#include "volpol/detail/helper/options.h"
#include "volpol/helper/decision.h"
#include "volpol/helper/volume_helper.h"
#include "volpol/k8s/cluster.h"
#include "volpol/policy/policies.h"

namespace volpol::conformance::helper_case {

/// `helper: {snapshotVolumes, defaultVolumesToFSBackup, backupExcludePVC}`; absent keys unset.
helper::helper_options read_options(const YAML::Node& c);

/// Everything a helper case needs, kept together so the helper's pointers stay valid.
struct setup {
  k8s::cluster cluster;
  std::optional<policy::policies> policies;  ///< nullopt: the case has no policy (Velero nil)
  helper::helper_options options;
  /// Set when the case's policies do not load (build, or validate with a globalPolicy): the
  /// operation fails, as the corpus README's Notes say; objects and options are still read.
  std::optional<std::string> policy_error;

  [[nodiscard]] helper::volume_helper make_helper() const {
    return helper::volume_helper(policies ? &*policies : nullptr, options, cluster);
  }
};

/// Reads `objects`, `policy` / `globalPolicy` (load_case_policies) and `helper`. A policy that
/// does not load sets `out.policy_error`. @return an error message when an object does not load.
std::optional<std::string> load(const YAML::Node& c, setup& out);

/// Reads `node` as an object of the given kind whatever its own `kind` says, as Velero converts
/// an unstructured object to the type of the resource it was given as.
result<k8s::persistent_volume> read_pv(const YAML::Node& node);
result<k8s::persistent_volume_claim> read_pvc(const YAML::Node& node);
result<k8s::pod> read_pod(const YAML::Node& node);

/// `expect.error: true`.
bool wants_error(const YAML::Node& expect);

/// The outcome of an operation that failed before asking (its policy did not load): a pass when
/// the case expects an error (and the message has its errorMentions), else a failure.
outcome operation_failed(const std::string& message, const YAML::Node& expect);

/// A helper result against `expect.error` (+ errorMentions) or `expect.result`.
outcome check_decision(const result<helper::decision>& got, const YAML::Node& expect);

}  // namespace volpol::conformance::helper_case
