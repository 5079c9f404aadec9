// volpol/detail/plan/item_collection.h — which pods, PersistentVolumeClaims and PersistentVolumes a
// Velero backup collects and backs up, and which filter leaves an item out.
//
// Mirrors, for the three resources a volume plan walks:
//   - pkg/util/collections/includes_excludes.go: `IncludesExcludes.ShouldInclude`,
//     `GlobalIncludesExcludes.ShouldInclude` / `ShouldExclude` (old-style filters:
//     includedResources, excludedResources, includeClusterResources),
//     `ScopeIncludesExcludes.ShouldInclude` / `ShouldExclude` / `CombineWithPolicy` (new-style
//     scoped filters, combined with the resource policy's includeExcludePolicy, the spec
//     winning), `UseOldResourceFilters`, `ValidateIncludesExcludes`,
//     `ValidateScopedIncludesExcludes`, `ValidateNamespaceIncludesExcludes`;
//   - pkg/controller/backup_controller.go `prepareBackupRequest`: namespaces labelled
//     `velero.io/exclude-from-backup=true` join excludedNamespaces; empty includedNamespaces is
//     `*`; old and new filters together, labelSelector with orLabelSelectors, an
//     includeExcludePolicy or fine-grained filter policies with old-style filters: validation
//     errors (the backup is FailedValidation);
//   - pkg/backup/backup.go: `resolveClusterScopedFilterPolicy`, `resolveNamespacedFilterPolicies`,
//     `resolveResourceFilter`, and the volume helper's backupExcludePVC =
//     !ResourceIncludesExcludes.ShouldInclude("persistentvolumeclaims");
//   - pkg/backup/request.go `GetNamespaceFilter` (exact namespace first, then glob patterns in
//     order; the last policy naming a pattern wins);
//   - pkg/backup/item_collector.go `getResourceItems`, `getNamespacesToList`,
//     `listResourceByLabelsPerNamespace` (labelSelector / orLabelSelectors, overridden per kind
//     by a fine-grained filter; a namespaced filter without the kind and without a catch-all
//     skips the kind);
//   - pkg/backup/item_backupper.go `itemInclusionChecks` (the label
//     `velero.io/exclude-from-backup=true`, namespace and resource re-checks, the per-kind name
//     filter, deletionTimestamp), which also applies to items pulled in as related items (a
//     pod's PVCs, a PVC's PV) — label selectors and the kind allowlist do not.
//
// Limits: resource names are the three walked (short names `pvc`, `pv`, `po` resolve as
// discovery resolves them); patterns are matched with plan::glob_match (`*`, `?`, `[...]`;
// gobwas/glob's `{a,b}` alternatives are not supported).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "volpol/core/result.h"
#include "volpol/detail/k8s/backup.h"
#include "volpol/detail/plan/resource_kind.h"
#include "volpol/k8s/cluster.h"
#include "volpol/k8s/label_selector.h"
#include "volpol/policy/policies.h"

