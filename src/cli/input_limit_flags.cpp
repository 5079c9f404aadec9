// The input limit flags (input_limit_flags.h).
#include "input_limit_flags.h"

#include <CLI/CLI.hpp>

namespace volpol::cli {

void add_input_limit_flags(CLI::App* cmd, k8s::input_limits& limits) {
  const char* group = "Input limits";
  cmd->add_option("--max-object-bytes", limits.max_object_bytes,
                  "Largest JSON value or YAML document/list item read, in bytes")
      ->capture_default_str()
      ->group(group);
  cmd->add_option("--max-archive-entry-bytes", limits.max_entry_bytes,
                  "Largest archive entry read (uncompressed), in bytes")
      ->capture_default_str()
      ->group(group);
  cmd->add_option("--max-decompressed-bytes", limits.max_decompressed_bytes,
                  "Most uncompressed bytes read from one archive (gzip bombs)")
      ->capture_default_str()
      ->group(group);
  cmd->add_option("--max-compression-ratio", limits.max_compression_ratio,
                  "Most uncompressed bytes per compressed byte of an archive (past 64 MiB)")
      ->capture_default_str()
      ->group(group);
  cmd->add_option("--max-depth", limits.max_depth, "Deepest nesting of mappings and sequences")
      ->capture_default_str()
      ->group(group);
  cmd->add_option("--max-yaml-nodes", limits.max_yaml_nodes,
                  "Most nodes in one YAML document, aliases counted expanded")
      ->capture_default_str()
      ->group(group);
  cmd->add_option("--max-volume-policies", limits.max_volume_policies, "Most volume policies in one policy")
      ->capture_default_str()
      ->group(group);
}

}  // namespace volpol::cli
