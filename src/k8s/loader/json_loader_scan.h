// json_loader_scan.h (private) — finds where a JSON value ends without parsing it: depth of
// {} and [] outside strings, strings closed by an unescaped quote. 64 bytes at a time, in bit
// masks (simdjson's stage 1 technique): SSE2 everywhere, AVX2 with POPCNT and PCLMUL where the
// CPU has them (chosen at run time: scan_kernel). It does not validate: simdjson does, per
// value, afterwards.
#pragma once

#include <cstddef>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define VOLPOL_SCAN_AVX2 1
#endif

namespace volpol::k8s::detail {

/// The first of `"`, `\`, `{`, `}`, `[`, `]` in [p, end), or end. Reads up to 15 bytes past
/// end (the chunk buffer is padded).
inline const char* find_structural(const char* p, const char* end) {
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  const __m128i open = _mm_set1_epi8('{');   // '[' | 0x20 == '{'
  const __m128i close = _mm_set1_epi8('}');  // ']' | 0x20 == '}'
  const __m128i lower = _mm_set1_epi8(0x20);
  for (; p < end; p += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i folded = _mm_or_si128(v, lower);
    const __m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)),
                                     _mm_or_si128(_mm_cmpeq_epi8(folded, open), _mm_cmpeq_epi8(folded, close)));
    const unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(hit));
    if (mask != 0) {
      const char* q = p + __builtin_ctz(mask);
      return q < end ? q : end;
    }
  }
  return end;
#else
  for (; p < end; ++p) {
    const char c = *p;
    if (c == '"' || c == '\\' || c == '{' || c == '}' || c == '[' || c == ']') return p;
  }
  return end;
#endif
}

/// The first `"` or `\` in [p, end), or end. Reads up to 15 bytes past end.
inline const char* find_quote_or_backslash(const char* p, const char* end) {
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  for (; p < end; p += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i hit = _mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash));
    const unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(hit));
    if (mask != 0) {
      const char* q = p + __builtin_ctz(mask);
      return q < end ? q : end;
    }
  }
  return end;
#else
  for (; p < end; ++p)
    if (*p == '"' || *p == '\\') return p;
  return end;
#endif
}

inline bool is_json_space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

/// Bit masks of 64 bytes: quotes, backslashes, `{`/`[` and `}`/`]`.
struct block_masks {
  std::uint64_t quote = 0;
  std::uint64_t backslash = 0;
  std::uint64_t open = 0;
  std::uint64_t close = 0;
};

inline block_masks masks_of(const char* p) {
  block_masks m;
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  const __m128i open = _mm_set1_epi8('{');
  const __m128i close = _mm_set1_epi8('}');
  const __m128i lower = _mm_set1_epi8(0x20);
  for (int k = 0; k < 4; ++k) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k));
    const __m128i folded = _mm_or_si128(v, lower);
    const auto bits = [](__m128i x) { return static_cast<std::uint64_t>(static_cast<unsigned>(_mm_movemask_epi8(x))); };
    m.quote |= bits(_mm_cmpeq_epi8(v, quote)) << (16 * k);
    m.backslash |= bits(_mm_cmpeq_epi8(v, backslash)) << (16 * k);
    m.open |= bits(_mm_cmpeq_epi8(folded, open)) << (16 * k);
    m.close |= bits(_mm_cmpeq_epi8(folded, close)) << (16 * k);
  }
#else
  for (int k = 0; k < 64; ++k) {
    const char c = p[k];
    const std::uint64_t bit = std::uint64_t{1} << k;
    if (c == '"') m.quote |= bit;
    if (c == '\\') m.backslash |= bit;
    if (c == '{' || c == '[') m.open |= bit;
    if (c == '}' || c == ']') m.close |= bit;
  }
#endif
  return m;
}

/// Bit k set when the bytes 0..k hold an odd number of set bits of x (string interiors).
inline std::uint64_t prefix_xor(std::uint64_t x) {
  x ^= x << 1;
  x ^= x << 2;
  x ^= x << 4;
  x ^= x << 8;
  x ^= x << 16;
  x ^= x << 32;
  return x;
}

/// Set bits of x, without a call into libgcc (x86-64's baseline has no popcnt instruction).
inline int count_bits(std::uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
}

/// How value_scanner looks at 64-byte blocks.
enum class scan_kernel : std::uint8_t {
  portable,  ///< SSE2 (x86-64's baseline) or plain C++: masks_of, prefix_xor, count_bits
  avx2,      ///< AVX2 compares, PCLMUL prefix XOR, POPCNT (masks_of_avx2)
};

