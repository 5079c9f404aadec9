// The output formats' table (see output_format.h).
#include "output_format.h"

#include "choice_option.h"

namespace volpol::cli {

std::string_view name_of(output_format f) {
  for (const output_format_info& i : output_formats)
    if (i.format == f) return i.name;
  return {};
}

std::optional<output_format> output_format_named(std::string_view name) {
  for (const output_format_info& i : output_formats)
    if (i.name == name) return i.format;
  return std::nullopt;
}

CLI::Option* add_output_option(CLI::App* cmd, std::string& out, const std::vector<output_format>& formats) {
  std::vector<std::string> names;
  for (output_format f : formats) names.emplace_back(name_of(f));
  return add_choice_option(cmd, "-o,--output", out, names, "Output format")->default_str(names.front());
}

}  // namespace volpol::cli
