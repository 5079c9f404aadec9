// A Kubernetes quantity (`10Gi`, `1.5e3`, `100m`): parse, print, compare, as capacities are.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "volpol/detail/policy/volume_conditions.h"
#include "volpol/k8s/quantity.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  using volpol::k8s::quantity;
  // Kubernetes' CanonicalizeBytes drops the power of ten of a decimal SI quantity of 1000E or
  // more ("1000E" is printed "1", src/k8s/quantity.cpp mirrors it): there printing cannot
  // round-trip, by design. Everywhere else it must.
  static const quantity big = quantity::parse("1000E").value();
  static const quantity minus_big = quantity::parse("-1000E").value();
  const auto q = quantity::parse(text);
  if (q.ok()) {
    const std::string s = q->to_string();
    const auto again = quantity::parse(s);
    if (!again.ok()) __builtin_trap();  // what is printed must parse
    const bool beyond_e = q->format() == volpol::k8s::quantity_format::decimal_si &&
                          (q->compare(big) >= 0 || q->compare(minus_big) <= 0);
    if (!beyond_e && again->compare(*q) != 0) __builtin_trap();  // printing must round-trip
    (void)q->value();
    (void)q->sign();
  }
  (void)volpol::policy::parse_capacity(text);  // `capacity: "1Gi,10Gi"` conditions
  return 0;
}
