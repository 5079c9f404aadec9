// volpol/plan/html_report.h — `-o html` for plan, explain and coverage: one self-contained
// file (CSS and JavaScript inline, nothing fetched), for people to open, share and print.
//
// The page: a title and what it was made from; a chart of the volumes by method per namespace
// (inline SVG); the volume table, sortable (click a header) and filterable (the search box
// keeps rows containing every word typed); each row's explanation one click away (a
// <details> cell); further tables (the Schedules, the namespaces) and the notes. Printing
// opens every explanation. Cells are escaped (escape_text, then HTML): input never becomes
// markup.
//
//     plan::write_html(plan::plan_html(result, ctx, explanations), stdout);
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "volpol/plan/coverage.h"
#include "volpol/plan/report.h"

namespace volpol::plan {

/// What an HTML page shows, as text: write_html lays it out.
struct html_report {
  std::string title;                 ///< "volpol plan"
  std::vector<std::string> context;  ///< lines under the title (inputs, policies, release)
  std::vector<std::string> columns;  ///< the volume table's header
  struct row {
    std::vector<std::string> cells;  ///< one per column
    /// Sort keys where a cell's text does not sort ("7d" after "30d"): numbers, by column; ""
    /// = the cell's text.
    std::vector<std::string> sort_keys;
    std::string method;   ///< the method label, for the row's colour (method_label names)
    std::string summary;  ///< the explanation's one line (the <summary>)
    std::string details;  ///< the explanation, preformatted ("" = none)
  };
  std::vector<row> rows;
  /// The chart: one stacked bar per namespace, one segment per series (a method label).
  std::vector<std::string> series;
  struct bar {
    std::string label;                ///< the namespace
    std::vector<std::size_t> counts;  ///< one per series
  };
  std::vector<bar> chart;
  struct table {
    std::string title;
    std::vector<std::vector<std::string>> rows;  ///< the first is the header
  };
  std::vector<table> tables;
  std::vector<std::string> notes;
};

/// The plan's page: rows as `plan -o wide` (NAMESPACE, VOLUME, POD/VOLUME, PVC, PV,
/// STORAGECLASS, METHOD, POLICY), the reason as each row's summary and, for a traced plan
/// (plan_input::trace), the text `volpol explain` writes for the volume as its details.
/// Chart: the volumes of each namespace by method.
[[nodiscard]] html_report plan_html(const plan_result& plan, const report_context& ctx);
/// The same page for the chosen records of a traced plan (`volpol explain ... -o html`).
[[nodiscard]] html_report explain_html(const std::vector<const volume_record*>& records, const plan_result& plan,
                                       const report_context& ctx);
/// The coverage page: one row per volume (NAMESPACE, VOLUME, STATUS, PROTECTED BY, NEWEST COPY
/// AT MOST, one column per Schedule), each Schedule's reason as the details; the chart by best
/// method (and unprotected, kube-state); the Schedules and namespaces tables.
[[nodiscard]] html_report coverage_html(const coverage_result& c);

/// The page, as one HTML5 document. Deterministic: the same report gives the same bytes.
void write_html(const html_report& r, std::FILE* out);

}  // namespace volpol::plan
