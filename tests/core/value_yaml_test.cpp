// repair_yaml_escapes: yaml-cpp's `\N` and `\_` as Go's yaml.v3 decodes them.
#include <yaml-cpp/yaml.h>

#include <gtest/gtest.h>

#include "volpol/core/value_yaml.h"

namespace volpol {
namespace {

TEST(repair_yaml_escapes, nel_and_nbsp_escapes_become_utf8) {
  YAML::Node n = YAML::Load("{\"k\\_\": \"\\N1\\_\", plain: a\\_b, list: [\"\\_\", \"\\u00a0\", \"\\x85\"]}");
  repair_yaml_escapes(n);
  EXPECT_EQ(n["k\xC2\xA0"].Scalar(),
            "\xC2\x85"
            "1\xC2\xA0");
  EXPECT_EQ(n["k\xC2\xA0"].Tag(), "!");     // still a quoted scalar
  EXPECT_EQ(n["plain"].Scalar(), "a\\_b");  // no escapes outside double quotes
  EXPECT_EQ(n["list"][0].Scalar(), "\xC2\xA0");
  EXPECT_EQ(n["list"][1].Scalar(), "\xC2\xA0");  // yaml-cpp gets \u and \x right already
  EXPECT_EQ(n["list"][2].Scalar(), "\xC2\x85");
}

TEST(repair_yaml_escapes, valid_utf8_is_left_alone) {
  YAML::Node n = YAML::Load("a: \"\xC2\xA0\xE3\x80\x80x\"");
  repair_yaml_escapes(n);
  EXPECT_EQ(n["a"].Scalar(), "\xC2\xA0\xE3\x80\x80x");
}

}  // namespace
}  // namespace volpol
