#include "object_parts.h"

#include <algorithm>

#include <fmt/format.h>

#include "rng.h"

namespace volpol::bench {
namespace {

// Days since 1970-01-01 to a civil date (H. Hinnant's days_from_civil inverse).
void civil_from_days(std::int64_t z, int& y, unsigned& m, unsigned& d) {
  z += 719468;
  const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const auto doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  d = doy - (153 * mp + 2) / 5 + 1;
  m = mp < 10 ? mp + 3 : mp - 9;
  y = static_cast<int>(yoe + era * 400) + (m <= 2);
}

}  // namespace

std::string uid(std::uint64_t seed) {
  rng r(seed);
  const std::uint64_t a = r.next(), b = r.next();
  return fmt::format("{:08x}-{:04x}-4{:03x}-{:04x}-{:012x}", a >> 32, (a >> 16) & 0xffff, a & 0xfff,
                     0x8000 | ((b >> 48) & 0x3fff), b & 0xffffffffffffULL);
}

std::string hex(std::uint64_t seed, int n) {
  rng r(seed);
  std::string out;
  out.reserve(static_cast<std::size_t>(n) + 16);
  while (static_cast<int>(out.size()) < n) fmt::format_to(std::back_inserter(out), "{:016x}", r.next());
  out.resize(static_cast<std::size_t>(n));
  return out;
}

std::string safe_chars(std::uint64_t seed, int n) {
  static constexpr char alphabet[] = "bcdfghjklmnpqrstvwxz2456789";
  rng r(seed);
  std::string out(static_cast<std::size_t>(n), ' ');
  for (auto& c : out) c = alphabet[r.below(sizeof(alphabet) - 1)];
  return out;
}

std::string timestamp(std::uint64_t seed, int offset_s) {
  constexpr std::int64_t base = 1704067200;  // 2024-01-01T00:00:00Z
  const std::int64_t t = base + static_cast<std::int64_t>(seed % (300ULL * 86400)) + offset_s;
  int y;
  unsigned m, d;
  civil_from_days(t / 86400, y, m, d);
  const auto s = t % 86400;
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z", y, m, d, s / 3600, s / 60 % 60, s % 60);
}

std::string resource_version(std::uint64_t seed) { return fmt::format("{}", 1000000 + seed % 90000000); }

std::uint32_t node_count(const generator_options& o) {
  return static_cast<std::uint32_t>(std::max<std::uint64_t>(3, o.pods / 25));
}

node_info node(const generator_options& o, std::uint32_t i) {
  static constexpr const char* zones[] = {"us-east-1a", "us-east-1b", "us-east-1c"};
  (void)o;  // node names depend only on the index; the seed picks which pods go where
  const unsigned a = (i / 250) % 250 + 1, b = i % 250 + 2;
  return {fmt::format("ip-10-{}-{}-{}.ec2.internal", i / 62500, a, b), zones[i % 3],
          fmt::format("10.{}.{}.{}", i / 62500, a, b)};
}

std::string pod_ip(std::uint64_t seed) {
  return fmt::format("10.{}.{}.{}", 100 + seed % 100, (seed >> 8) % 256, (seed >> 16) % 254 + 1);
}

}  // namespace volpol::bench