namespace volpol::plan {

class namespace_includes_excludes;  // private to the plan layer

/// Why an item is not backed up (none = it is). Text is made by to_string / describe.
enum class item_exclusion : std::uint8_t {
  none,
  exclude_label,              ///< the item has velero.io/exclude-from-backup=true
  namespace_excluded,         ///< its namespace is not included (spec, or the namespace's exclude label)
  resource_not_included,      ///< a namespaced resource not included (ShouldInclude false)
  resource_excluded,          ///< a cluster-scoped resource excluded (ShouldExclude true)
  cluster_scoped_not_listed,  ///< a cluster-scoped resource not collected directly (reachable only as a related item)
  label_selector,             ///< spec.labelSelector (or the fine-grained filter's) does not match
  or_label_selectors,         ///< none of spec.orLabelSelectors (or the filter's) matches
  filter_kind_not_listed,  ///< namespacedFilterPolicies: the namespace's filter lists neither the kind nor a catch-all
  filter_name,             ///< the fine-grained filter's names / excludedNames leave the name out
  being_deleted,           ///< metadata.deletionTimestamp is set
};

[[nodiscard]] std::string_view to_string(item_exclusion e);  ///< "exclude-label", "namespace", ...

/// The setting that holds the deciding filter (JSON `filterOrigin`, a name kept for scripts).
enum class filter_setting : std::uint8_t {
  none,
  backup_spec,                   ///< the Backup's spec (includedNamespaces, includedResources, labelSelector ...)
  namespace_label,               ///< the Namespace object's velero.io/exclude-from-backup label
  include_exclude_policy,        ///< the resource policy's includeExcludePolicy
  namespaced_filter_policy,      ///< the resource policy's namespacedFilterPolicies
  cluster_scoped_filter_policy,  ///< the resource policy's clusterScopedFilterPolicy
  item_label,                    ///< the item's own label
  item_metadata,                 ///< the item's own metadata (deletionTimestamp)
};

[[nodiscard]] std::string_view to_string(filter_setting o);

/// The filter field that decided.
enum class filter_field : std::uint8_t {
  none,
  included_namespaces,
  excluded_namespaces,
  included_resources,         ///< old-style
  excluded_resources,         ///< old-style
  include_cluster_resources,  ///< old-style
  included_cluster_scoped_resources,
  excluded_cluster_scoped_resources,
  included_namespace_scoped_resources,
  excluded_namespace_scoped_resources,
  label_selector,      ///< spec.labelSelector, or the resource filter's
  or_label_selectors,  ///< spec.orLabelSelectors, or the resource filter's
  resource_filter,     ///< a fine-grained policy's resource filter (names / kinds)
  exclude_label,       ///< the item's velero.io/exclude-from-backup label
  deletion_timestamp,
};

[[nodiscard]] std::string_view to_string(filter_field f);  ///< "excludedNamespaceScopedResources" ...

/// The answer for one item: backed up (`why == none`) or left out, by which filter. Data
/// only: `pattern` is a view into the backup spec, the policies or the cluster the collection
/// was made from (which must outlive it); describe() makes the text.
struct item_inclusion {
  item_exclusion why = item_exclusion::none;
  filter_setting setting = filter_setting::none;
  filter_field field = filter_field::none;
  bool from_filter = false;        ///< the selector is the resource filter's, not the spec's
  std::uint16_t policy_index = 0;  ///< namespacedFilterPolicies[i] (setting namespaced_filter_policy)
  std::uint16_t filter_index =
      0;                     ///< ...resourceFilters[j] (field label_selector / or_label_selectors / resource_filter)
  std::string_view pattern;  ///< the deciding entry (`app-*`, `persistentvolumeclaims`), when one
  [[nodiscard]] bool included() const { return why == item_exclusion::none; }
  friend bool operator==(const item_inclusion&, const item_inclusion&) = default;
};

/// "resource excluded by includeExcludePolicy.excludedNamespaceScopedResources `persistentvolumeclaims`".
[[nodiscard]] std::string describe(const item_inclusion& i);

class item_collection {
 public:
  /// The collection a backup with `spec` does, with its (validated) resource `policies`
  /// (backup + global merged, or null). The spec is copied; `policies` and `cluster` must
  /// outlive the collection and its answers (they hold views into them). Namespaces of `cluster` labelled
  /// velero.io/exclude-from-backup=true are excluded (prepareBackupRequest).
  /// Validation problems Velero reports as ValidationErrors are added to `validation_errors`
  /// (each one an error; the backup then fails validation, nothing is backed up).
  /// @return the collection, or an error for a pattern that cannot be used at all.
  [[nodiscard]] static result<item_collection> make(const k8s::backup_spec& spec, const policy::policies* policies,
                                                    const k8s::cluster& cluster, diagnostics& validation_errors);

  /// Whether the item collector lists the item and itemInclusionChecks keeps it: the
  /// resource filter, the namespaces, label selectors, fine-grained filters, the exclude label.
  [[nodiscard]] item_inclusion collected(resource_kind kind, const k8s::object_meta& meta,
                                         bool has_deletion_timestamp = false) const;
  /// Whether an item reached as a related item (a pod's PVC, a PVC's PV) is backed up:
  /// itemInclusionChecks only (no label selectors, no kind allowlist, cluster-scoped items only
  /// when not explicitly excluded).
  [[nodiscard]] item_inclusion related(resource_kind kind, const k8s::object_meta& meta,
                                       bool has_deletion_timestamp = false) const;

  /// The volume helper's backupExcludePVC: !ShouldInclude("persistentvolumeclaims").
  [[nodiscard]] bool backup_exclude_pvc() const;
  /// True when the old-style filters are used (UseOldResourceFilters).
  [[nodiscard]] bool old_style() const { return old_style_; }
  /// Whether the backup includes namespace `ns` (its NamespaceIncludesExcludes, with the
  /// namespaces excluded by their label).
  [[nodiscard]] bool namespace_included(std::string_view ns) const;

  /// A resource filter of a fine-grained policy, resolved (`ResolvedResourceFilter`).
  struct resolved_filter {
    std::optional<k8s::label_selector> selector;  ///< nullopt: no labelSelector
    std::vector<k8s::label_selector> or_selectors;
    const std::vector<std::string>* names = nullptr;           ///< NameIE includes (into the policies)
    const std::vector<std::string>* excluded_names = nullptr;  ///< NameIE excludes
    filter_setting setting = filter_setting::namespaced_filter_policy;
    std::uint16_t policy_index = 0, filter_index = 0;
  };
  struct resolved_namespace_filter {
    std::vector<std::pair<resource_kind, const resolved_filter*>> kinds;
    const resolved_filter* catch_all = nullptr;
    std::uint16_t policy_index = 0;
  };

