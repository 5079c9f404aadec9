// The loader's limits, reached: the first byte picks the reader (JSON, YAML, archive) and the
// limits are small (an object of 16 KiB, an archive entry of 32 KiB, 256 KiB decompressed in
// all, depth 64, 4,096 YAML nodes), so that inputs of a few KiB to 256 KiB (scripts/fuzz.sh
// runs this harness with -max_len=262144) reach the code that refuses what is too large: the
// line and item windows growing past the object limit, the entry and archive totals, depth and
// node counts. Every refusal must say what it refused (a non-empty message).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "volpol/k8s/loader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static constexpr const char* names[] = {"fuzz.json", "fuzz.yaml", "fuzz.tar.gz"};
  const char* name = names[data[0] % 3];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  volpol::k8s::load_options o;
  o.chunk_size = 4096;
  o.limits.max_object_bytes = 16 * 1024;
  o.limits.max_entry_bytes = 32 * 1024;
  o.limits.max_decompressed_bytes = 256 * 1024;
  o.limits.max_depth = 64;
  o.limits.max_yaml_nodes = 4096;
  const auto r = volpol::k8s::load_text(text, name, o);
  for (const auto& d : r.problems)
    if (d.message.empty()) __builtin_trap();
  return 0;
}
