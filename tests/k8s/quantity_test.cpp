// Unit tests for volpol::k8s::quantity beyond the conformance corpus: values in bytes,
// large values, rounding, exponent edges, round trips and error messages.
#include "volpol/k8s/quantity.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>

namespace volpol::k8s {
namespace {

constexpr std::int64_t int64_max = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t int64_min = std::numeric_limits<std::int64_t>::min();

quantity q(std::string_view text) {
  auto r = quantity::parse(text);
  EXPECT_TRUE(r.ok()) << text << ": " << (r.error() ? r.error()->message : "");
  return r.ok() ? r.value() : quantity{};
}

std::string error_of(std::string_view text) {
  const auto r = quantity::parse(text);
  EXPECT_FALSE(r.ok()) << "`" << text << "` parsed as " << (r.ok() ? r.value().to_string() : "");
  return r.error() ? r.error()->message : "";
}

TEST(quantity, value_in_bytes) {
  const struct {
    const char* input;
    std::int64_t bytes;
  } rows[] = {
      {"1.5Gi", 1610612736},
      {"10Gi", 10737418240},
      {"1Ki", 1024},
      {"1k", 1000},
      {"1Ti", 1099511627776},
      {"7Ei", 8070450532247928832},
      {"1536Mi", 1610612736},
      {"0.5Ki", 512},
      {"1e3", 1000},
      {"1.5", 2},
      {"-1.5", -2},
      {"1n", 1},  // rounded up, away from zero
      {"-1n", -1},
      {"0.5", 1},
      {"999m", 1},
      {"0", 0},
      {"-0Gi", 0},
      {"1000m", 1},
      {"9223372036854775807", int64_max},
      {"-9223372036854775808", int64_min},
      {"9223372036854775808", int64_max},  // saturates where Value() overflows
      {"-9223372036854775809", int64_min},
      {"1e30", int64_max},
      {"-1e30", int64_min},
      {"8Ei", int64_max},
      {"-16Ei", -int64_max},  // binary SI cap
      {"9223372036854775806.1", int64_max},
      {"9223372036854775806.0", 9223372036854775806},
  };
  for (const auto& row : rows) {
    SCOPED_TRACE(row.input);
    EXPECT_EQ(q(row.input).value(), row.bytes);
  }
}

TEST(quantity, canonical_form) {
  const struct {
    const char* input;
    const char* canonical;
  } rows[] = {
      {"1024Mi", "1Gi"},     // whole binary unit: shortened
      {"1.5Gi", "1536Mi"},   // fraction: one unit down
      {"1.5Ki", "1536"},     // not a multiple of 1024: plain number
      {"0.5Ki", "512"},      // below 1024: decimal SI
      {"0.1Ki", "102400m"},  // not a whole number: decimal SI
      {"1.5", "1500m"},
      {"1e14", "100e12"},
      {"1e-2", "10e-3"},
      {"1000E", "1"},  // no decimal SI suffix above E: the power of ten is dropped
      {"1000000E", "1"},
      {"1500E", "1500E"},
      {"10000E", "10"},
      {"1e21", "1e21"},  // decimal exponent format keeps its exponent
      {"12345678901234567890E", "12345678901234567890E"},
      {"9Ei", "9223372036854775807"},  // capped at 2^63-1, odd: no binary suffix fits
      {"+1", "1"},                     // Quantity.String() would hand back "+1"; volpol canonicalises
      {"1E6", "1e6"},
      {"1.", "1"},
      {"007", "7"},
      {"-0", "0"},
      {".", "0"},
      {"+", "0"},
      {"0.9999999999", "1"},  // rounded up at nano: 1.000000000
      {"9.9999999999", "10"},
      {"-0.0000000001", "-1n"},
      {"1e2147483647", "10e2147483646"},  // exact; Kubernetes' int32 exponent stays in range here
  };
  for (const auto& row : rows) {
    SCOPED_TRACE(row.input);
    EXPECT_EQ(q(row.input).to_string(), row.canonical);
  }
}

TEST(quantity, large_values_stay_exact) {
  const quantity big = q("123456789012345678901234567890");
  EXPECT_EQ(big.to_string(), "123456789012345678901234567890");
  EXPECT_EQ(big.compare(q("123456789012345678901234567891")), -1);
  EXPECT_EQ(big.compare(q("123456789012345678901234567.89k")), 0);
  EXPECT_EQ(q("1e30").compare(q("999999999999999999999999999999")), 1);
  EXPECT_EQ(q("1e100").compare(q("1e99")), 1);
  EXPECT_EQ(q("-1e100").compare(q("-1e99")), -1);
  EXPECT_EQ(q("18446744073709551616").compare(q("16Ei")), 1);         // 16Ei is capped at 2^63-1
  EXPECT_EQ(q("1e-9").compare(q("0.0000000000000000000000001")), 0);  // both round to 1n
  // A long fraction is rounded at nano, exactly, however long it is.
  EXPECT_EQ(q("0." + std::string(200, '0') + "1").to_string(), "1n");
  EXPECT_EQ(q("1." + std::string(8, '9') + "91").to_string(), "2");
}

TEST(quantity, compares_across_formats) {
  EXPECT_EQ(q("1Gi").compare(q("1G")), 1);
  EXPECT_EQ(q("1Gi").compare(q("1024Mi")), 0);
  EXPECT_EQ(q("1Gi").compare(q("1073741824")), 0);
  EXPECT_EQ(q("1e3").compare(q("1k")), 0);
  EXPECT_EQ(q("0.001").compare(q("1m")), 0);
  EXPECT_EQ(q("-1Gi").compare(q("-1G")), -1);
  EXPECT_EQ(q("0").compare(q("-0Ki")), 0);
  EXPECT_TRUE(q("1Gi") == q("1024Mi"));
  EXPECT_TRUE(q("1G") < q("1Gi"));
  EXPECT_TRUE(q("-1n") < quantity{});
}

TEST(quantity, format_and_sign) {
  EXPECT_EQ(q("1Gi").format(), quantity_format::binary_si);
  EXPECT_EQ(q("0.5Ki").format(), quantity_format::binary_si);         // 512: still binary
  EXPECT_EQ(q("0.0000001Ki").format(), quantity_format::decimal_si);  // below 1: decimal SI
  EXPECT_EQ(q("1e3").format(), quantity_format::decimal_exponent);
  EXPECT_EQ(q("1E").format(), quantity_format::decimal_si);  // exa, not an exponent
  EXPECT_EQ(quantity{}.format(), quantity_format::decimal_si);
  EXPECT_EQ(quantity{}.to_string(), "0");
  EXPECT_TRUE(q("-0.0").is_zero());
  EXPECT_EQ(q("-0.0").sign(), 0);
  EXPECT_EQ(q("-1n").sign(), -1);
  EXPECT_EQ(q("1e-30").sign(), 1);  // rounded up to 1n, never to zero
}

TEST(quantity, exponent_mirrors_int32_truncation) {
  // suffix.go reads the exponent as int64, then keeps int32(parsed): 2^32 + 1 is 1.
  EXPECT_EQ(q("1e4294967296").compare(q("1")), 0);
  EXPECT_EQ(q("1e4294967297").compare(q("10")), 0);
  EXPECT_EQ(q("1e9223372036854775807").to_string(), "100e-3");  // low 32 bits of 2^63-1: -1
  EXPECT_EQ(q("1e+03").compare(q("1k")), 0);
  EXPECT_EQ(q("1e0000000000000000000000003").compare(q("1k")), 0);  // leading zeros: fine
}

TEST(quantity, round_trips) {
  const char* inputs[] = {"1.5Gi",        "0.05Gi",       "-1.025Ti", "1e100", "-0.5e-9",
                          "1.0000000001", "9Ei",          "999E",     "+1Ki",  "123456789012345678901234567890",
                          ".001Ki",       "1e2147483647", "1.1E-9",   "-12E",  "0.0009765625Ki"};
  for (const char* input : inputs) {
    SCOPED_TRACE(input);
    const quantity original = q(input);
    const std::string canonical = original.to_string();
    const quantity again = q(canonical);
    EXPECT_EQ(again.compare(original), 0);
    EXPECT_EQ(again.to_string(), canonical);  // the canonical form is a fixed point
  }
}

// apimachinery v0.36 CanonicalizeBytes: decimal SI has no suffix above E and the failed
// lookup is ignored, so the canonical string of 1000E is "1": the value does not survive.
TEST(quantity, canonical_form_beyond_exa_drops_the_power_of_ten) {
  const quantity big = q("1000E");
  EXPECT_EQ(big.to_string(), "1");
  EXPECT_EQ(big.compare(q("1e21")), 0);            // the value itself is exact
  EXPECT_EQ(q(big.to_string()).compare(big), -1);  // but its string is 1
  EXPECT_EQ(q("-2000000E").to_string(), "-2");
  EXPECT_EQ(q("1e24").to_string(), "1e24");  // DecimalExponent has a suffix for any power
}

TEST(quantity, rejects_spaces_and_malformed_text) {
  const char* inputs[] = {" 1Gi", "1Gi ",  "1 Gi", "\t1",   "1\n",
                          "",     "1.5.5", "1..5", "++1",   "1-",
                          "1e",   "1e-",   "1ki",  "1KB",   "1GiB",
                          "Pi",   "-Ei",   "e-10", "1e3e3", "1e99999999999999999999",
                          "0x10", "1,5",   "Inf",  "1Gi/s"};
  for (const char* input : inputs) {
    SCOPED_TRACE(input);
    const std::string message = error_of(input);
    EXPECT_FALSE(message.empty());
  }
}

TEST(quantity, error_messages_name_input_and_expectation) {
  EXPECT_EQ(error_of("1 Gi"),
            "invalid quantity `1 Gi`: unexpected ` ` at position 2, expected a number with an optional suffix, "
            "such as `10Gi`, `1.5G`, `500m` or `1e3`");
  EXPECT_EQ(error_of("1\n"),
            "invalid quantity `1\\n`: unexpected `\\n` at position 2, expected a number with an optional "
            "suffix, such as `10Gi`, `1.5G`, `500m` or `1e3`");
  EXPECT_EQ(error_of("Pi"), "invalid quantity `Pi`: no digits before `Pi`, expected a number such as `1Pi`");
  EXPECT_EQ(error_of("1e-"),
            "invalid quantity `1e-`: exponent `e-` is malformed, expected an integer "
            "exponent such as e3 or e-6");
  EXPECT_EQ(error_of("1e99999999999999999999"),
            "invalid quantity `1e99999999999999999999`: exponent `e99999999999999999999` is out of range, "
            "expected an integer exponent such as e3 or e-6");
  EXPECT_EQ(error_of(""),
            "empty quantity ``, expected a number with an optional suffix, such as `10Gi`, "
            "`1.5G`, `500m` or `1e3`");

  const auto kb = quantity::parse("1KB");
  ASSERT_FALSE(kb.ok());
  EXPECT_EQ(kb.error()->message.rfind("invalid quantity `1KB`: unknown suffix `KB`, expected one of n, u, m", 0), 0u);
  EXPECT_EQ(kb.error()->help, "did you mean `Ki` (2^10) or `k` (10^3)?");
  EXPECT_EQ(quantity::parse("1gi").error()->help, "did you mean `Gi`?");
  EXPECT_EQ(quantity::parse("1GiB").error()->help, "did you mean `Gi`?");
  EXPECT_EQ(quantity::parse("1K").error()->help, "did you mean `k`?");
}

TEST(quantity, error_messages_follow_style) {
  const char* inputs[] = {"", "1 Gi", "1KB", "1ki", "Pi", "1e-", "1e99999999999999999999", "abc", "1.5.5"};
  for (const char* input : inputs) {
    SCOPED_TRACE(input);
    const std::string message = error_of(input);
    ASSERT_FALSE(message.empty());
    EXPECT_TRUE(message[0] >= 'a' && message[0] <= 'z');                         // lower-case start
    EXPECT_NE(message.back(), '.');                                              // no final period
    EXPECT_NE(message.find("`" + std::string(input) + "`"), std::string::npos);  // names the input
    EXPECT_NE(message.find("expected"), std::string::npos);                      // says what was expected
  }
}

TEST(quantity, long_input_is_cut_in_messages) {
  const std::string input = std::string(100, '1') + "x";
  const std::string message = error_of(input);
  EXPECT_NE(message.find("`" + std::string(61, '1') + "...`"), std::string::npos);
  EXPECT_LT(message.size(), 300u);
}

}  // namespace
}  // namespace volpol::k8s
