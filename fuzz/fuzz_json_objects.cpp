// Kubernetes objects as JSON (a dump, a list, several values/documents): the loader's
// JSON reader, with a small window so that items cross window boundaries. Differential too:
// read on the calling thread alone and with two worker threads (which read a list's items in
// the window's blocks the stream leaves behind, chunk_buffer::share), the objects (every
// field, origins, counts) and problems must be the same. Traps otherwise.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "../tests/support/cluster_text.h"
#include "volpol/k8s/loader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  volpol::k8s::load_options o;
  o.chunk_size = 4096;
  o.annotations = size % 2 ? volpol::k8s::annotation_filter::all : volpol::k8s::annotation_filter::velero;
  o.threads = 1;
  const auto one = volpol::k8s::load_text(text, "fuzz.json", o);
  for (const auto& d : one.problems) (void)d.to_string();
  o.threads = 2;
  const auto two = volpol::k8s::load_text(text, "fuzz.json", o);
  if (volpol::k8s::testing::cluster_text(one) != volpol::k8s::testing::cluster_text(two)) __builtin_trap();
  return 0;
}
