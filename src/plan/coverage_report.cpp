// `volpol coverage -o table|wide|json|yaml|prometheus` (coverage.h).
#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "document_model.h"
#include "document_writer.h"
#include "text_columns.h"
#include "volpol/plan/coverage.h"

namespace volpol::plan {

namespace {

std::string cell(std::string_view s) { return s.empty() ? "-" : escape_text(s); }

std::string source_state(const coverage_source& s) {
  if (s.k == coverage_source::kind::backup) return s.runs ? "backup" : "failed";
  if (s.paused) return "paused";
  return s.runs ? "running" : "not-running";
}

template <class Fields>
void source_fields(const coverage_source& s, Fields& f) {
  f.text("kind", s.k == coverage_source::kind::schedule ? "Schedule" : "Backup");
  f.text("name", s.name);
  f.optional_text("schedule", s.cron);
  f.flag("paused", s.paused);
  f.flag("runs", s.runs);
  f.text("state", source_state(s));
  if (s.timing.longest_interval) {
    f.number("longestIntervalSeconds", static_cast<std::size_t>(*s.timing.longest_interval));
    f.text("longestInterval", go_duration_text(*s.timing.longest_interval));
  }
  if (s.k == coverage_source::kind::schedule) f.number("runsPerYear", s.timing.runs_per_year);
  f.number("ttlSeconds", static_cast<std::size_t>(std::max<std::int64_t>(s.ttl, 0)));
  f.text("ttl", go_duration_text(s.ttl));
  f.flag("ttlDefault", s.ttl_default);
  f.optional_text("resourcePolicy", s.policy_config_map);
  f.object("summary", [&](auto& o) {
    o.number("volumes", s.summary.volumes);
    o.number("fsBackup", s.summary.fs_backup);
    o.number("csiSnapshot", s.summary.csi_snapshot);
    o.number("csiSnapshotDataMovement", s.summary.csi_data_movement);
    o.number("nativeSnapshot", s.summary.native_snapshot);
    o.number("custom", s.summary.custom);
    o.number("skipped", s.summary.skipped);
    o.number("notBackedUp", s.summary.not_backed_up);
    o.number("errors", s.summary.errors);
  });
  f.list("notes", [&](auto& items) {
    for (const std::string& n : s.notes) items.text(n);
  });
  f.list("problems", [&](auto& items) {
    for (const diagnostic& d : s.problems) items.text(d.to_string());
  });
}

template <class Fields>
void identity_fields(const coverage_volume& v, Fields& f) {
  f.text("namespace", v.namespace_);
  f.text("volume", v.volume);
  f.text("name", v.name);
  f.optional_text("podName", v.pod);
  f.optional_text("podVolume", v.pod_volume);
  f.optional_text("pvcName", v.pvc);
  f.optional_text("pvName", v.pv);
}

template <class Fields>
void volume_fields(const coverage_volume& v, const coverage_result& c, Fields& f) {
  identity_fields(v, f);
  f.optional_text("storageClass", v.storage_class);
  f.optional_text("volumeType", v.volume_type);
  f.text("status", to_string(v.status));
  f.optional_text("method", v.method);
  if (v.best_source) f.text("bestSource", source_label(c.sources[*v.best_source]));
  if (v.newest_copy_age) {
    f.number("newestCopyAtMostSeconds", static_cast<std::size_t>(*v.newest_copy_age));
    f.text("newestCopyAtMost", go_duration_text(*v.newest_copy_age));
  }
  f.optional_text("why", to_string(v.why));
  f.optional_text("whyText", why_text(v, c));
  f.list("sources", [&](auto& items) {
    for (const coverage_entry& e : v.entries)
      items.object([&](auto& o) {
        const coverage_source& s = c.sources[e.source];
        o.text("kind", s.k == coverage_source::kind::schedule ? "Schedule" : "Backup");
        o.text("name", s.name);
        o.optional_text("schedule", s.cron);
        o.text("ttl", go_duration_text(s.ttl));
        if (s.timing.longest_interval) o.text("longestInterval", go_duration_text(*s.timing.longest_interval));
        o.flag("runs", s.runs);
        o.text("method", e.method);
        o.flag("copiesData", e.copies_data());
        o.optional_text("policy", e.policy);
        o.text("reason", e.reason);
      });
  });
}

detail::node coverage_document(const coverage_result& c) {
  detail::node_fields f;
  f.text("kind", "VolumeCoverage");
  f.text("veleroNamespace", c.velero_namespace);
  f.text("veleroRelease", c.velero_release);
  std::size_t protected_volumes = 0, kube_state = 0;
  for (const coverage_volume& v : c.volumes) {
    protected_volumes += v.status == coverage_status::protected_volume;
    kube_state += v.status == coverage_status::kube_state;
  }
  f.object("summary", [&](auto& o) {
    o.number("sources", c.sources.size());
    o.number("volumes", c.volumes.size());
    o.number("protected", protected_volumes);
    o.number("unprotected", c.unprotected.size());
    o.number("kubeState", kube_state);
  });
  f.list("sources", [&](auto& items) {
    for (const coverage_source& s : c.sources) items.object([&](auto& o) { source_fields(s, o); });
  });
  f.list("namespaces", [&](auto& items) {
    for (const coverage_namespace& ns : c.namespaces)
      items.object([&](auto& o) {
        o.text("name", ns.name);
        o.number("volumes", ns.volumes);
        o.number("protected", ns.protected_volumes);
        o.number("unprotected", ns.unprotected);
        o.number("kubeState", ns.kube_state);
        o.object("byMethod", [&](auto& m) {
          for (const auto& [method, n] : ns.by_method) m.number(method, n);
        });
      });
  });
  f.list("volumes", [&](auto& items) {
    for (const coverage_volume& v : c.volumes) items.object([&](auto& o) { volume_fields(v, c, o); });
  });
  f.list("unprotected", [&](auto& items) {
    for (std::size_t i : c.unprotected)
      items.object([&](auto& o) {
        const coverage_volume& v = c.volumes[i];
        identity_fields(v, o);
        o.text("why", to_string(v.why));
        o.text("whyText", why_text(v, c));
      });
  });
  f.list("problems", [&](auto& items) {
    for (const diagnostic& d : c.problems) items.text(d.to_string());
  });
  return f.take();
}

/// A Prometheus label value (text exposition format): a newline as `\n`, backslash and double
/// quote escaped; other control bytes and bytes that are not UTF-8 as escape_text shows them.
std::string label(std::string_view s) {
  std::string out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= s.size(); ++i) {
    if (i < s.size() && s[i] != '\n') continue;
    for (char ch : escape_text(s.substr(start, i - start))) {
      if (ch == '\\' || ch == '"') out += '\\';
      out += ch;
    }
    if (i < s.size()) out += "\\n";
    start = i + 1;
  }
  return out;
}

}  // namespace

