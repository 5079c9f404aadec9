// Text, JSON, SARIF and GitHub renderings of findings (see output.h).
#include "volpol/detail/lint/output.h"

#include <fmt/format.h>

#include <cctype>

#include "volpol/detail/json_text.h"

namespace volpol::lint {

namespace {

std::string js(std::string_view s) { return json_string(s); }

std::string location(const finding& f) {
  if (!f.object.empty()) return f.object;
  std::string out = f.file.empty() ? std::string("<policy>") : f.file;
  if (f.line) out += fmt::format(":{}:{}", f.line, f.column);
  return out;
}

std::string plural(std::size_t n, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

std::string_view sarif_level(level l) {
  switch (l) {
    case level::error: return "error";
    case level::warning: return "warning";
    case level::info: return "note";
  }
  return "warning";
}

/// A relative URI reference for a path (RFC 3986).
std::string uri_of(std::string_view path) { return percent_encoded(path, "/"); }

std::size_t rule_index(rule_id id) {
  const auto rules = all_rules();
  for (std::size_t i = 0; i < rules.size(); ++i)
    if (rules[i].id == id) return i;
  return 0;
}

std::string gh_data(std::string_view s) {
  std::string out;
  for (const char c : s) {
    if (c == '%') out += "%25";
    else if (c == '\r') out += "%0D";
    else if (c == '\n') out += "%0A";
    else out += c;
  }
  return out;
}

std::string gh_property(std::string_view s) {
  std::string out;
  for (const char c : gh_data(s)) {
    if (c == ':') out += "%3A";
    else if (c == ',') out += "%2C";
    else out += c;
  }
  return out;
}

}  // namespace

std::string render_text(const std::vector<finding>& findings) {
  std::string out;
  for (const finding& f : findings) {
    const rule_info& r = info(f.rule);
    out += fmt::format("{}: {} {} {}: {}\n", location(f), to_string(f.severity), r.code, r.name, f.message);
    if (!f.help.empty()) out += fmt::format("  help: {}\n", f.help);
  }
  const finding_counts c = count(findings);
  if (c.total() == 0) {
    out += "no findings\n";
  } else {
    out += plural(c.total(), "finding", "findings") + ": " + plural(c.errors, "error", "errors") + ", " +
           plural(c.warnings, "warning", "warnings") + ", " + fmt::format("{} info", c.infos) + "\n";
  }
  return out;
}

std::string render_json(const std::vector<finding>& findings, velero_version release) {
  std::string out = fmt::format("{{\n  \"veleroVersion\": {},\n  \"findings\": [", js(to_string(release)));
  bool first = true;
  for (const finding& f : findings) {
    const rule_info& r = info(f.rule);
    out += first ? "\n" : ",\n";
    first = false;
    out += fmt::format(
        "    {{\"rule\": {}, \"name\": {}, \"severity\": {}, \"file\": {}, \"line\": {}, \"column\": {}, "
        "\"path\": {}, ",
        js(r.code), js(r.name), js(to_string(f.severity)), js(f.file), f.line, f.column, js(f.path));
    if (!f.object.empty()) out += fmt::format("\"object\": {}, ", js(f.object));
    out += fmt::format("\"message\": {}, \"help\": {}}}", js(f.message), js(f.help));
  }
  const finding_counts c = count(findings);
  out += fmt::format("{}],\n  \"summary\": {{\"errors\": {}, \"warnings\": {}, \"info\": {}}}\n}}\n",
                     findings.empty() ? "" : "\n  ", c.errors, c.warnings, c.infos);
  return out;
}

std::string render_sarif(const std::vector<finding>& findings, velero_version release) {
  std::string out =
      "{\n"
      "  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"
      "  \"version\": \"2.1.0\",\n"
      "  \"runs\": [\n"
      "    {\n"
      "      \"tool\": {\n"
      "        \"driver\": {\n"
      "          \"name\": \"volpol\",\n"
      "          \"semanticVersion\": \"0.1.0\",\n"
      "          \"rules\": [";
  bool first = true;
  for (const rule_info& r : all_rules()) {
    out += first ? "\n" : ",\n";
    first = false;
    out += fmt::format(
        "            {{\"id\": {}, \"name\": {}, \"shortDescription\": {{\"text\": {}}}, "
        "\"fullDescription\": {{\"text\": {}}}, \"help\": {{\"text\": {}}}, "
        "\"defaultConfiguration\": {{\"level\": {}}}, \"properties\": {{\"scope\": {}}}}}",
        js(r.code), js(r.name), js(r.summary), js(r.explanation), js(r.explanation), js(sarif_level(r.default_level)),
        js(r.scope == rule_scope::document ? "document" : "cluster"));
  }
  out +=
      "\n          ]\n"
      "        }\n"
      "      },\n"
      "      \"columnKind\": \"unicodeCodePoints\",\n"
      "      \"properties\": {\"veleroVersion\": " +
      js(to_string(release)) +
      "},\n"
      "      \"results\": [";
  first = true;
  for (const finding& f : findings) {
    const rule_info& r = info(f.rule);
    out += first ? "\n" : ",\n";
    first = false;
    std::string text = f.message;
    if (!f.help.empty()) text += "\nhelp: " + f.help;
    out += fmt::format("        {{\"ruleId\": {}, \"ruleIndex\": {}, \"level\": {}, \"message\": {{\"text\": {}}}, ",
                       js(r.code), rule_index(f.rule), js(sarif_level(f.severity)), js(text));
    std::vector<std::string> locs;
    if (!f.file.empty()) {
      std::string region;
      if (f.line)
        region = fmt::format(", \"region\": {{\"startLine\": {}, \"startColumn\": {}}}", f.line,
                             f.column ? f.column : 1);
      locs.push_back(fmt::format("{{\"physicalLocation\": {{\"artifactLocation\": {{\"uri\": {}}}{}}}{}}}",
                                 js(uri_of(f.file)), region,
                                 f.path.empty() ? std::string()
                                                : fmt::format(", \"logicalLocations\": [{{\"fullyQualifiedName\": {}, "
                                                              "\"kind\": \"member\"}}]",
                                                              js(f.path))));
    }
    if (!f.object.empty())
      locs.push_back(fmt::format("{{\"logicalLocations\": [{{\"fullyQualifiedName\": {}, \"kind\": \"resource\"}}]}}",
                                 js(f.object)));
    out += "\"locations\": [";
    for (std::size_t i = 0; i < locs.size(); ++i) out += (i ? ", " : "") + locs[i];
    out += "]}";
  }
  out += findings.empty() ? "]\n" : "\n      ]\n";
  out +=
      "    }\n"
      "  ]\n"
      "}\n";
  return out;
}

std::string render_github(const std::vector<finding>& findings) {
  std::string out;
  for (const finding& f : findings) {
    const rule_info& r = info(f.rule);
    const std::string_view cmd = f.severity == level::error     ? "error"
                                 : f.severity == level::warning ? "warning"
                                                                : "notice";
    std::string props;
    if (!f.file.empty()) {
      props = "file=" + gh_property(f.file);
      if (f.line) props += fmt::format(",line={},col={}", f.line, f.column);
      props += ",";
    }
    props += "title=" + gh_property(fmt::format("{} {}", r.code, r.name));
    std::string text = f.object.empty() ? f.message : f.object + ": " + f.message;
    if (!f.help.empty()) text += "\nhelp: " + f.help;
    out += fmt::format("::{} {}::{}\n", cmd, props, gh_data(text));
  }
  return out;
}

}  // namespace volpol::lint
