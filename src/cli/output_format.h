// output_format.h (private to the cli layer) — the output formats of every command: one table
// of formats (name), and per command one table of writers (format, writer): a command's `-o`
// (its check, help and shell completion) comes from its writers, and write_output picks the
// row `-o` named. Adding a format is a row here and a row in each command that writes it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace volpol::cli {

enum class output_format : std::uint8_t {
  table,       ///< aligned columns (plan, coverage: kubectl get's default)
  wide,        ///< the table with more columns (kubectl's -o wide)
  text,        ///< prose and findings for a person (explain, lint, test, diff, audit)
  json,        ///< everything the table shows, as JSON
  yaml,        ///< the same as YAML
  volumeinfo,  ///< Velero's BackupVolumeInfo array (plan)
  html,        ///< one self-contained page (plan, explain, coverage)
  prometheus,  ///< Prometheus text exposition (coverage)
  sarif,       ///< SARIF 2.1.0 for code scanning (lint)
  github,      ///< GitHub Actions annotations (lint)
  junit,       ///< JUnit XML (test)
};

struct output_format_info {
  output_format format;
  std::string_view name;  ///< what `-o` takes
};

/// Every format, with its `-o` name.
inline constexpr output_format_info output_formats[] = {
    {output_format::table, "table"}, {output_format::wide, "wide"},
    {output_format::text, "text"},   {output_format::json, "json"},
    {output_format::yaml, "yaml"},   {output_format::volumeinfo, "volumeinfo"},
    {output_format::html, "html"},   {output_format::prometheus, "prometheus"},
    {output_format::sarif, "sarif"}, {output_format::github, "github"},
    {output_format::junit, "junit"},
};

/// The `-o` name of `f`.
[[nodiscard]] std::string_view name_of(output_format f);

/// The format named `name`, or nullopt.
[[nodiscard]] std::optional<output_format> output_format_named(std::string_view name);

/// Adds `-o,--output` to `cmd`, taking one of `formats` (the first is the default) into `out`.
CLI::Option* add_output_option(CLI::App* cmd, std::string& out, const std::vector<output_format>& formats);

/// Writes `text` to `out` as it is (a writer whose report is one string).
inline void write_text(std::string_view text, std::FILE* out) { std::fwrite(text.data(), 1, text.size(), out); }

/// One row of a command's writers: a format it writes and how. `What` is what the command
/// writes (the plan and its options, the findings ...).
template <class What>
struct format_writer {
  output_format format;
  void (*write)(const What& what, std::FILE* out);
};

/// Adds `-o,--output` to `cmd`, taking the format of one of `writers` (the first is the
/// default) into `out`.
template <class What, std::size_t N>
CLI::Option* add_output_option(CLI::App* cmd, std::string& out, const format_writer<What> (&writers)[N]) {
  std::vector<output_format> formats;
  for (const format_writer<What>& w : writers) formats.push_back(w.format);
  return add_output_option(cmd, out, formats);
}

/// The row of `writers` whose format `name` names (the first when none: `-o` takes only theirs).
template <class What, std::size_t N>
const format_writer<What>& writer_named(const format_writer<What> (&writers)[N], std::string_view name) {
  for (const format_writer<What>& w : writers)
    if (name_of(w.format) == name) return w;
  return writers[0];
}

/// Writes `what` to `out` with the writer `name` (an `-o` value) names.
template <class What, std::size_t N>
void write_output(const format_writer<What> (&writers)[N], std::string_view name, const What& what, std::FILE* out) {
  writer_named(writers, name).write(what, out);
}

}  // namespace volpol::cli
