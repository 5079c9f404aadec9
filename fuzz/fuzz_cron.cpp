// A Schedule's timing: `spec.schedule` as robfig/cron's ParseStandard reads it and the Go
// durations of `ttl` and `@every` (plan/coverage.h): never a crash or hang, and what parses
// is sane (an interval is positive and at most the eight years simulated; a duration printed
// parses back to itself).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "volpol/plan/coverage.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  using namespace volpol::plan;
  if (auto t = parse_cron(text); t.ok() && t->longest_interval) {
    const std::int64_t i = *t->longest_interval;
    const bool every = text.find("@every") != std::string_view::npos;
    if (i <= 0 || (!every && i > std::int64_t{8} * 366 * 86400)) __builtin_trap();
  }
  if (auto d = parse_go_duration(text); d.ok()) {
    const auto again = parse_go_duration(go_duration_text(*d));
    if (!again.ok() || *again != *d) __builtin_trap();  // printing round-trips
    (void)short_duration_text(*d);
  }
  return 0;
}
