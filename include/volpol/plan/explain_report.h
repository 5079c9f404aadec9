// volpol/plan/explain_report.h — explanations for people (text) and machines (JSON, YAML).
//
// Text: per volume its identity, outcome, every step (named after the Velero function) with
// each volume policy it judged and each condition's verdict — the condition as written and
// the volume's value —, the deciding step marked `=>`, the legacy rules, near misses and what
// would change the outcome. JSON / YAML carry the same, field for field:
//     {"kind": "VolumeExplanation", "notes": [...], "problems": [...], "policies": [...],
//      "volumes": [{"volume", "record", "steps", "legacy", "nearMisses", "suggestions"}]}
// `policies` describes every volume policy once (file, line, action, conditions as written);
// evaluations refer to them by label.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "volpol/plan/explanation.h"
#include "volpol/plan/report.h"

namespace volpol::plan {

/// One record's explanation as write_explanations_text writes it (without the notes and
/// problems that follow the volumes): for a page that shows each volume's apart (html_report.h).
[[nodiscard]] std::string explanation_text(const volume_record& r, const plan_result& plan);

/// The text form of the given records' explanations (records of `plan`, traced).
/// `ctx.input_problems` are listed after the volumes (JSON / YAML: `problems`). Each record's
/// text is made on `ctx.threads` threads (ordered_text: the same bytes for any number).
void write_explanations_text(const std::vector<const volume_record*>& records, const plan_result& plan,
                             const report_context& ctx, std::FILE* out);
/// The JSON document; streamed one volume at a time.
void write_explanations_json(const std::vector<const volume_record*>& records, const plan_result& plan,
                             const report_context& ctx, std::FILE* out);
/// The same document as YAML.
void write_explanations_yaml(const std::vector<const volume_record*>& records, const plan_result& plan,
                             const report_context& ctx, std::FILE* out);

}  // namespace volpol::plan
