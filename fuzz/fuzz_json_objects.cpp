// Kubernetes objects as JSON (a dump, a list, several values/documents): the loader's
// JSON reader, with a small window so that items cross window boundaries.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "volpol/k8s/loader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  volpol::k8s::load_options o;
  o.chunk_size = 4096;
  o.annotations = size % 2 ? volpol::k8s::annotation_filter::all : volpol::k8s::annotation_filter::velero;
  const auto r = volpol::k8s::load_text(text, "fuzz.json", o);
  for (const auto& d : r.problems) (void)d.to_string();
  return 0;
}
