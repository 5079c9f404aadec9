// `volpol schema` (see schema_command.h).
#include "volpol/cli/schema_command.h"

#include <CLI/CLI.hpp>

#include <cstring>

namespace volpol::cli {

const char* resource_policies_schema() {
  // schema/resource-policies.schema.json, embedded at configure time (CMakeLists.txt).
  static const char text[] =
#include "volpol_schema.inc"
      ;
  return text;
}

CLI::App* setup_schema(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand("schema", "Print the JSON Schema of the resource-policy document (for editors)");
  cmd->footer(
      "Save it and point the YAML language server at it from a policy file:\n"
      "  volpol schema > resource-policies.schema.json\n"
      "  # yaml-language-server: $schema=./resource-policies.schema.json");
  return cmd;
}

int run_schema(std::FILE* out) {
  const char* text = resource_policies_schema();
  std::fwrite(text, 1, std::strlen(text), out);
  return 0;
}

}  // namespace volpol::cli
