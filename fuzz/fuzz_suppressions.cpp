// `# volpol:ignore` comments (lint::suppressions::parse) over any text: never a crash, and a
// line it says is silenced for a rule is a line of the text.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "volpol/detail/lint/rule.h"
#include "volpol/detail/lint/suppression.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const volpol::lint::suppressions s = volpol::lint::suppressions::parse(text);
  const auto lines = static_cast<std::uint32_t>(std::count(text.begin(), text.end(), '\n') + 1);
  // Past the last line nothing is silenced (a comment silences its own line or the next one).
  if (s.silences(lines + 2, volpol::lint::rule_id::unreachable_policy)) __builtin_trap();
  return 0;
}
