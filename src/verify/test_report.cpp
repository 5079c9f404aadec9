// Test results as text, JSON and JUnit XML.
#include <fmt/format.h>

#include <map>

#include "text_escape.h"
#include "volpol/verify/test_suite.h"

namespace volpol::verify {

using detail::json_string;
using detail::xml_escape;

namespace {

std::string where_of(const expectation& e) {
  return e.where.line > 0 ? fmt::format("{}, line {}", e.where.path, e.where.line) : e.where.path;
}

/// The problems of one test (errors, and the warnings of a test that passed too), each line
/// indented by `pad`.
std::string problems_text(const case_result& c, std::string_view pad) {
  std::string out;
  for (const diagnostic& d : c.problems) {
    std::string text = d.to_string();  // help, when any, on its own line
    for (std::size_t at = text.find('\n'); at != std::string::npos; at = text.find('\n', at + 1))
      text.insert(at + 1, pad);
    out += fmt::format("{}{}\n", pad, text);  // to_string says `warning:` itself
  }
  return out;
}

/// The failure details of one test, each line indented by `pad`.
std::string failure_text(const case_result& c, std::string_view pad) {
  std::string out = problems_text(c, pad);
  for (const expectation_result& r : c.checks) {
    if (r.passed()) continue;
    const expectation& e = *r.expect;
    if (!r.problem.empty()) {
      out += fmt::format("{}{} [{}]: {}\n", pad, e.select.describe(), where_of(e), r.problem);
      continue;
    }
    out += fmt::format("{}{} [{}]\n", pad, r.volume, where_of(e));
    auto field = [&](const char* name, const std::optional<std::string>& want, const std::string& got) {
      if (!want) return;
      for (const field_mismatch& m : r.mismatches)
        if (m.field == name) {
          out += fmt::format("{}  - {}: {}\n", pad, name, m.expected);
          out += fmt::format("{}  + {}: {}\n", pad, name, m.got);
          return;
        }
      out += fmt::format("{}    {}: {}\n", pad, name, got.empty() ? "none" : got);
    };
    field("method", e.method, r.got.method);
    field("policy", e.policy, r.got.policy);
    field("reasonKind", e.reason_kind, r.got.reason_kind);
    field("snapshotClass", e.snapshot_class, r.got.snapshot_class);
    field("dataMover", e.data_mover, r.got.data_mover);
    if (!r.explanation.empty()) out += fmt::format("{}  why: {}\n", pad, r.explanation);
    if (!r.trace.empty()) {
      const std::string inner = std::string(pad) + "  | ";
      std::size_t start = 0;
      while (start < r.trace.size()) {
        std::size_t end = r.trace.find('\n', start);
        if (end == std::string::npos) end = r.trace.size();
        out.append(inner).append(r.trace, start, end - start);
        while (!out.empty() && out.back() == ' ') out.pop_back();
        out += '\n';
        start = end + 1;
      }
    }
  }
  return out;
}

std::size_t failed_checks(const case_result& c) {
  std::size_t n = 0;
  for (const expectation_result& r : c.checks) n += r.passed() ? 0 : 1;
  return n;
}

}  // namespace

std::string render_test_text(const run_summary& s) {
  std::string out;
  for (const diagnostic& d : s.problems) {
    out += fmt::format("FAIL {}\n", d.to_string());
  }
  for (const case_result& c : s.cases) {
    const std::string name = escape_text(c.name);  // a name is the user's text: no terminal codes
    if (c.passed()) {
      out += fmt::format("PASS {}: {} ({} checked, {} volume{} planned)\n", c.file, name, c.checks.size(), c.volumes,
                         c.volumes == 1 ? "" : "s");
      out += problems_text(c, "  ");  // warnings
      continue;
    }
    if (c.checks.empty()) out += fmt::format("FAIL {}: {}\n", c.file, name);
    else
      out += fmt::format("FAIL {}: {} ({} of {} expectations failed)\n", c.file, name, failed_checks(c),
                         c.checks.size());
    out += failure_text(c, "  ");
  }
  out += fmt::format("\n{} passed, {} failed\n", s.passed, s.failed);
  return out;
}

namespace {

void outcome_json(std::string& out, const expectation& e) {
  out += "{";
  bool first = true;
  auto f = [&](const char* k, const std::optional<std::string>& v) {
    if (!v) return;
    out += fmt::format("{}{}: {}", first ? "" : ", ", json_string(k), json_string(*v));
    first = false;
  };
  f("method", e.method);
  f("policy", e.policy);
  f("reasonKind", e.reason_kind);
  f("snapshotClass", e.snapshot_class);
  f("dataMover", e.data_mover);
  out += "}";
}

void outcome_json(std::string& out, const volume_outcome& o) {
  out += fmt::format("{{\"method\": {}, \"policy\": {}, \"reasonKind\": {}, \"snapshotClass\": {}, \"dataMover\": {}}}",
                     json_string(o.method), json_string(o.policy), json_string(o.reason_kind),
                     json_string(o.snapshot_class), json_string(o.data_mover));
}

void problems_json(std::string& out, const diagnostics& ds) {
  out += "[";
  bool first = true;
  for (const diagnostic& d : ds) {
    out += fmt::format("{}{}", first ? "" : ", ", json_string(d.to_string()));
    first = false;
  }
  out += "]";
}

}  // namespace

std::string render_test_json(const run_summary& s) {
  std::string out = fmt::format(
      "{{\n  \"kind\": \"VolumePolicyTestResults\",\n  \"passed\": {},\n  \"failed\": {},\n  \"problems\": ", s.passed,
      s.failed);
  problems_json(out, s.problems);
  out += ",\n  \"tests\": [";
  for (std::size_t i = 0; i < s.cases.size(); ++i) {
    const case_result& c = s.cases[i];
    const velero_version release = c.velero;
    out += fmt::format(
        "{}\n    {{\"file\": {}, \"name\": {}, \"veleroVersion\": {}, \"passed\": {}, \"volumes\": {}, "
        "\"problems\": ",
        i ? "," : "", json_string(c.file), json_string(c.name), json_string(to_string(release)),
        c.passed() ? "true" : "false", c.volumes);
    problems_json(out, c.problems);
    out += ", \"checks\": [";
    for (std::size_t j = 0; j < c.checks.size(); ++j) {
      const expectation_result& r = c.checks[j];
      out += fmt::format("{}\n      {{\"select\": {}, \"line\": {}, \"passed\": {}", j ? "," : "",
                         json_string(r.expect->select.describe()), r.expect->where.line, r.passed() ? "true" : "false");
      if (!r.problem.empty()) {
        out += fmt::format(", \"problem\": {}}}", json_string(r.problem));
        continue;
      }
      out += fmt::format(", \"volume\": {}, \"expected\": ", json_string(r.volume));
      outcome_json(out, *r.expect);
      out += ", \"got\": ";
      outcome_json(out, r.got);
      out += ", \"mismatches\": [";
      for (std::size_t k = 0; k < r.mismatches.size(); ++k) {
        const field_mismatch& m = r.mismatches[k];
        out += fmt::format("{}{{\"field\": {}, \"expected\": {}, \"got\": {}}}", k ? ", " : "", json_string(m.field),
                           json_string(m.expected), json_string(m.got));
      }
      out += fmt::format("], \"explanation\": {}, \"trace\": {}}}", json_string(r.explanation), json_string(r.trace));
    }
    out += c.checks.empty() ? "]}" : "\n    ]}";
  }
  out += s.cases.empty() ? "]\n}\n" : "\n  ]\n}\n";
  return out;
}

std::string render_test_junit(const run_summary& s) {
  std::map<std::string, std::vector<const case_result*>> by_file;
  for (const case_result& c : s.cases) by_file[c.file].push_back(&c);
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += fmt::format("<testsuites name=\"volpol test\" tests=\"{}\" failures=\"{}\">\n", s.passed + s.failed, s.failed);
  for (const diagnostic& d : s.problems) {
    const std::string name = d.where.file.empty() ? std::string("volpol test") : d.where.file;
    out += fmt::format("  <testsuite name=\"{}\" tests=\"1\" failures=\"1\">\n", xml_escape(name));
    out += fmt::format("    <testcase classname=\"{}\" name=\"load\">\n", xml_escape(name));
    out += fmt::format("      <failure message=\"{}\"></failure>\n    </testcase>\n  </testsuite>\n",
                       xml_escape(d.to_string()));
  }
  for (const auto& [file, cases] : by_file) {
    std::size_t failures = 0;
    for (const case_result* c : cases) failures += c->passed() ? 0 : 1;
    out += fmt::format("  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\">\n", xml_escape(file), cases.size(),
                       failures);
    for (const case_result* c : cases) {
      out += fmt::format("    <testcase classname=\"{}\" name=\"{}\"", xml_escape(file), xml_escape(c->name));
      if (c->passed()) {
        out += "/>\n";
        continue;
      }
      const std::string message = c->checks.empty() ? std::string("the test could not run")
                                                    : fmt::format("{} of {} expectations failed", failed_checks(*c),
                                                                  c->checks.size());
      out += fmt::format(">\n      <failure message=\"{}\">{}</failure>\n    </testcase>\n", xml_escape(message),
                         xml_escape(failure_text(*c, "")));
    }
    out += "  </testsuite>\n";
  }
  out += "</testsuites>\n";
  return out;
}

}  // namespace volpol::verify