std::string render_coverage_table(const coverage_result& c, const coverage_table_options& opt) {
  std::string out;
  std::vector<std::vector<std::string>> rows;
  if (!opt.no_headers) {
    std::vector<std::string> h = {"NAMESPACE", "VOLUME", "STATUS", "PROTECTED BY", "NEWEST COPY AT MOST"};
    if (opt.wide) {
      h.insert(h.begin() + 2, {"POD/VOLUME", "PVC", "PV", "STORAGECLASS"});
      for (const coverage_source& s : c.sources) h.push_back(escape_text(source_label(s)));
    }
    h.push_back("WHY");
    rows.push_back(std::move(h));
  }
  for (const coverage_volume& v : c.volumes) {
    std::vector<std::string> r = {cell(v.namespace_), cell(v.name), std::string(to_string(v.status)),
                                  cell(fmt::format("{}", fmt::join(protected_by(v, c), ","))),
                                  v.newest_copy_age ? short_duration_text(*v.newest_copy_age) : std::string("-")};
    if (opt.wide) {
      r.insert(r.begin() + 2,
               {cell(v.pod.empty() ? "" : v.pod + "/" + v.pod_volume), cell(v.pvc), cell(v.pv), cell(v.storage_class)});
      for (const coverage_entry& e : v.entries) r.push_back(e.method);
    }
    const std::string why = unprotected_text(v, c);
    r.push_back(cell(why));
    rows.push_back(std::move(r));
  }
  detail::append_padded_rows(rows, out);
  if (opt.no_headers) return out;

  out += fmt::format("\n{} in `{}` (Velero {}):\n", c.sources.empty() ? "no Schedules" : "Schedules",
                     escape_text(c.velero_namespace), c.velero_release);
  std::vector<std::vector<std::string>> srows = {
      {"KIND", "NAME", "SCHEDULE", "STATE", "LONGEST INTERVAL", "TTL", "RESOURCE POLICY", "COPIES"}};
  for (const coverage_source& s : c.sources) {
    const std::optional<std::size_t> copies = copied_volumes(s);
    srows.push_back({s.k == coverage_source::kind::schedule ? "Schedule" : "Backup", cell(s.name), cell(s.cron),
                     source_state(s), s.timing.longest_interval ? short_duration_text(*s.timing.longest_interval) : "-",
                     short_duration_text(s.ttl) + (s.ttl_default ? " (default)" : ""), cell(s.policy_config_map),
                     copies ? fmt::format("{} of {} volumes", *copies, s.summary.volumes) : std::string("-")});
  }
  if (!c.sources.empty()) detail::append_padded_rows(srows, out);

  out += "\nBy namespace:\n";
  std::vector<std::vector<std::string>> nrows = {
      {"NAMESPACE", "VOLUMES", "PROTECTED", "UNPROTECTED", "KUBE-STATE", "BY METHOD"}};
  std::size_t protected_volumes = 0, kube_state = 0;
  for (const coverage_namespace& ns : c.namespaces) {
    std::vector<std::string> methods;
    for (const auto& [m, n] : ns.by_method) methods.push_back(fmt::format("{} {}", n, m));
    nrows.push_back({cell(ns.name), std::to_string(ns.volumes), std::to_string(ns.protected_volumes),
                     std::to_string(ns.unprotected), std::to_string(ns.kube_state),
                     cell(fmt::format("{}", fmt::join(methods, ", ")))});
    protected_volumes += ns.protected_volumes;
    kube_state += ns.kube_state;
  }
  detail::append_padded_rows(nrows, out);
  out += fmt::format(
      "\n{} volumes: {} protected, {} unprotected, {} kube-state (configMap, secret, projected, downwardAPI: "
      "Velero backs up their objects)\n",
      c.volumes.size(), protected_volumes, c.unprotected.size(), kube_state);
  if (!c.problems.empty())  // each said on stderr; -o json lists them under `problems`
    out += fmt::format("{} problem{} (on stderr; -o json lists them)\n", c.problems.size(),
                       c.problems.size() == 1 ? "" : "s");
  return out;
}

