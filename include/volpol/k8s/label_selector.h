// volpol/k8s/label_selector.h — Kubernetes label selectors: checking one as the API server
// does, and matching it against a set of labels.
//
// Mirrors k8s.io/apimachinery: metav1 `LabelSelectorAsSelector` (pkg/apis/meta/v1/helpers.go),
// `labels.NewRequirement`, `Requirement.Matches`, `internalSelector.Matches` and
// `SelectorFromSet` (pkg/labels/selector.go).
//
//     label_selector_spec spec;
//     spec.match_labels = {{"app", "web"}};
//     spec.match_expressions = {{.key = "tier", .op = "In", .values = {"frontend"}}};
//     auto sel = label_selector_as_selector(spec);           // checks keys, values, operators
//     sel.value().matches(pod.metadata.labels);               // every requirement holds
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "volpol/core/result.h"
#include "volpol/core/value.h"
#include "volpol/detail/k8s/object_meta.h"

namespace volpol::k8s {

/// One `matchExpressions` item as written (metav1.LabelSelectorRequirement).
struct label_selector_requirement {
  std::string key;
  std::string op;  ///< `operator`: In, NotIn, Exists, DoesNotExist (checked later)
  std::vector<std::string> values;
  value_mark mark;                      ///< where the item starts (for diagnostics)
  std::vector<value_mark> value_marks;  ///< where each value is, parallel to `values` (may be empty)
};

/// metav1.LabelSelector as written: `matchLabels` (document order) and `matchExpressions`.
struct label_selector_spec {
  std::vector<std::pair<std::string, std::string>> match_labels;
  std::vector<label_selector_requirement> match_expressions;
  std::vector<value_mark> match_label_marks;  ///< where each matchLabels key is (may be empty)
};

/// One problem with a selector: `path` is relative to the selector
/// (`matchExpressions[1].operator`, `matchLabels.my app`).
struct selector_problem {
  std::string path;
  std::string message;  ///< "`Equals` is not a valid label selector operator"
  std::string help;     ///< "use In, NotIn, Exists or DoesNotExist"; may be empty
  value_mark mark;      ///< best position known, {0, 0} when none
};

/// The operators a built selector uses (`selection.Operator`). `equals` comes from matchLabels.
enum class selector_operator : std::uint8_t { equals, in, not_in, exists, does_not_exist };

/// One checked requirement (`labels.Requirement`).
struct label_requirement {
  std::string key;
  selector_operator op = selector_operator::equals;
  std::vector<std::string> values;

  /// Mirrors `Requirement.Matches`: In/Equals: the label is set and its value is listed;
  /// NotIn: the label is absent or its value is not listed; Exists / DoesNotExist: presence.
  [[nodiscard]] bool matches(const string_map& labels) const;
};

/// A checked selector (`labels.Selector`): the conjunction of its requirements.
class label_selector {
 public:
  /// Matches every label set (`labels.Everything()`: a selector with no requirement).
  [[nodiscard]] static label_selector everything() { return label_selector{}; }
  /// Matches nothing (`labels.Nothing()`: what a nil metav1.LabelSelector converts to).
  [[nodiscard]] static label_selector nothing() {
    label_selector s;
    s.nothing_ = true;
    return s;
  }
  /// One Equals requirement per entry, without checking syntax (`labels.SelectorFromSet` /
  /// `SelectorFromValidatedSet`): matches a label set that holds every entry of `set`. An
  /// empty `set` matches everything.
  [[nodiscard]] static label_selector from_set(const string_map& set);

  void add(label_requirement r) { requirements_.push_back(std::move(r)); }
  [[nodiscard]] const std::vector<label_requirement>& requirements() const { return requirements_; }
  /// True when it selects everything (no requirement, not `nothing()`).
  [[nodiscard]] bool is_everything() const { return !nothing_ && requirements_.empty(); }

  /// Mirrors `internalSelector.Matches`: every requirement holds.
  [[nodiscard]] bool matches(const string_map& labels) const;

 private:
  std::vector<label_requirement> requirements_;
  bool nothing_ = false;
};

/// Every problem `metav1.LabelSelectorAsSelector` could find in `spec` (Go stops at the first):
/// each matchLabels key must be a qualified name and each value a label value; each expression's
/// operator must be In, NotIn, Exists or DoesNotExist (exact case); In / NotIn need at least one
/// value; Exists / DoesNotExist take none; every key and value has label syntax.
/// An empty spec has no problem (it selects everything).
[[nodiscard]] std::vector<selector_problem> check_label_selector(const label_selector_spec& spec);

/// Mirrors `metav1.LabelSelectorAsSelector` on a non-nil selector: an empty spec gives
/// everything(); otherwise one requirement per matchLabels entry (Equals) and per expression.
/// @return the selector, or the first problem check_label_selector() reports, as a diagnostic
///         whose path is the problem's path.
[[nodiscard]] result<label_selector> label_selector_as_selector(const label_selector_spec& spec);

/// `labels.SelectorFromSet(set).Matches(labels.Set(labels))`: every entry of `set` is in
/// `labels` with the same value (an empty `set` matches anything). What Velero's `pvcLabels`
/// condition uses.
[[nodiscard]] bool selector_from_set_matches(const string_map& set, const string_map& labels);

}  // namespace volpol::k8s
