// volpol/verify/plan_diff.h — two plans side by side (`volpol diff`): which volumes change
// method, deciding policy, snapshot class or data mover, with both explanations.
//
// Volumes are matched by plan::volume_key (PVC, else pod volume, else PV), so the two plans may
// come from two policies, two option sets or two dumps of a cluster (a volume in only one of
// them is `only in A` / `only in B`).
//
//     plan_diff d = diff_plans(a->plan, b->plan);
//     d.changes.size();                 // volumes that change; d.unchanged the rest
//     render_diff_text(d, {"--policy a.yaml", "--policy b.yaml"});
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "volpol/detail/verify/volume_outcome.h"
#include "volpol/plan/planner.h"

namespace volpol::verify {

struct volume_change {
  std::string key;                  ///< plan::volume_key
  std::string title;                ///< volume_title (side B's record when it has one)
  std::optional<volume_outcome> a;  ///< nullopt: not in plan A
  std::optional<volume_outcome> b;  ///< nullopt: not in plan B
  std::string explanation_a, explanation_b;
  bool method = false, policy = false, snapshot_class = false, data_mover = false;  ///< what changes
};

struct plan_diff {
  std::vector<volume_change> changes;  ///< in plan B's order, then volumes only in A (in A's order)
  std::size_t volumes_a = 0, volumes_b = 0;
  std::size_t unchanged = 0;  ///< volumes in both plans with the same outcome
  std::size_t method = 0, policy = 0, snapshot_class = 0, data_mover = 0;  ///< changes per field
  std::size_t only_a = 0, only_b = 0;
  [[nodiscard]] bool empty() const { return changes.empty(); }
};

/// Compares two plans volume by volume (method, deciding policy, snapshot class, data mover).
[[nodiscard]] plan_diff diff_plans(const plan::plan_result& a, const plan::plan_result& b);

/// What each side is (`--policy a.yaml`), for the header.
struct diff_labels {
  std::string a, b;
  std::string velero_a, velero_b;  ///< the Velero release each side was planned for ("v1.18.2", "main")
};

/// One block per changed volume (`field: A -> B` for each field that changes, then both
/// explanations), then the summary: `N of M volumes change: ...` (or `no volume changes`).
[[nodiscard]] std::string render_diff_text(const plan_diff& d, const diff_labels& labels);
/// {"kind": "VolumePlanDiff", "a", "b", "summary": {...}, "changes": [{key, volume, a, b, changed: [...],
/// explanationA, explanationB}]}; a side without the volume is null.
[[nodiscard]] std::string render_diff_json(const plan_diff& d, const diff_labels& labels);

}  // namespace volpol::verify
