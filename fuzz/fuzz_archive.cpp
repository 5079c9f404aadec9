// An archive (tar, compressed or not; a compressed file that is no tar) of object files, read
// as a Velero backup tarball is: libarchive, entry layout, JSON and YAML readers, limits.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "volpol/k8s/loader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  volpol::k8s::load_options o;
  o.chunk_size = 4096;
  o.limits.max_decompressed_bytes = 64u << 20;  // keep each run fast (the limit is tested elsewhere)
  const auto r = volpol::k8s::load_text(text, "fuzz.tar.gz", o);
  for (const auto& d : r.problems) (void)d.to_string();
  return 0;
}
