// volpol/helper/volume_helper.h — Velero's VolumeHelper: per-volume decisions (snapshot,
// fs-backup, custom action, action parameters, data mover, VolumeSnapshotClass) from volume
// policies, pod annotations and the backup's settings.
//
// Mirrors the `VolumeHelper` interface (pkg/util/volumehelper/volume_policy_helper.go) and its
// implementation `volumeHelperImpl` (internal/volumehelper/volume_policy_helper.go, with the
// PVC→pod cache of NewVolumeHelperImplWithNamespaces / WithCache): the cluster given here plays
// the part of Velero's client and cache; objects not in it are "not found".
//
//     k8s::cluster c = ...;                        // PVs, PVCs, pods
//     policy::policies pols = ...;                 // built (and validated) policies
//     helper::volume_helper h(&pols, {.snapshot_volumes = true}, c);
//     auto d = h.should_perform_snapshot(c.persistent_volume_claims()[0]);
//     if (auto* e = d.error()) report(*e);         // e.g. a Pending PVC no policy matched
//     else if (d->perform) snapshot(...);          // d->why says which rule decided
//
// Thread safety: every member function is const and touches no shared mutable state; one
// helper may answer from many threads. Cost: each question is a few index lookups plus one
// pass over the volume policies; the snapshot question also visits the pods that mount the
// claim (cluster::pods_using_pvc), never all pods. No call allocates unless it fails.
#pragma once

#include <memory>
#include <string>

#include "volpol/core/result.h"
#include "volpol/core/value.h"
#include "volpol/detail/helper/action_parameters.h"
#include "volpol/detail/helper/options.h"
#include "volpol/detail/k8s/persistent_volume.h"
#include "volpol/detail/k8s/persistent_volume_claim.h"
#include "volpol/detail/k8s/pod.h"
#include "volpol/helper/decision.h"
#include "volpol/k8s/cluster.h"
#include "volpol/policy/policies.h"

namespace volpol::helper {

/// The object of a snapshot / custom-action / parameters question: a PV or a PVC, plus the
/// resource it was given as (Velero's unstructured object + GroupResource). Converts
/// implicitly from either object; it only points to it.
class volume_object {
 public:
  volume_object(const k8s::persistent_volume& pv) : pv_(&pv) {}           // NOLINT(google-explicit-constructor)
  volume_object(const k8s::persistent_volume_claim& pvc) : pvc_(&pvc) {}  // NOLINT(google-explicit-constructor)

  [[nodiscard]] volume_resource resource() const {
    return pv_ ? volume_resource::persistent_volumes : volume_resource::persistent_volume_claims;
  }
  [[nodiscard]] const k8s::persistent_volume* pv() const { return pv_; }
  [[nodiscard]] const k8s::persistent_volume_claim* pvc() const { return pvc_; }

 private:
  const k8s::persistent_volume* pv_ = nullptr;
  const k8s::persistent_volume_claim* pvc_ = nullptr;
};

class volume_helper {
 public:
  /// A helper over `policies` (null: the backup has no resource policy, which differs from an
  /// empty document: with a document, PVCs are looked up even when nothing can match).
  /// `policies` and `cluster` must outlive the helper. Mirrors `NewVolumeHelperImpl...`.
  volume_helper(const policy::policies* policies, helper_options options, const k8s::cluster& cluster);
  /// As above, sharing ownership of the policies (what make_volume_helper() returns).
  volume_helper(std::shared_ptr<const policy::policies> policies, helper_options options, const k8s::cluster& cluster);

  /// Should the PV (or the PV bound to the PVC) be snapshotted? In Velero's order:
  ///  1. a PVC target's PV is looked up (get_pv_for_pvc); a failure is kept for step 3;
  ///  2. the first matching volume policy (PV + PVC, or the PVC alone when its PV is unknown)
  ///     decides: yes for `snapshot`, no for any other action          → policy_action;
  ///  3. nothing matched and a PVC target has no PV                    → error (the lookup's);
  ///  4. the PV has a claimRef and a pod mounting that claim fs-backs the volume up by its
  ///     annotations (opt-in or opt-out mode; volume kinds are not checked here) → no,
  ///     pod_fs_backup;
  ///  5. snapshotVolumes: unset or true → yes, false → no   → snapshot_volumes_unset/_true/_false.
  /// Mirrors `ShouldPerformSnapshot`.
  /// @return the decision, or the PV lookup error of step 3 (object = the PVC).
  [[nodiscard]] result<decision> should_perform_snapshot(volume_object target) const;