/// The fastest kernel this CPU runs (checked once).
inline scan_kernel best_scan_kernel() {
#if defined(VOLPOL_SCAN_AVX2)
  static const scan_kernel best = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("popcnt")
               ? scan_kernel::avx2
               : scan_kernel::portable;
  }();
  return best;
#else
  return scan_kernel::portable;
#endif
}

#if defined(VOLPOL_SCAN_AVX2)
/// masks_of with two 32-byte compares a mask (the CPU must have AVX2).
[[gnu::target("avx2")]] inline block_masks masks_of_avx2(const char* p) {
  const __m256i quote = _mm256_set1_epi8('"');
  const __m256i backslash = _mm256_set1_epi8('\\');
  const __m256i open = _mm256_set1_epi8('{');
  const __m256i close = _mm256_set1_epi8('}');
  const __m256i lower = _mm256_set1_epi8(0x20);
  block_masks m;
  for (int k = 0; k < 2; ++k) {
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32 * k));
    const __m256i folded = _mm256_or_si256(v, lower);
    // (No lambda: it would not get this function's target.)
    const int shift = 32 * k;
    m.quote |= std::uint64_t{static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, quote)))} << shift;
    m.backslash |= std::uint64_t{static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, backslash)))}
                   << shift;
    m.open |= std::uint64_t{static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(folded, open)))} << shift;
    m.close |= std::uint64_t{static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(folded, close)))}
               << shift;
  }
  return m;
}

/// prefix_xor as one carry-less multiplication by all ones (the CPU must have PCLMUL).
[[gnu::target("pclmul,sse2")]] inline std::uint64_t prefix_xor_clmul(std::uint64_t x) {
  const __m128i all_ones = _mm_set1_epi8(-1);
  const __m128i r = _mm_clmulepi64_si128(_mm_set_epi64x(0, static_cast<long long>(x)), all_ones, 0);
  return static_cast<std::uint64_t>(_mm_cvtsi128_si64(r));
}
#endif

/// Characters escaped by an odd run of backslashes (simdjson's classic
/// find_odd_backslash_sequences). `carry`: 1 when the block's first byte is escaped; updated.
inline std::uint64_t escaped_bits(std::uint64_t backslash, std::uint64_t& carry) {
  constexpr std::uint64_t even_bits = 0x5555555555555555ULL;
  constexpr std::uint64_t odd_bits = ~even_bits;
  const std::uint64_t start_edges = backslash & ~(backslash << 1);
  const std::uint64_t even_start_mask = even_bits ^ carry;
  const std::uint64_t even_starts = start_edges & even_start_mask;
  const std::uint64_t odd_starts = start_edges & ~even_start_mask;
  const std::uint64_t even_carries = backslash + even_starts;
  std::uint64_t odd_carries = 0;
  const bool ends_odd = __builtin_add_overflow(backslash, odd_starts, &odd_carries);
  odd_carries |= carry;
  carry = ends_odd ? 1 : 0;
  const std::uint64_t even_carry_ends = even_carries & ~backslash;
  const std::uint64_t odd_carry_ends = odd_carries & ~backslash;
  return (even_carry_ends & odd_bits) | (odd_carry_ends & even_bits);
}

/// Resumable: feed it the buffer again after a refill (positions shifted by the caller).
class value_scanner {
 public:
  enum class state : std::uint8_t { done, more, too_deep };

  /// `max_depth`: objects and arrays open at once past which step() gives up (`too_deep`, `i`
  /// at most 64 bytes before the bracket that passed the limit, or just past it).
  /// `kernel`: how blocks are looked at (the same answers either way; tests compare them).
  explicit value_scanner(std::int64_t max_depth = INT64_MAX, scan_kernel kernel = best_scan_kernel())
      : max_depth_(max_depth), kernel_(kernel) {}

