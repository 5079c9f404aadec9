// Private to the plan layer: one plan record as a document node (the fields of `plan -o json`),
// shared by the plan and explanation reports.
#pragma once

#include "document_model.h"
#include "volpol/plan/planner.h"

namespace volpol::plan::detail {

/// The record's fields, as `plan -o json|yaml` writes them (BackupVolumeInfo + volpol's).
[[nodiscard]] node volume_node(const volume_record& r, const plan_result& plan);

}  // namespace volpol::plan::detail
