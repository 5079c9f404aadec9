// A `volpol test` file (volpol-test.yaml): read it as verify::load_test_file does; any input must
// give the tests or problems that say what is wrong, never a crash or a hang.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "volpol/verify/test_suite.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  volpol::diagnostics problems;
  const auto file = volpol::verify::parse_test_file(text, "/fuzz/volpol-test.yaml", problems);
  if (!file && problems.empty()) __builtin_trap();  // refused without saying why
  for (const volpol::diagnostic& d : problems)
    if (d.message.empty()) __builtin_trap();
  return 0;
}
