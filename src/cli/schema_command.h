// schema_command.h (private to the cli layer) — `volpol schema`: the JSON Schema (draft 2020-12) of the
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
#include <string>

#include "volpol/core/velero_version.h"

namespace CLI {
class App;
}

namespace volpol::cli {

/// The schema text (JSON), main's.
[[nodiscard]] const char* resource_policies_schema();

/// The schema as Velero `release` decodes the document: main's without what the release lacks
/// (the filter-policy keys, conditions, the `custom` type, the `image` volume type, the
/// `dataMover` / `snapshotClass` checks), per the feature table (core/velero_version.h).
[[nodiscard]] std::string resource_policies_schema(velero_version release);

/// Declares the `schema` subcommand on `app`; `--velero-version` is written to `velero_version`.
CLI::App* setup_schema(CLI::App& app, std::string& velero_version);

/// Prints the schema for `velero_version` ("" = main) to `out`. @return the exit code (0).
int run_schema(const std::string& velero_version, std::FILE* out);

}  // namespace volpol::cli
