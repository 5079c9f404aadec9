// `volpol schema` (see schema_command.h).
#include "schema_command.h"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include "volpol/policy/evaluation.h"

#include <algorithm>
#include <cstring>
#include <string_view>
#include <vector>

#include "velero_version_flag.h"

namespace volpol::cli {

namespace {

/// schema/resource-policies.schema.json, embedded at configure time (CMakeLists.txt).
const char embedded_schema[] =
#include "volpol_schema.inc"
    ;

std::string conditions_schema_generated();

}  // namespace

const char* resource_policies_schema() {
  static const std::string text = conditions_schema_generated();
  return text.c_str();
}

namespace {

/// The lines of `text`.
std::vector<std::string> lines_of(std::string_view text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    out.emplace_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return out;
}

std::size_t indent_of(const std::string& line) { return line.find_first_not_of(' '); }

/// Removes the member `"key": ...` whose line starts with `indent` spaces, the first after the
/// line that starts `after` (when given): one line, or a block from `{` / `[` to the line that
/// closes it at the same indent.
void remove_member(std::vector<std::string>& lines, std::string_view key, std::size_t indent,
                   std::string_view after = {}) {
  const std::string head = std::string(indent, ' ') + "\"" + std::string(key) + "\": ";
  std::size_t from = 0;
  if (!after.empty()) {
    while (from < lines.size() && !lines[from].starts_with(after)) ++from;
    ++from;
  }
  for (std::size_t i = from; i < lines.size(); ++i) {
    if (!lines[i].starts_with(head)) continue;
    std::size_t end = i;
    const char last = lines[i].empty() ? ' ' : lines[i].back();
    if (last == '{' || last == '[')
      while (end + 1 < lines.size() &&
             !(indent_of(lines[end + 1]) == indent && (lines[end + 1][indent] == '}' || lines[end + 1][indent] == ']')))
        ++end;
    if (last == '{' || last == '[') ++end;  // the closing line
    lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(i), lines.begin() + static_cast<std::ptrdiff_t>(end) + 1);
    return;
  }
}

/// The embedded schema with the members of `$defs.conditions.properties` written from the
/// condition rows (policy::condition_schema, in Velero's field order; those main has):
/// schema/resource-policies.schema.json holds the same text (tests/schema/run-schema-test.sh).
std::string conditions_schema_generated() {
  std::vector<std::string> lines = lines_of(embedded_schema);
  const auto start = std::find(lines.begin(), lines.end(), "    \"conditions\": {");
  const auto open = std::find(start, lines.end(), "      \"properties\": {");
  const auto close = std::find(open, lines.end(), "      }");
  if (start == lines.end() || open == lines.end() || close == lines.end()) return embedded_schema;
  std::vector<std::string> members;
  for (std::size_t i = 0; i < policy::condition_kind_count; ++i) {
    const auto kind = static_cast<policy::condition_kind>(i);
    // The file is main's: a condition main lacks (one only proposed) is not in it.
    if (const auto f = policy::condition_release_feature(kind); f && !has(velero_version::main, *f)) continue;
    if (!members.empty()) members.back() += ',';
    for (const std::string& line : lines_of(policy::condition_schema(kind))) members.push_back("        " + line);
  }
  const auto at = lines.erase(open + 1, close);
  lines.insert(at, members.begin(), members.end());
  std::string out;
  for (const std::string& line : lines) out += line + '\n';
  return out;
}

void replace_all(std::string& s, std::string_view from, std::string_view to) {
  for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
}

}  // namespace

std::string resource_policies_schema(velero_version release) {
  std::vector<std::string> lines = lines_of(resource_policies_schema());
  using enum velero_feature;
  if (!has(release, filter_policies)) {
    remove_member(lines, "clusterScopedFilterPolicy", 4);
    remove_member(lines, "namespacedFilterPolicies", 4);
  }
  for (std::size_t i = 0; i < policy::condition_kind_count; ++i) {  // the conditions the release lacks
    const auto kind = static_cast<policy::condition_kind>(i);
    if (const auto f = policy::condition_release_feature(kind); f && !has(release, *f))
      remove_member(lines, policy::to_string(kind), 8);
  }
  if (!has(release, parameter_validation)) {  // `// TODO validate parameters`: anything goes
    remove_member(lines, "properties", 10, "        \"parameters\": {");
    remove_member(lines, "if", 6);
    remove_member(lines, "then", 6);
  }
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::string line = lines[i];
    // A member left last in its object or list loses its comma.
    const std::size_t next = i + 1 < lines.size() ? indent_of(lines[i + 1]) : std::string::npos;
    if (!line.empty() && line.back() == ',' && next != std::string::npos &&
        (lines[i + 1][next] == '}' || lines[i + 1][next] == ']'))
      line.pop_back();
    out += line;
    out += '\n';
  }
  if (!has(release, action_custom)) replace_all(out, ", \"custom\"]", "]");
  if (!has(release, volume_type_image)) replace_all(out, "\"image\", ", "");
  const velero_release& r = release_of(release);
  replace_all(out, "Checked against velero-io/velero d2241adb.",
              release == velero_version::main ? "Checked against velero-io/velero d2241adb."
                                              : fmt::format("For Velero {} (velero-io/velero {}).", r.name, r.git_ref));
  return out;
}

CLI::App* setup_schema(CLI::App& app, std::string& velero_version) {
  CLI::App* cmd = app.add_subcommand("schema", "Print the JSON Schema of the resource-policy document (for editors)");
  add_velero_version_flag(cmd, velero_version);
  cmd->footer(
      "Save it and point the YAML language server at it from a policy file:\n"
      "  volpol schema > resource-policies.schema.json\n"
      "  # yaml-language-server: $schema=./resource-policies.schema.json");
  return cmd;
}

int run_schema(const std::string& velero_version, std::FILE* out) {
  const auto release = velero_version_of_flag(velero_version);
  if (!release) {
    const char* text = resource_policies_schema();
    std::fwrite(text, 1, std::strlen(text), out);
    return 0;
  }
  const std::string text = resource_policies_schema(*release);
  std::fwrite(text.data(), 1, text.size(), out);
  return 0;
}

}  // namespace volpol::cli
