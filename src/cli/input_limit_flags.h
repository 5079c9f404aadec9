// input_limit_flags.h (private to the cli layer) — the flags that raise (or lower) the input limits of
// k8s/limits.h, shared by `plan` and `validate`:
//   --max-object-bytes N          one JSON value / YAML document or list item (bytes)
//   --max-archive-entry-bytes N   one archive entry, uncompressed (bytes)
//   --max-decompressed-bytes N    all entries of one archive, uncompressed (bytes)
//   --max-compression-ratio N     uncompressed per compressed byte of an archive (past 64 MiB)
//   --max-depth N                 nesting of mappings / sequences
//   --max-yaml-nodes N            nodes of one YAML document, aliases expanded
//   --max-volume-policies N       volume policies in one policy document
#pragma once

#include "volpol/k8s/limits.h"

namespace CLI {
class App;
}

namespace volpol::cli {

/// Declares the flags on `cmd`, writing into `limits` (its values are the defaults shown).
void add_input_limit_flags(CLI::App* cmd, k8s::input_limits& limits);

}  // namespace volpol::cli
