// volpol/cli/schema_command.h — `volpol schema`: the JSON Schema (draft 2020-12) of the
// resource-policy document, for editors (the YAML language server) and CI checks.
//
//     volpol schema > resource-policies.schema.json
//     # in a policy file:  # yaml-language-server: $schema=./resource-policies.schema.json
//
// The schema (schema/resource-policies.schema.json, compiled in) follows Velero's strict
// decoding: unknown fields are errors, `version` must be v1, action types are case-sensitive,
// `dataMover`/`snapshotClass` only with `snapshot`. It cannot check everything Velero's
// validation does (capacity ranges, label syntax, globs): `volpol validate` does.
// Exit code: 0.
#pragma once

#include <cstdio>

namespace CLI {
class App;
}

namespace volpol::cli {

/// The schema text (JSON).
[[nodiscard]] const char* resource_policies_schema();

/// Declares the `schema` subcommand on `app`.
CLI::App* setup_schema(CLI::App& app);

/// Prints the schema to `out`. @return the exit code (0).
int run_schema(std::FILE* out);

}  // namespace volpol::cli
