// A Kubernetes quantity (`10Gi`, `1.5e3`, `100m`): parse, print, compare, as capacities are.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "volpol/k8s/quantity.h"
#include "volpol/policy/volume_conditions.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto q = volpol::k8s::quantity::parse(text);
  if (q.ok()) {
    const std::string s = q->to_string();
    const auto again = volpol::k8s::quantity::parse(s);
    if (!again.ok() || again->compare(*q) != 0) __builtin_trap();  // printing must round-trip
    (void)q->value();
    (void)q->sign();
  }
  (void)volpol::policy::parse_capacity(text);  // `capacity: "1Gi,10Gi"` conditions
  return 0;
}
