// A ConfigMap holding a policy document: decoded, built and validated.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "volpol/policy/policies.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto checked = volpol::policy::check_config_map_text(text, "fuzz-cm.yaml");
  for (const auto& d : checked.problems) (void)d.to_string();
  (void)volpol::policy::looks_like_config_map(text);
  return 0;
}
