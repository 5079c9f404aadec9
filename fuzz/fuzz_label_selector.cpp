// A label selector (metav1.LabelSelector) and labels, from lines of the input:
//   `L key=value`        a matchLabels entry
//   `E key op v1,v2`     a matchExpressions item
//   `key=value`          a label of the object matched
// checked (LabelSelectorAsSelector) and matched (Requirement.Matches).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "volpol/k8s/label_selector.h"

namespace {

std::vector<std::string> split(std::string_view s, char sep) {
  std::vector<std::string> out;
  for (std::size_t at = 0;;) {
    const std::size_t next = s.find(sep, at);
    out.emplace_back(s.substr(at, next == std::string_view::npos ? std::string_view::npos : next - at));
    if (next == std::string_view::npos) return out;
    at = next + 1;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  volpol::k8s::label_selector_spec spec;
  // A builder, not string_map::set per line: set rebuilds the map (O(n log n) each), which made
  // a 2,000-label input take 5 s under ASan and the campaign crawl at ~130 runs/s.
  volpol::k8s::string_map::builder label_builder;
  for (const std::string& line : split(text, '\n')) {
    if (line.starts_with("L ")) {
      const auto kv = split(std::string_view(line).substr(2), '=');
      spec.match_labels.emplace_back(kv[0], kv.size() > 1 ? kv[1] : "");
    } else if (line.starts_with("E ")) {
      const auto parts = split(std::string_view(line).substr(2), ' ');
      volpol::k8s::label_selector_requirement r;
      r.key = parts[0];
      if (parts.size() > 1) r.op = parts[1];
      if (parts.size() > 2) r.values = split(parts[2], ',');
      spec.match_expressions.push_back(std::move(r));
    } else {
      const auto kv = split(line, '=');
      label_builder.add(kv[0], kv.size() > 1 ? kv[1] : "");
    }
  }
  const volpol::k8s::string_map labels = label_builder.build();
  (void)volpol::k8s::check_label_selector(spec);
  const auto sel = volpol::k8s::label_selector_as_selector(spec);
  if (sel.ok()) (void)sel->matches(labels);
  (void)volpol::k8s::selector_from_set_matches(labels, labels);
  return 0;
}
