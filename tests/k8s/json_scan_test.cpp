// The byte scanner that splits JSON lists (src/k8s/loader/json_loader_scan.h) agrees with a plain
// character loop on where a value ends, however the input is cut into chunks, with each of its
// kernels (portable, and AVX2 where this CPU has it).
#include "../../src/k8s/loader/json_loader_scan.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

namespace volpol::k8s::detail {
namespace {

/// One past the end of the value starting at s[0], or npos. A backslash makes the next byte
/// no quote, inside strings and (invalid JSON) outside them; brackets count outside strings
/// even after one.
std::size_t reference_end(const std::string& s) {
  int depth = 0;
  bool in_string = false, escape = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (escape) {
      escape = false;
      if (in_string || c == '"' || c == '\\') continue;
    } else if (c == '\\') {
      escape = true;
      continue;
    }
    if (in_string) {
      if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    else if (c == '{' || c == '[') ++depth;
    else if ((c == '}' || c == ']') && --depth == 0) return i + 1;
  }
  return std::string::npos;
}

/// Random JSON-like text: brackets outside strings, escapes (\\ \" ...) inside them; with
/// `invalid`, backslashes outside strings too (as in broken input, where the scanner must
/// still find the same end however the input is cut).
std::string random_value(std::mt19937& rng, bool invalid = false) {
  static const char outside[] = "{}[] ,:ab";
  static const char inside[] = "{}[]ab ";
  static const char escaped[] = "\"\\abn{}[";
  std::string s = "{";
  const std::size_t len = 1 + rng() % 600;
  for (std::size_t k = 1; k < len; ++k) {
    if (invalid && rng() % 9 == 0) {
      for (std::size_t j = 1 + rng() % 3; j > 0; --j) s += '\\';
      s += escaped[rng() % (sizeof(escaped) - 1)];
      continue;
    }
    if (rng() % 5 != 0) {
      s += outside[rng() % (sizeof(outside) - 1)];
      continue;
    }
    s += '"';
    for (std::size_t j = rng() % 50; j > 0; --j) {
      if (rng() % 3 == 0) {
        s += '\\';
        s += escaped[rng() % (sizeof(escaped) - 1)];
      } else {
        s += inside[rng() % (sizeof(inside) - 1)];
      }
    }
    s += '"';
  }
  return s;
}

/// The kernels to test: portable always, AVX2 when this CPU runs it.
std::vector<scan_kernel> kernels() {
  std::vector<scan_kernel> out{scan_kernel::portable};
  if (best_scan_kernel() == scan_kernel::avx2) out.push_back(scan_kernel::avx2);
  return out;
}

class json_scan_kernel : public ::testing::TestWithParam<scan_kernel> {};

/// Scans `s` given in chunks cut at random places; one past the value's end, or npos.
std::size_t scan_in_chunks(const std::string& s, scan_kernel kernel, std::mt19937& rng) {
  std::vector<char> buf(s.size() + 128, '\0');
  value_scanner scanner(INT64_MAX, kernel);
  std::size_t i = 0, limit = 0;
  while (true) {
    limit = std::min(s.size(), limit + 1 + rng() % 200);
    std::fill(buf.begin(), buf.end(), '\0');  // bytes past `limit` are not there yet
    std::copy(s.begin(), s.begin() + static_cast<std::ptrdiff_t>(limit), buf.begin());
    if (scanner.step(buf.data(), i, limit) == value_scanner::state::done) return i;
    if (limit == s.size()) return std::string::npos;
  }
}

TEST_P(json_scan_kernel, agrees_with_a_character_loop_across_chunk_cuts) {
  std::mt19937 rng(20261130);
  for (int t = 0; t < 6000; ++t) {
    const std::string s = random_value(rng);
    ASSERT_EQ(scan_in_chunks(s, GetParam(), rng), reference_end(s)) << s;
  }
}

// Broken input (backslashes outside strings): the end found must not depend on where the
// chunks are cut (it did: the 64-byte blocks and the byte loop disagreed, and a list read with
// 2 threads, whose window moves elsewhere, split an invalid item differently from 1 thread).
TEST_P(json_scan_kernel, backslashes_outside_strings_end_values_the_same_for_any_cuts) {
  std::mt19937 rng(20261204);
  for (int t = 0; t < 6000; ++t) {
    const std::string s = random_value(rng, true);
    ASSERT_EQ(scan_in_chunks(s, GetParam(), rng), reference_end(s)) << s;
  }
}

TEST_P(json_scan_kernel, stops_past_max_depth) {
  const std::string s = std::string(200, '[') + std::string(200, ']');
  std::vector<char> buf(s.size() + 128, '\0');
  std::copy(s.begin(), s.end(), buf.begin());
  std::size_t i = 0;
  value_scanner deep(100, GetParam());
  EXPECT_EQ(deep.step(buf.data(), i, s.size()), value_scanner::state::too_deep);
  EXPECT_EQ(i, 65U);  // the start of the 64-byte block in which the 101st `[` opens
  i = 0;
  value_scanner enough(200, GetParam());
  ASSERT_EQ(enough.step(buf.data(), i, s.size()), value_scanner::state::done);
  EXPECT_EQ(i, 400U);
}

INSTANTIATE_TEST_SUITE_P(kernels, json_scan_kernel, ::testing::ValuesIn(kernels()),
                         [](const ::testing::TestParamInfo<scan_kernel>& p) {
                           return p.param == scan_kernel::avx2 ? std::string("avx2") : std::string("portable");
                         });

#if defined(VOLPOL_SCAN_AVX2)
TEST(json_scan, avx2_masks_and_prefix_xor_equal_the_portable_ones) {
  if (best_scan_kernel() != scan_kernel::avx2) GTEST_SKIP() << "this CPU has no AVX2, PCLMUL or POPCNT";
  std::mt19937_64 rng(20261204);
  static const char bytes[] = "\"\\{}[]ab \x7f\x80\xff\x5b\x5d\x7b\x7d";  // and ASCII neighbours of the folds
  std::string block(64, ' ');
  for (int t = 0; t < 20000; ++t) {
    for (char& c : block) c = t % 2 == 0 ? bytes[rng() % (sizeof(bytes) - 1)] : static_cast<char>(rng());
    const block_masks a = masks_of(block.data());
    const block_masks b = masks_of_avx2(block.data());
    ASSERT_EQ(a.quote, b.quote) << t;
    ASSERT_EQ(a.backslash, b.backslash) << t;
    ASSERT_EQ(a.open, b.open) << t;
    ASSERT_EQ(a.close, b.close) << t;
    const std::uint64_t x = rng();
    ASSERT_EQ(prefix_xor(x), prefix_xor_clmul(x)) << x;
  }
  EXPECT_EQ(prefix_xor_clmul(0b1001), 0b0111ULL);
}
#endif

TEST(json_scan, finds_ends_of_strings_and_scalars) {
  const std::string s = "\"a\\\"b\" , 123 ]  {\"x\":[1,{\"y\":\"}\"}]} ";
  std::vector<char> buf(s.size() + 128, '\0');
  std::copy(s.begin(), s.end(), buf.begin());
  std::size_t i = 0;
  value_scanner str;
  ASSERT_EQ(str.step(buf.data(), i, s.size()), value_scanner::state::done);
  EXPECT_EQ(i, 6U);
  i = 9;
  value_scanner number;
  ASSERT_EQ(number.step(buf.data(), i, s.size()), value_scanner::state::done);
  EXPECT_EQ(i, 12U);
  i = 16;
  value_scanner object;
  ASSERT_EQ(object.step(buf.data(), i, s.size()), value_scanner::state::done);
  EXPECT_EQ(s.substr(16, i - 16), "{\"x\":[1,{\"y\":\"}\"}]}");
}

TEST(json_scan, escaped_bits_mark_odd_backslash_runs) {
  std::uint64_t carry = 0;
  // `\"` at 0-1: byte 1 escaped; `\\"` at 4-6: byte 6 not escaped; `\\\"` at 8-11: byte 11 escaped.
  // 64 bytes at least: masks_of reads a whole block.
  const std::string s = std::string("\\\"..\\\\\".\\\\\\\"") + std::string(64, '.');
  const block_masks m = masks_of(s.data());
  const std::uint64_t e = escaped_bits(m.backslash, carry);
  EXPECT_TRUE((e >> 1) & 1);
  EXPECT_FALSE((e >> 6) & 1);
  EXPECT_TRUE((e >> 11) & 1);
  EXPECT_EQ(carry, 0U);
  EXPECT_EQ(count_bits(0xF0F0ULL), 8);
  EXPECT_EQ(prefix_xor(0b1001), 0b0111ULL);
}

}  // namespace
}  // namespace volpol::k8s::detail
