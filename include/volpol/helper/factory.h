// volpol/helper/factory.h — a ready volume_helper from policy files, for callers outside
// volpol (a backup plugin, a CI check).
//
// Mirrors how Velero gets its helper for a backup: `GetResourcePoliciesFromBackupWithGlobal`
// (the backup's policy ConfigMap, then the global one appended) and `NewVolumeHelperImplWithCache`
// / the plugin entry points (pkg/plugin/utils/volumehelper).
//
//     k8s::cluster c = ...;   // must outlive the helper
//     auto h = helper::make_volume_helper({.policy_file = "policy.yaml"}, {}, c);
//     if (auto* e = h.error()) { fmt::print("{}\n", e->to_string()); return 1; }
//     auto params = h->get_action_parameters(c.persistent_volume_claims()[0]);
#pragma once

#include <string>

#include "volpol/core/result.h"
#include "volpol/detail/helper/options.h"
#include "volpol/helper/volume_helper.h"
#include "volpol/k8s/cluster.h"

namespace volpol::helper {

struct policy_files {
  /// The backup's resource policy: a policy document or a ConfigMap holding one (YAML or
  /// JSON). "" = none.
  std::string policy_file;
  /// The global volume policy (same formats), appended after the backup's volume policies.
  /// "" = none. Alone, it is the only policy.
  std::string global_policy_file;
  /// Run Velero's `Validate()` on each document and refuse invalid ones (what the backup
  /// controller does before a backup runs). False keeps build-only semantics (Velero's tests).
  bool validate = true;
};

/// Loads, builds (and by default validates) the policies, then a helper over `cluster` that
/// owns them. With no file at all the helper has no policies (Velero's nil policy).
/// Loads through policy::load_backup_policies, the path every volpol command uses.
/// @return the helper, or the first error (in file order, then position): unreadable file,
///         decoding error with line and column, or a validation error (with `files.validate`).
///         Callers that want every problem call policy::load_backup_policies themselves.
[[nodiscard]] result<volume_helper> make_volume_helper(const policy_files& files, const helper_options& options,
                                                       const k8s::cluster& cluster);

}  // namespace volpol::helper
