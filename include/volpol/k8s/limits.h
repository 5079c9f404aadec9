// volpol/k8s/limits.h — how much of an input volpol reads before it refuses it: every limit
// turns a hostile or broken input (a gzip bomb, a YAML alias bomb, a 10,000-level nesting)
// into a clear error naming the input, instead of minutes of CPU and gigabytes of memory.
// Each limit has a command-line flag to raise it (volpol plan / validate, see README.md).
//
// With the defaults an input of under 2 MB ends in well under 5 s and 500 MB, or is refused
// (tests/k8s/hostile_input_test.cpp); real dumps are far below each limit (a Kubernetes object
// is at most 1.5 MiB, etcd's request limit).
#pragma once

#include <cstddef>
#include <cstdint>

namespace volpol::k8s {

struct input_limits {
  /// Bytes of one object: a JSON value or list item, a YAML document or `items:` item
  /// (`--max-object-bytes`). Checked while it is scanned, before it is parsed: a larger one
  /// is reported and the rest of that file is not read.
  std::uint64_t max_object_bytes = std::uint64_t{64} << 20;
  /// Uncompressed bytes of one archive entry, from its tar header before any is read
  /// (`--max-archive-entry-bytes`): a larger entry is reported and skipped.
  std::uint64_t max_entry_bytes = std::uint64_t{512} << 20;
  /// Uncompressed bytes of all entries of one archive, read or skipped (`--max-decompressed-bytes`):
  /// the archive stops, reported, at the entry that would go past it (gzip bombs).
  std::uint64_t max_decompressed_bytes = std::uint64_t{1} << 30;
  /// Uncompressed bytes per compressed byte of an archive, checked once it has given 64 MiB
  /// (`--max-compression-ratio`): Kubernetes JSON compresses 10-30 times, a bomb ~1000 times,
  /// so a bomb stops after 64 MiB instead of max_decompressed_bytes.
  std::uint32_t max_compression_ratio = 200;
  /// Mappings and sequences (YAML) or objects and arrays (JSON) open at once (`--max-depth`).
  std::uint32_t max_depth = 512;
  /// Nodes of one YAML document, an alias counted as the nodes it refers to (`--max-yaml-nodes`).
  std::uint64_t max_yaml_nodes = 1'000'000;
  /// Volume policies in one policy document (`--max-volume-policies`).
  std::size_t max_volume_policies = 10'000;
};

}  // namespace volpol::k8s
