// volpol/helper/decision.h — a volume helper answer with its cause.
//
// Velero's helper returns (bool, error). volpol returns the bool in a `decision` that also says
// which rule gave it (`reason`) and the objects that rule looked at, so `volpol plan` can print
// one precise line per volume:
//
//     ns/data  fs-backup  policy-action: volumePolicies[1] (fs-backup)
//     ns/logs  snapshot   snapshot-volumes-unset: no volume policy matched; snapshotVolumes is unset
//
// A decision holds no owned data: its pointers point into the volume_helper's policies, its
// cluster, the objects the question was asked about and the match parameters given. It is
// valid while those live. Building one never allocates.
#pragma once

#include <string>
#include <string_view>

#include "volpol/detail/helper/pvc_pv.h"
#include "volpol/detail/helper/reason.h"
#include "volpol/detail/k8s/persistent_volume.h"
#include "volpol/detail/k8s/persistent_volume_claim.h"
#include "volpol/detail/k8s/pod.h"
#include "volpol/detail/policy/structured_volume.h"
#include "volpol/detail/policy/volume_policy.h"

namespace volpol::helper {

struct decision {
  bool perform = false;  ///< the answer: snapshot / fs-backup / custom action or not
  reason why = reason::no_policy_match;
  /// The matched volume policy (index, scope, action) when why is policy_action or
  /// custom_parameters_differ; else null.
  const policy::volume_policy* policy = nullptr;
  /// The kind of pod volume fs-backup never takes, when why == excluded_volume.
  volume_exclusion exclusion = volume_exclusion::none;
  /// why == pod_fs_backup: the pod whose volume `pod_volume` mounts the claim and is
  /// fs-backed-up, and why the annotations select it (annotation_opt_in or default_fs_backup).
  const k8s::pod* pod = nullptr;
  const k8s::pod_volume* pod_volume = nullptr;
  reason pod_reason = reason::not_opted_in;
  /// why == custom_parameters_differ: the first required parameter (in the order given) that
  /// the action lacks or holds with another value or type. A view into the match parameters.
  std::string_view parameter;
  /// The PVC the decision read (the target, or the one a pod volume mounts), or null.
  const k8s::persistent_volume_claim* pvc = nullptr;
  /// The PV the decision read (the target, or the PVC's bound PV), or null; and how the
  /// PVC's PV was looked up (not_needed for a PV target or a pod volume without PVC).
  const k8s::persistent_volume* pv = nullptr;
  pv_lookup_status lookup = pv_lookup_status::not_needed;
  /// True when the helper asked the volume policies (it has a policy document and reached the
  /// match step); `matched_on` is then what it matched: the PV (or, when there is none, the
  /// pod volume) and the PVC — as Velero's GetMatchAction received them. Explaining a decision
  /// re-judges every policy on exactly this data (policy::evaluate_policies).
  bool consulted_policies = false;
  policy::volume_filter_data matched_on;
};

/// One line of text for a decision, without the answer itself:
///     "volumePolicies[1] (fs-backup)"                                    (policy_action)
///     "global volumePolicies[0] (custom)"                                (scope global)
///     "custom action parameter `myCustomAction` differs in volumePolicies[0]"
///     "hostPath volumes are never fs-backed-up"                          (excluded_volume)
///     "listed in backup.velero.io/backup-volumes"                        (annotation_opt_in)
///     "pod ns/web volume `data` is fs-backed-up (listed in backup.velero.io/backup-volumes)"
///     "no volume policy matched; snapshotVolumes is unset"
/// Stable wording; it allocates, so call it when printing, not per decision in a hot loop.
[[nodiscard]] std::string describe(const decision& d);

/// "volumePolicies[2]" or "global volumePolicies[0]": the policy's place in its own document.
/// The one spelling of a policy's name: every report, finding and message uses it.
[[nodiscard]] std::string policy_label(const policy::volume_policy& p);

/// policy_label with the action type as written: "volumePolicies[2] (fs-backup)",
/// "global volumePolicies[0] (skip)".
[[nodiscard]] std::string policy_label_with_action(const policy::volume_policy& p);

}  // namespace volpol::helper