  /// Advances `i` over [i, end) of `d`. `done`: `i` is one past the value's last byte.
  state step(const char* d, std::size_t& i, std::size_t end) {
    if (!started_) {
      if (i >= end) return state::more;
      started_ = true;
      const char c = d[i];
      if (c == '{' || c == '[') {
        depth_ = 1;
        ++i;
      } else if (c == '"') {
        in_string_ = true;
        ++i;
      } else {
        scalar_ = true;
      }
    }
    if (scalar_) {
      while (i < end && !is_delimiter(d[i])) ++i;
      return i < end ? state::done : state::more;
    }
    if (depth_ > 0 && blocks(d, i, end)) return state::done;
    if (depth_ > max_depth_) return state::too_deep;
    while (i < end) {
      if (in_string_) {
        if (escape_) {
          escape_ = false;
          ++i;
          continue;
        }
        const char* p = find_quote_or_backslash(d + i, d + end);
        i = static_cast<std::size_t>(p - d);
        if (i >= end) return state::more;
        ++i;
        if (*p == '\\') {
          escape_ = true;
          continue;
        }
        in_string_ = false;
        if (depth_ == 0) return state::done;
        continue;
      }
      // Outside strings too, a backslash makes the next byte no quote (brackets still count):
      // what blocks() does, so that where the input is cut into chunks never changes where
      // an invalid value ends.
      char c = 0;
      if (escape_) {
        escape_ = false;
        c = d[i++];
      } else {
        const char* p = find_structural(d + i, d + end);
        i = static_cast<std::size_t>(p - d);
        if (i >= end) return state::more;
        ++i;
        c = *p;
        if (c == '\\') {
          escape_ = true;
        } else if (c == '"') {
          in_string_ = true;
        }
      }
      if (c == '{' || c == '[') {
        if (++depth_ > max_depth_) return state::too_deep;
      } else if ((c == '}' || c == ']') && --depth_ == 0) {
        return state::done;
      }
    }
    return state::more;
  }

  /// A bare scalar (number, true ...) ends at the end of input; anything else is truncated.
  [[nodiscard]] bool complete_at_eof() const { return scalar_; }

 private:
  /// 64 bytes at a time while a whole block is left: true when the value ends (i one past it).
  bool blocks(const char* d, std::size_t& i, std::size_t end) {
#if defined(VOLPOL_SCAN_AVX2)
    if (kernel_ == scan_kernel::avx2) return blocks_avx2(d, i, end);
#endif
    return blocks_with<portable_ops>(d, i, end);
  }

  struct portable_ops {
    static block_masks masks(const char* p) { return masks_of(p); }
    static std::uint64_t inside(std::uint64_t quotes) { return prefix_xor(quotes); }
    static int count(std::uint64_t x) { return count_bits(x); }
  };
#if defined(VOLPOL_SCAN_AVX2)
  struct avx2_ops {
    [[gnu::target("avx2,pclmul,popcnt")]] static block_masks masks(const char* p) { return masks_of_avx2(p); }
    [[gnu::target("avx2,pclmul,popcnt")]] static std::uint64_t inside(std::uint64_t quotes) {
      return prefix_xor_clmul(quotes);
    }
    [[gnu::target("avx2,pclmul,popcnt")]] static int count(std::uint64_t x) { return __builtin_popcountll(x); }
  };
  /// blocks_with<avx2_ops>, with everything inlined into code for those instructions.
  [[gnu::target("avx2,pclmul,popcnt"), gnu::flatten]] bool blocks_avx2(const char* d, std::size_t& i, std::size_t end) {
    return blocks_with<avx2_ops>(d, i, end);
  }
#endif

  template <class ops>
  bool blocks_with(const char* d, std::size_t& i, std::size_t end) {
    std::uint64_t carry = escape_ ? 1 : 0;
    while (end - i >= 64) {
      block_masks m = ops::masks(d + i);
      if ((m.backslash | carry) != 0) m.quote &= ~escaped_bits(m.backslash, carry);
      const std::uint64_t inside = ops::inside(m.quote) ^ (in_string_ ? ~std::uint64_t{0} : 0);
      in_string_ = (inside >> 63) != 0;
      const std::uint64_t open = m.open & ~inside;
      const std::uint64_t close = m.close & ~inside;
      const int closes = close == 0 ? 0 : ops::count(close);
      if (depth_ > closes) {
        depth_ += (open == 0 ? 0 : ops::count(open)) - closes;  // cannot reach 0 in this block
        if (depth_ > max_depth_) return false;                  // step() reports it, at this block
      } else {
        for (std::uint64_t all = open | close; all != 0; all &= all - 1) {
          const int k = __builtin_ctzll(all);
          if ((open >> k) & 1) {
            ++depth_;
          } else if (--depth_ == 0) {
            i += static_cast<std::size_t>(k) + 1;
            return true;
          }
        }
      }
      i += 64;
    }
    escape_ = carry != 0;
    return false;
  }

  static bool is_delimiter(char c) { return c == ',' || c == '}' || c == ']' || is_json_space(c); }

  std::int64_t depth_ = 0;
  std::int64_t max_depth_;
  scan_kernel kernel_;
  bool started_ = false;
  bool in_string_ = false;
  bool escape_ = false;
  bool scalar_ = false;
};

}  // namespace volpol::k8s::detail
