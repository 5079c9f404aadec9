// A policy document (YAML or JSON text): decoded, built and validated as `volpol validate` does.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "volpol/policy/policies.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  volpol::policy::text_origin origin;
  origin.file = "fuzz.yaml";
  const auto checked = volpol::policy::check_policy_text(text, origin);
  for (const auto& d : checked.problems) (void)d.to_string();
  return 0;
}
