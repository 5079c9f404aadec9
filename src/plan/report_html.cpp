// `-o html` (html_report.h): the page model for plan and coverage, and the one writer.
#include "volpol/plan/html_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "volpol/detail/plan/reason_text.h"
#include "volpol/plan/explain_report.h"

namespace volpol::plan {

namespace {

/// Text as HTML: escape_text first (no control byte reaches the page), then the five
/// characters HTML gives meaning to.
std::string html(std::string_view text) {
  const std::string safe = escape_text(text, /*keep_newlines=*/true);
  std::string out;
  out.reserve(safe.size());
  for (char c : safe) switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  return out;
}

std::string dash(std::string_view s) { return s.empty() ? std::string("-") : std::string(s); }

/// The colour of a method label (and coverage's statuses), for the chart and the rows.
std::string_view colour(std::string_view method) {
  static constexpr std::pair<std::string_view, std::string_view> colours[] = {
      {"fs-backup", "#1b9e9e"},       {"csi-snapshot", "#2e8b3e"},  {"csi-snapshot-data-movement", "#6aa84f"},
      {"native-snapshot", "#3c78d8"}, {"custom", "#a64d79"},        {"skipped", "#e69138"},
      {"shared-pvc", "#999999"},      {"not-backed-up", "#bf9000"}, {"error", "#cc0000"},
      {"unprotected", "#cc0000"},     {"kube-state", "#b7b7b7"}};
  for (const auto& [m, c] : colours)
    if (m == method) return c;
  return "#666666";
}

std::string_view volume_name(std::string_view key, std::string_view ns) {
  if (!ns.empty() && key.size() > ns.size() && key.starts_with(ns) && key[ns.size()] == '/')
    key.remove_prefix(ns.size() + 1);
  return key;
}

constexpr std::string_view style = R"(
:root{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f1f1f;background:#fff}
body{margin:1.5rem 2rem}h1{font-size:1.5rem;margin:0 0 .25rem}h2{font-size:1.15rem;margin:1.5rem 0 .5rem}
.context{color:#555;margin:0;font-size:.9rem}
table{border-collapse:collapse;font-size:.85rem;width:100%}
th,td{border-bottom:1px solid #e0e0e0;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f3f3f3;position:sticky;top:0}
table.volumes th{cursor:pointer;user-select:none}
th[aria-sort=ascending]::after{content:" \25B2"}th[aria-sort=descending]::after{content:" \25BC"}
.method{display:inline-block;padding:0 .4rem;border-radius:.6rem;color:#fff;font-size:.8rem;white-space:nowrap}
details summary{cursor:pointer}details pre{white-space:pre-wrap;font-size:.8rem;background:#fafafa;padding:.5rem;margin:.3rem 0}
#filter{font-size:.9rem;padding:.3rem .5rem;width:24rem;max-width:100%}#shown{color:#555;margin-left:.75rem}
.legend span{display:inline-block;margin-right:1rem;font-size:.8rem}.legend i{display:inline-block;width:.8rem;height:.8rem;margin-right:.3rem;vertical-align:middle}
ul.notes{font-size:.85rem;color:#444}
@media print{#filter,#shown{display:none}th{position:static}body{margin:0}a{color:inherit}}
)";

constexpr std::string_view script = R"(
(function(){
var table=document.querySelector('table.volumes');if(!table)return;
var body=table.tBodies[0],rows=Array.prototype.slice.call(body.rows),heads=table.tHead.rows[0].cells;
function text(r,i){return r.cells[i].getAttribute('data-sort')||r.cells[i].textContent.trim();}
Array.prototype.forEach.call(heads,function(th,i){th.addEventListener('click',function(){
var dir=th.getAttribute('aria-sort')==='ascending'?-1:1;
Array.prototype.forEach.call(heads,function(h){h.removeAttribute('aria-sort');});
th.setAttribute('aria-sort',dir>0?'ascending':'descending');
rows.sort(function(a,b){var x=text(a,i),y=text(b,i),nx=parseFloat(x),ny=parseFloat(y);
var c=(!isNaN(nx)&&!isNaN(ny)&&String(nx)===x&&String(ny)===y)?nx-ny:x.localeCompare(y);return c*dir;});
rows.forEach(function(r){body.appendChild(r);});});});
var filter=document.getElementById('filter'),shown=document.getElementById('shown');
function apply(){var words=filter.value.toLowerCase().split(/\s+/).filter(Boolean),n=0;
rows.forEach(function(r){var t=r.textContent.toLowerCase(),ok=words.every(function(w){return t.indexOf(w)>=0;});
r.hidden=!ok;if(ok)n++;});shown.textContent=n+' of '+rows.length+' volumes';}
filter.addEventListener('input',apply);apply();
window.addEventListener('beforeprint',function(){document.querySelectorAll('details').forEach(function(d){d.open=true;});});
})();
)";

void append_chart(const html_report& r, std::string& out) {
  if (r.chart.empty()) return;
  std::size_t most = 1;
  for (const html_report::bar& b : r.chart) {
    std::size_t total = 0;
    for (std::size_t n : b.counts) total += n;
    most = std::max(most, total);
  }
  constexpr int label_width = 180, bar_width = 560, row_height = 22;
  const int height = static_cast<int>(r.chart.size()) * row_height + 4;
  out += "<section id=\"chart\"><h2>Volumes by method per namespace</h2>\n";
  out += fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"Volumes by method per namespace\" "
      "width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\">\n",
      label_width + bar_width + 60, height, label_width + bar_width + 60, height);
  for (std::size_t i = 0; i < r.chart.size(); ++i) {
    const html_report::bar& b = r.chart[i];
    const int y = static_cast<int>(i) * row_height + 2;
    out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\" font-size=\"12\">{}</text>\n", label_width - 8,
                       y + 15, html(b.label.empty() ? "(cluster)" : b.label));
    double x = label_width;
    std::size_t total = 0;
    for (std::size_t s = 0; s < b.counts.size() && s < r.series.size(); ++s) {
      if (b.counts[s] == 0) continue;
      total += b.counts[s];
      const double w = static_cast<double>(b.counts[s]) * bar_width / static_cast<double>(most);
      out += fmt::format(
          "<rect x=\"{:.1f}\" y=\"{}\" width=\"{:.1f}\" height=\"{}\" fill=\"{}\"><title>{}: {} {}</title></rect>\n", x,
          y, w, row_height - 6, colour(r.series[s]), html(b.label), b.counts[s], html(r.series[s]));
      x += w;
    }
    out += fmt::format("<text x=\"{:.1f}\" y=\"{}\" font-size=\"12\">{}</text>\n", x + 6, y + 15, total);
  }
  out += "</svg>\n<div class=\"legend\">";
  for (const std::string& s : r.series)
    out += fmt::format("<span><i style=\"background:{}\"></i>{}</span>", colour(s), html(s));
  out += "</div></section>\n";
}

html_report records_html(std::string title, const std::vector<const volume_record*>& records, const plan_result& plan,
                         const report_context& ctx) {
  html_report r;
  r.title = std::move(title);
  if (!ctx.inputs.empty()) r.context.push_back(fmt::format("inputs: {}", fmt::join(ctx.inputs, ", ")));
  if (!ctx.policy_file.empty()) r.context.push_back("resource policy: " + ctx.policy_file);
  if (!ctx.global_policy_file.empty()) r.context.push_back("global policy: " + ctx.global_policy_file);
  r.context.push_back(
      fmt::format("{} volumes in the plan{}", plan.summary.volumes,
                  records.size() == plan.volumes.size() ? "" : fmt::format(", {} shown", records.size())));
  r.columns = {"NAMESPACE", "VOLUME", "POD/VOLUME", "PVC", "PV", "STORAGECLASS", "METHOD", "POLICY", "REASON"};
  for (std::string_view m : method_labels) r.series.emplace_back(m);
  std::map<std::string, std::vector<std::size_t>> by_namespace;
  for (const volume_record* record : records) {
    const volume_record& v = *record;
    const std::string ns(!v.pvc_namespace.empty() ? v.pvc_namespace.view() : v.pod_namespace.view());
    const std::string key = volume_key(v);
    const std::string_view method = method_label(v);
    html_report::row row;
    row.cells = {dash(ns),
                 std::string(volume_name(key, ns)),
                 v.pod_name.empty() ? "-" : fmt::format("{}/{}", v.pod_name.view(), v.pod_volume.view()),
                 dash(v.pvc_name.view()),
                 dash(v.pv_name.view()),
                 dash(v.storage_class.view()),
                 std::string(method),
                 dash(policy_label(v))};
    row.method = std::string(method);
    row.summary = reason_text(v, plan);
    row.details = v.steps().empty() ? std::string() : explanation_text(v, plan);
    r.rows.push_back(std::move(row));
    auto& counts = by_namespace[ns];
    counts.resize(r.series.size());
    for (std::size_t s = 0; s < r.series.size(); ++s)
      if (r.series[s] == method) ++counts[s];
  }
  for (auto& [ns, counts] : by_namespace) r.chart.push_back({ns, std::move(counts)});
  for (plan_note n : plan.notes) r.notes.push_back(plan_note_text(n, plan));
  for (const std::string& n : ctx.cluster_notes) r.notes.push_back(n);
  for (const diagnostic& d : ctx.input_problems) r.notes.push_back(d.to_string());
  return r;
}

}  // namespace

html_report plan_html(const plan_result& plan, const report_context& ctx) {
  std::vector<const volume_record*> all;
  all.reserve(plan.volumes.size());
  for (const volume_record& v : plan.volumes) all.push_back(&v);
  return records_html("volpol plan", all, plan, ctx);
}

html_report explain_html(const std::vector<const volume_record*>& records, const plan_result& plan,
                         const report_context& ctx) {
  return records_html("volpol explain", records, plan, ctx);
}

html_report coverage_html(const coverage_result& c) {
  html_report r;
  r.title = "volpol coverage";
  r.context.push_back(fmt::format("Velero namespace {}, Velero {}", c.velero_namespace, c.velero_release));
  r.context.push_back(fmt::format("{} volumes, {} unprotected, {} Schedules{}", c.volumes.size(), c.unprotected.size(),
                                  c.sources.size(), c.sources.empty() ? " (nothing protects any volume)" : ""));
  r.columns = {"NAMESPACE", "VOLUME", "STATUS", "PROTECTED BY", "NEWEST COPY AT MOST"};
  for (const coverage_source& s : c.sources) r.columns.push_back(source_label(s));
  r.series = {"fs-backup",   "csi-snapshot", "csi-snapshot-data-movement", "native-snapshot", "custom",
              "unprotected", "kube-state"};
  for (const coverage_volume& v : c.volumes) {
    html_report::row row;
    const std::vector<std::string> by = protected_by(v, c);
    std::string details;
    for (const coverage_entry& e : v.entries) {
      const coverage_source& s = c.sources[e.source];
      details += fmt::format("{} {}{}: {}{}\n  {}\n", s.k == coverage_source::kind::schedule ? "Schedule" : "Backup",
                             s.name, s.runs ? "" : " (creates no Backup)", e.method,
                             e.policy.empty() ? "" : " by " + e.policy, e.reason);
    }
    row.cells = {dash(v.namespace_), v.name, std::string(to_string(v.status)),
                 dash(fmt::format("{}", fmt::join(by, ", "))),
                 v.newest_copy_age ? short_duration_text(*v.newest_copy_age) : "-"};
    for (const coverage_entry& e : v.entries) row.cells.push_back(e.method);
    // Newest copy sorts by seconds; "-" (none) after every duration.
    row.sort_keys.resize(row.cells.size());
    row.sort_keys[4] = v.newest_copy_age ? std::to_string(*v.newest_copy_age) : "999999999999";
    row.method = v.status == coverage_status::protected_volume ? v.method : std::string(to_string(v.status));
    row.summary = v.status == coverage_status::protected_volume ? fmt::format("protected by {}", fmt::join(by, ", "))
                                                                : unprotected_text(v, c);
    row.details = std::move(details);
    r.rows.push_back(std::move(row));
  }
  for (const coverage_namespace& ns : c.namespaces) {
    html_report::bar b{ns.name, std::vector<std::size_t>(r.series.size())};
    for (std::size_t s = 0; s < r.series.size(); ++s) {
      if (auto it = ns.by_method.find(r.series[s]); it != ns.by_method.end()) b.counts[s] = it->second;
      if (r.series[s] == "unprotected") b.counts[s] = ns.unprotected;
      if (r.series[s] == "kube-state") b.counts[s] = ns.kube_state;
    }
    r.chart.push_back(std::move(b));
  }
  html_report::table schedules{"Schedules",
                               {{"KIND", "NAME", "SCHEDULE", "RUNS", "LONGEST INTERVAL", "TTL", "RESOURCE POLICY",
                                 "VOLUMES COPIED"}}};
  for (const coverage_source& s : c.sources) {
    const std::optional<std::size_t> copied = copied_volumes(s);
    schedules.rows.push_back({s.k == coverage_source::kind::schedule ? "Schedule" : "Backup", s.name, dash(s.cron),
                              s.paused ? "paused" : (s.runs ? "yes" : "no"),
                              s.timing.longest_interval ? short_duration_text(*s.timing.longest_interval) : "-",
                              short_duration_text(s.ttl) + (s.ttl_default ? " (default)" : ""),
                              dash(s.policy_config_map), copied ? std::to_string(*copied) : std::string("-")});
  }
  r.tables.push_back(std::move(schedules));
  html_report::table namespaces{"Namespaces", {{"NAMESPACE", "VOLUMES", "PROTECTED", "UNPROTECTED", "KUBE-STATE"}}};
  for (const coverage_namespace& ns : c.namespaces)
    namespaces.rows.push_back({dash(ns.name), std::to_string(ns.volumes), std::to_string(ns.protected_volumes),
                               std::to_string(ns.unprotected), std::to_string(ns.kube_state)});
  r.tables.push_back(std::move(namespaces));
  for (const diagnostic& d : c.problems) r.notes.push_back(d.to_string());
  return r;
}

void write_html(const html_report& r, std::FILE* out) {
  std::string o;
  o += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
       "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
       "<meta name=\"generator\" content=\"volpol\">\n";
  o += fmt::format("<title>{}</title>\n<style>{}</style>\n</head>\n<body>\n<header><h1>{}</h1>\n", html(r.title), style,
                   html(r.title));
  for (const std::string& line : r.context) o += fmt::format("<p class=\"context\">{}</p>\n", html(line));
  o += "</header>\n";
  append_chart(r, o);
  o += "<section id=\"volumes\"><h2>Volumes</h2>\n"
       "<p><input id=\"filter\" type=\"search\" placeholder=\"Filter: words in any column\" "
       "aria-label=\"Filter volumes\"><span id=\"shown\"></span></p>\n"
       "<table class=\"volumes\">\n<thead><tr>";
  for (const std::string& c : r.columns) o += fmt::format("<th scope=\"col\">{}</th>", html(c));
  o += "<th scope=\"col\">WHY</th></tr></thead>\n<tbody>\n";
  const auto method_column = std::find_if(r.columns.begin(), r.columns.end(),
                                          [](const std::string& c) { return c == "METHOD" || c == "STATUS"; }) -
                             r.columns.begin();
  for (const html_report::row& row : r.rows) {
    o += fmt::format("<tr data-method=\"{}\">", html(row.method));
    for (std::size_t i = 0; i < row.cells.size(); ++i) {
      if (static_cast<std::ptrdiff_t>(i) == method_column)
        o += fmt::format("<td><span class=\"method\" style=\"background:{}\">{}</span></td>", colour(row.method),
                         html(row.cells[i]));
      else if (i < row.sort_keys.size() && !row.sort_keys[i].empty())
        o += fmt::format("<td data-sort=\"{}\">{}</td>", html(row.sort_keys[i]), html(row.cells[i]));
      else o += fmt::format("<td>{}</td>", html(row.cells[i]));
    }
    if (row.details.empty()) o += fmt::format("<td>{}</td>", html(row.summary));
    else
      o += fmt::format("<td><details><summary>{}</summary><pre>{}</pre></details></td>", html(row.summary),
                       html(row.details));
    o += "</tr>\n";
  }
  o += "</tbody>\n</table>\n</section>\n";
  for (const html_report::table& t : r.tables) {
    if (t.rows.size() <= 1) continue;
    o += fmt::format("<section><h2>{}</h2>\n<table>\n<thead><tr>", html(t.title));
    for (const std::string& c : t.rows[0]) o += fmt::format("<th scope=\"col\">{}</th>", html(c));
    o += "</tr></thead>\n<tbody>\n";
    for (std::size_t i = 1; i < t.rows.size(); ++i) {
      o += "<tr>";
      for (const std::string& c : t.rows[i]) o += fmt::format("<td>{}</td>", html(c));
      o += "</tr>\n";
    }
    o += "</tbody>\n</table>\n</section>\n";
  }
  if (!r.notes.empty()) {
    o += "<section><h2>Notes</h2>\n<ul class=\"notes\">\n";
    for (const std::string& n : r.notes) o += fmt::format("<li>{}</li>\n", html(n));
    o += "</ul>\n</section>\n";
  }
  o += fmt::format("<script>{}</script>\n</body>\n</html>\n", script);
  std::fwrite(o.data(), 1, o.size(), out);
}

}  // namespace volpol::plan
