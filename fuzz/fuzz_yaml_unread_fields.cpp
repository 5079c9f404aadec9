// The YAML reader's shortcut past unread fields (src/k8s/loader/yaml_unread_fields.h), as a
// differential check: a YAML text that loads without any problem when every line is parsed,
// or whose only problems are the depth and node limits', must give exactly the same objects
// (every field, origins, counts) and problems with the shortcut. Traps otherwise. The shortcut itself runs on every
// input too (crashes, sanitizer reports).
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
  if (detail::blank_unread_fields(text, filter, yaml_limits{}, out)) {
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
  if (size % 3 == 0) {  // small limits: what they refuse, they refuse with the shortcut too
    o.limits.max_depth = 12;
    o.limits.max_yaml_nodes = 400;
  }
  const load_result with = load_text(text, "fuzz.yaml", o);
  o.blank_unread_yaml = false;
  const load_result without = load_text(text, "fuzz.yaml", o);
  // Every problem of the text as it is is one of the limits' (or there is none): the same load.
  bool only_limits = true;
  for (const auto& d : without.problems)
    only_limits = only_limits && (d.message.find("(raise with --max-depth)") != std::string::npos ||
                                  d.message.find("(raise with --max-yaml-nodes)") != std::string::npos);
  if (only_limits && testing::cluster_text(with) != testing::cluster_text(without)) __builtin_trap();
  return 0;
}
