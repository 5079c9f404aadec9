// The YAML reader's shortcut past unread fields (src/k8s/loader/yaml_unread_fields.h), as a
// differential check: a YAML text that loads without any problem when every line is parsed
// must give exactly the same objects (every field, origins, counts) with the shortcut. Traps
// otherwise. The shortcut itself runs on every input too (crashes, sanitizer reports).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "../src/k8s/loader/yaml_unread_fields.h"
#include "../tests/support/cluster_text.h"
#include "volpol/k8s/loader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace volpol::k8s;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::string out;
  const annotation_filter filter = size % 2 ? annotation_filter::all : annotation_filter::velero;
  if (detail::blank_unread_fields(text, filter, out)) {
    // A blanked copy keeps every line: as many line breaks as the text.
    std::size_t a = 0, b = 0;
    for (const char c : text) a += c == '\n';
    for (const char c : out) b += c == '\n';
    if (a != b) __builtin_trap();
  }
  load_options o;
  o.chunk_size = 4096;
  o.threads = 1;
  o.annotations = filter;
  const load_result with = load_text(text, "fuzz.yaml", o);
  o.blank_unread_yaml = false;
  const load_result without = load_text(text, "fuzz.yaml", o);
  if (without.problems.empty() && testing::cluster_text(with) != testing::cluster_text(without)) __builtin_trap();
  return 0;
}