 private:
  struct pattern_set {                    // a globStringSet, each entry remembering where it came from
    std::vector<std::string_view> items;  // views into the spec, the policies, or static names
    std::vector<filter_setting> settings;
    void insert(std::string_view item, filter_setting o);
    [[nodiscard]] bool has(std::string_view s) const;
    [[nodiscard]] std::optional<std::size_t> match(std::string_view s) const;
    [[nodiscard]] bool empty() const { return items.empty(); }
  };
  struct scope_filter {  // IncludesExcludes
    pattern_set includes, excludes;
    [[nodiscard]] bool include_everything() const;
  };

  // The steps of make(), in order.
  /// prepareBackupRequest: namespaces labelled velero.io/exclude-from-backup=true join `ns_excludes`.
  void exclude_labelled_namespaces(const k8s::cluster& cluster, std::vector<std::string>& ns_excludes);
  /// The old-style resource filter (generateIncludesExcludes).
  void generate_includes_excludes(const k8s::backup_spec& spec);
  /// The scoped resource filters (generateScopedIncludesExcludes), combined with the policy's
  /// includeExcludePolicy when there is one.
  void generate_scoped_includes_excludes(const k8s::backup_spec& spec, const policy::resource_policies* doc);
  /// ScopeIncludesExcludes.CombineWithPolicy: the spec's entries win; the policy adds the rest.
  void combine_with_policy(const policy::include_exclude_policy& p);
  /// spec.labelSelector and spec.orLabelSelectors as selectors (a bad one is a validation error).
  void resolve_label_selectors(const k8s::backup_spec& spec, diagnostics& validation);
  /// The fine-grained filter policies: resolveClusterScopedFilterPolicy, then
  /// resolveNamespacedFilterPolicies (one namespaced policy per call), each filter through
  /// resolveResourceFilter.
  void resolve_filter_policies(const policy::resource_policies& doc, diagnostics& validation);
  void resolve_cluster_scoped_filter_policy(const policy::cluster_scoped_filter_policy& policy,
                                            diagnostics& validation);
  void resolve_namespaced_filter_policy(const policy::namespaced_filter_policy& nf, std::size_t p,
                                        diagnostics& validation);
  const resolved_filter* resolve_resource_filter(const policy::resource_filter& rf, filter_setting setting,
                                                 std::size_t policy_index, std::size_t filter_index,
                                                 diagnostics& validation);

  [[nodiscard]] item_inclusion should_include_resource(resource_kind kind) const;
  [[nodiscard]] item_inclusion should_exclude_resource(resource_kind kind) const;
  [[nodiscard]] item_inclusion inclusion_checks(resource_kind kind, const k8s::object_meta& meta, bool deleting) const;
  [[nodiscard]] const resolved_namespace_filter* namespace_filter_for(std::string_view ns) const;
  /// The steps of inclusion_checks (itemInclusionChecks): which filter excluded namespace `ns`;
  /// the fine-grained filter whose names apply to `kind` in `ns` ("" for cluster-scoped), or
  /// null; whether that filter's names / excludedNames leave `name` out.
  [[nodiscard]] item_inclusion namespace_exclusion(std::string_view ns) const;
  [[nodiscard]] const resolved_filter* name_filter_for(resource_kind kind, std::string_view ns) const;
  [[nodiscard]] static item_inclusion name_exclusion(const resolved_filter& rf, std::string_view name);
  [[nodiscard]] item_inclusion scope_exclusion(const scope_filter& f, bool include_side, std::size_t index,
                                               bool namespaced, item_exclusion why) const;
  [[nodiscard]] item_inclusion selector_exclusion(item_exclusion why, const resolved_filter* rf, bool namespaced) const;

  std::shared_ptr<const k8s::backup_spec> spec_;           ///< a copy: patterns are views into it
  std::shared_ptr<const namespace_includes_excludes> ns_;  ///< never null once made
  std::vector<std::string_view> labelled_namespaces_;      ///< excluded by their label (views into the cluster)
  bool old_style_ = false;
  std::optional<bool> include_cluster_resources_;
  scope_filter old_filter_;            // GlobalIncludesExcludes.resourceFilter
  scope_filter namespaced_, cluster_;  // ScopeIncludesExcludes
  std::optional<k8s::label_selector> label_selector_;
  std::vector<k8s::label_selector> or_label_selectors_;
  std::vector<resolved_filter> filters_;  // storage for the resolved filters (stable: reserved)
  std::vector<std::pair<resource_kind, const resolved_filter*>> cluster_filters_;
  bool has_cluster_filter_policy_ = false;
  std::vector<resolved_namespace_filter> namespace_filters_;
  std::vector<std::pair<std::string_view, std::size_t>> namespace_patterns_;  ///< pattern → filter, in order
};

}  // namespace volpol::plan
