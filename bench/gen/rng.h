// bench/gen/rng.h — a small deterministic PRNG (splitmix64) for the dump generator.
//
// Same seed, same output on every platform and standard library: no std::*_distribution
// (their algorithms are implementation-defined).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <string_view>

namespace volpol::bench {

/// splitmix64 (Steele, Lea, Flood 2014): one 64-bit state, passes BigCrush, trivially seeded.
class rng {
 public:
  explicit rng(std::uint64_t seed) : state_(seed) {}

  /// The next 64 random bits.
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  /// Uniform in [0, n) (n > 0); the tiny modulo bias does not matter here.
  std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(next() % n); }
  /// Uniform in [lo, hi].
  int between(int lo, int hi) { return lo + static_cast<int>(below(static_cast<std::uint32_t>(hi - lo + 1))); }
  /// True with probability percent/100.
  bool chance(std::uint32_t percent) { return below(100) < percent; }
  /// One element of a non-empty list.
  template <class Container>
  const auto& pick(const Container& items) {
    return items[below(static_cast<std::uint32_t>(std::size(items)))];
  }

 private:
  std::uint64_t state_;
};

/// Mixes values into one seed (for per-object generators that must agree across passes).
inline std::uint64_t mix_seed(std::initializer_list<std::uint64_t> parts) {
  std::uint64_t h = 0x243f6a8885a308d3ULL;
  for (std::uint64_t p : parts) {
    rng r(h ^ p);
    h = r.next();
  }
  return h;
}

}  // namespace volpol::bench