  /// Should pod volume `v` of pod `p` be fs-backed-up? In Velero's order:
  ///  1. a kind fs-backup never takes (exclusion_of)                   → no, excluded_volume;
  ///  2. with policies: a PVC volume's PVC must be in the cluster (else error), its PV is looked
  ///     up (a failure is kept); the first matching policy over (PV, PVC) — or (pod volume, PVC)
  ///     when the PV is unknown, or the pod volume alone — decides: yes for `fs-backup`, no for
  ///     any other action                                                → policy_action;
  ///     nothing matched and the PV is unknown                           → error (the lookup's);
  ///  3. the annotations decide (fs_backup_by_annotations)  → annotation_opt_in, not_opted_in,
  ///     annotation_opt_out, default_fs_backup.
  /// Without policies no PVC or PV is looked up. Mirrors `ShouldPerformFSBackup`.
  /// @return the decision, or the PVC / PV lookup error of step 2.
  [[nodiscard]] result<decision> should_perform_fs_backup(const k8s::pod_volume& v, const k8s::pod& p) const;

  /// Does a custom action with parameters `match_params` apply to the volume? Yes only when the
  /// first matching policy is `custom` and holds every key of `match_params` with an equal,
  /// same-typed value (first_differing_parameter). A PVC whose PV is unknown is matched on the
  /// PVC alone and never fails. `match_params`: a mapping, or null (requires nothing).
  /// Mirrors `ShouldPerformCustomAction`.
  /// @return the decision (policy_action, custom_parameters_differ, no_policy_match,
  ///         pv_not_found), or an error when match_params is neither null nor a mapping.
  [[nodiscard]] result<decision> should_perform_custom_action(volume_object target, const value& match_params) const;

  /// The first matching policy's action type and parameters, as written. A PVC whose PV is
  /// unknown reports not matched (even if a PVC-only condition would match), without error.
  /// Mirrors `GetActionParameters`.
  [[nodiscard]] action_parameters get_action_parameters(volume_object target) const;

  /// The data mover for the volume: the matched `snapshot` action's `dataMover` ("" and
  /// "velero" give the default built-in mover "velero-fs"; absent gives "velero-fs"). Every
  /// other outcome — not matched, a PVC whose PV is unknown, a non-snapshot action, an
  /// invalid dataMover — gives "" and never an error.
  /// Mirrors `GetDataMoverFromActionParameters`.
  [[nodiscard]] std::string data_mover_for_volume(volume_object target) const;

  /// The VolumeSnapshotClass for the volume: "" when not matched (a PVC whose PV is unknown
  /// included); the matched snapshot action's `snapshotClass`, or "" when absent.
  /// Mirrors `GetSnapshotClass`.
  /// @return the class, or an error naming `snapshotClass` when the matched action is not
  ///         `snapshot` or the parameter is not a string.
  [[nodiscard]] result<std::string> get_snapshot_class(volume_object target) const;

  [[nodiscard]] const policy::policies* policies() const { return policies_; }
  [[nodiscard]] const helper_options& options() const { return options_; }
  [[nodiscard]] const k8s::cluster& cluster() const { return *cluster_; }

 private:
  struct resolved;  // the target's PV / PVC and the matched policy (volume_helper.cpp)
  [[nodiscard]] resolved resolve(volume_object target) const;

  std::shared_ptr<const policy::policies> owned_;
  const policy::policies* policies_ = nullptr;
  helper_options options_;
  const k8s::cluster* cluster_ = nullptr;
};

}  // namespace volpol::helper
