// parse_capacity and capacity_range::contains: Velero `parseCapacity` / `capacity.isInRange`.
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "volpol/detail/policy/volume_conditions.h"
#include "volpol/k8s/quantity.h"

namespace volpol::policy {
namespace {

k8s::quantity q(std::string_view text) { return k8s::quantity::parse(text).value(); }

TEST(capacity, parses_both_sides_trimmed) {
  struct row {
    std::string_view input, lower, upper;
  };
  const row rows[] = {
      {"10Gi,20Gi", "10Gi", "20Gi"},
      {"10Gi,", "10Gi", "0"},  // empty upper: no upper bound
      {",10Gi", "0", "10Gi"},  // empty lower: 0
      {"", "0", "0"},          // "" reads as ","
      {",", "0", "0"},
      {"0,0", "0", "0"},
      {" 10Gi , 20Gi ", "10Gi", "20Gi"},      // each side is trimmed
      {"10Gi, ", "10Gi", "0"},                // a blank side is 0
      {"\t1Gi\xC2\xA0,\n2Gi", "1Gi", "2Gi"},  // Go's TrimSpace: tab, newline, U+00A0
      {"\xE2\x80\x83"
       "1Gi\xE2\x80\x83,2Gi",
       "1Gi", "2Gi"},  // U+2003 em space
      {"\xE3\x80\x80"
       "1Gi,\xC2\x85"
       "2Gi\xE2\x80\xA8",
       "1Gi", "2Gi"},  // U+3000, U+0085 (NEL), U+2028
      {"\xE1\x9A\x80\xE2\x80\xAF"
       "1Gi\xE2\x81\x9F,\v\f\r2Gi",
       "1Gi", "2Gi"},                           // U+1680, U+202F, U+205F
      {"\xE2\x80\x80\xE2\x80\x8A,", "0", "0"},  // U+2000..U+200A only: a blank side
      {"10Gi,5Gi", "10Gi", "5Gi"},              // inverted bounds are left to validation
      {"1G,1Gi", "1G", "1Gi"},
      {"500m,1", "500m", "1"},
  };
  for (const auto& [input, lower, upper] : rows) {
    SCOPED_TRACE(input);
    const auto r = parse_capacity(input);
    ASSERT_TRUE(r.ok()) << r.error()->message;
    EXPECT_EQ(r.value().lower, q(lower));
    EXPECT_EQ(r.value().upper, q(upper));
  }
}

TEST(capacity, rejects_wrong_shapes_and_bad_quantities) {
  const std::string_view rows[] = {
      "10Gi",         // one side
      "1Gi,2Gi,3Gi",  // three sides
      "10 Gi,20Gi",   // space inside a quantity
      "10GB,20GB",    // GB is not a suffix
      "abc,10Gi",
      "1Gi,big",
      "\xE2\x80\x8B"
      "1Gi,2Gi",  // U+200B zero width space is not white space in Go
      "\xEF\xBB\xBF"
      "1Gi,2Gi",      // U+FEFF byte order mark: not trimmed either
      "1Gi\xC2,2Gi",  // a stray UTF-8 lead byte is not a space
  };
  for (std::string_view input : rows) {
    SCOPED_TRACE(input);
    const auto r = parse_capacity(input);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error()->message.find("capacity"), std::string::npos) << r.error()->message;
  }
}

TEST(capacity, error_names_the_text) {
  EXPECT_NE(parse_capacity("5Gi").error()->message.find("`5Gi`"), std::string::npos);
  EXPECT_NE(parse_capacity("1Gi,big").error()->message.find("big"), std::string::npos);
}

TEST(capacity, contains_follows_velero_branches) {
  struct row {
    std::string_view range, size;
    bool inside;
  };
  const row rows[] = {
      {"0,10Gi", "15Gi", false},
      {"0,10Gi", "10Gi", true},
      {"0,10Gi", "0", true},
      {"20Gi,0", "25Gi", true},
      {"20Gi,0", "15Gi", false},
      {"10Gi,", "10Gi", true},
      {"10Gi,", "0", false},
      {"10Gi,", "1Pi", true},
      {"10Gi,20Gi", "15Gi", true},
      {"10Gi,20Gi", "5Gi", false},
      {"10Gi,20Gi", "10Gi", true},
      {"10Gi,20Gi", "20Gi", true},
      {"10Gi,20Gi", "10737418239", false},
      {"10Gi,20Gi", "21474836481", false},
      {"0,0", "5Gi", true},
      {"0,0", "0", true},
      {"", "1Ti", true},
      {"0,1G", "1Gi", false},
      {"0,1Gi", "1G", true},
      {"1G,1Gi", "1073741824", true},
      {"1G,1Gi", "1073741825", false},
      {"1024Mi,1Gi", "1Gi", true},
      {"500m,1", "499m", false},
      {"500m,1", "1001m", false},
      {"0.5,1", "500m", true},
      {"0,1k", "1Ki", false},
      {"10Gi,5Gi", "7Gi", false},  // inverted: no size is in it
  };
  for (const auto& [range, size, inside] : rows) {
    SCOPED_TRACE(std::string(range) + " holds " + std::string(size));
    EXPECT_EQ(parse_capacity(range).value().contains(q(size)), inside);
  }
}

TEST(capacity, default_range_is_unbounded) {
  const capacity_range any;
  EXPECT_TRUE(any.is_unbounded());
  EXPECT_TRUE(any.contains(q("1Ei")));
  EXPECT_TRUE(any.contains(q("-1")));  // [0,0]: the first branch holds for negatives
  EXPECT_FALSE(parse_capacity("1,").value().is_unbounded());
}

}  // namespace
}  // namespace volpol::policy