void write_coverage_json(const coverage_result& c, std::FILE* out) {
  std::string text;
  detail::write_json(coverage_document(c), text, 0);
  text += '\n';
  std::fwrite(text.data(), 1, text.size(), out);
}

void write_coverage_yaml(const coverage_result& c, std::FILE* out) {
  YAML::Emitter e;
  detail::write_yaml(coverage_document(c), e);
  std::string text = e.c_str();
  text += '\n';
  std::fwrite(text.data(), 1, text.size(), out);
}

std::string coverage_prometheus_text(const coverage_result& c) {
  std::string out;
  out +=
      "# HELP volpol_volume_protected A Schedule (or Backup) of the Velero namespace copies the volume's data, by "
      "method.\n# TYPE volpol_volume_protected gauge\n";
  for (const coverage_volume& v : c.volumes)
    for (const coverage_entry& e : v.entries)
      if (c.sources[e.source].runs && e.copies_data())
        out += fmt::format(
            "volpol_volume_protected{{namespace=\"{}\",persistentvolumeclaim=\"{}\",volume=\"{}\",schedule=\"{}\","
            "kind=\"{}\",method=\"{}\"}} 1\n",
            label(v.namespace_), label(v.pvc), label(v.volume), label(c.sources[e.source].name),
            c.sources[e.source].k == coverage_source::kind::schedule ? "Schedule" : "Backup", label(e.method));
  out +=
      "# HELP volpol_unprotected_volumes Volumes whose data no Schedule copies, per namespace.\n"
      "# TYPE volpol_unprotected_volumes gauge\n";
  for (const coverage_namespace& ns : c.namespaces)
    out += fmt::format("volpol_unprotected_volumes{{namespace=\"{}\"}} {}\n", label(ns.name), ns.unprotected);
  out += "# HELP volpol_volumes Volumes per namespace and coverage status.\n# TYPE volpol_volumes gauge\n";
  for (const coverage_namespace& ns : c.namespaces) {
    out += fmt::format("volpol_volumes{{namespace=\"{}\",status=\"protected\"}} {}\n", label(ns.name),
                       ns.protected_volumes);
    out += fmt::format("volpol_volumes{{namespace=\"{}\",status=\"unprotected\"}} {}\n", label(ns.name),
                       ns.unprotected);
    out += fmt::format("volpol_volumes{{namespace=\"{}\",status=\"kube-state\"}} {}\n", label(ns.name), ns.kube_state);
  }
  out +=
      "# HELP volpol_coverage_sources Schedules (and Backups) planned, by whether they create copies.\n"
      "# TYPE volpol_coverage_sources gauge\n";
  std::size_t running = 0;
  for (const coverage_source& s : c.sources) running += s.runs;
  out += fmt::format("volpol_coverage_sources{{state=\"running\"}} {}\n", running);
  out += fmt::format("volpol_coverage_sources{{state=\"not-running\"}} {}\n", c.sources.size() - running);
  return out;
}

}  // namespace volpol::plan
