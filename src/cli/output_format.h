// output_format.h (private to the cli layer) — the output formats of every command: one table.
// A command lists the formats it writes (add_output_option); the check, the help and the
// shell completion of `-o` come from that list.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

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
CLI::Option* add_output_option(CLI::App* cmd, std::string& out, std::initializer_list<output_format> formats);

}  // namespace volpol::cli
