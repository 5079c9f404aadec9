// value_from_yaml typing (yaml.v3 rules for `any` targets), rendering, Go texts, equality.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <cmath>
#include <string>

#include "volpol/detail/value_yaml.h"

namespace volpol {
namespace {

value load(const std::string& yaml) {
  auto v = value_from_yaml(YAML::Load(yaml));
  EXPECT_TRUE(v.ok()) << (v.error() ? v.error()->to_string() : "");
  return v.ok() ? v.value() : value{};
}

TEST(value_from_yaml, plain_scalars_take_yaml_v3_types) {
  struct row {
    const char* text;
    value::kind kind;
  };
  const row rows[] = {
      {"true", value::kind::boolean},   {"True", value::kind::boolean},  {"FALSE", value::kind::boolean},
      {"yes", value::kind::string},     {"on", value::kind::string},     {"tRue", value::kind::string},
      {"~", value::kind::null},         {"null", value::kind::null},     {"Null", value::kind::null},
      {"1", value::kind::integer},      {"-17", value::kind::integer},   {"+5", value::kind::integer},
      {"0x1F", value::kind::integer},   {"0o17", value::kind::integer},  {"0b101", value::kind::integer},
      {"017", value::kind::integer},    {"1_000", value::kind::integer}, {"1.5", value::kind::floating},
      {"1e3", value::kind::floating},   {".5", value::kind::floating},   {".inf", value::kind::floating},
      {"-.Inf", value::kind::floating}, {".nan", value::kind::floating}, {"08", value::kind::floating},
      {"1e400", value::kind::string},   {"10Gi", value::kind::string},   {"1.2.3", value::kind::string},
      {"0x", value::kind::string},      {"abc", value::kind::string},    {"2001-12-14", value::kind::string},
  };
  for (const row& r : rows) {
    SCOPED_TRACE(r.text);
    EXPECT_EQ(load(std::string("k: ") + r.text).find("k")->type(), r.kind);
  }
}

TEST(value_from_yaml, integer_values_follow_go_parse_int) {
  EXPECT_EQ(load("k: 0x1F").find("k")->as_int(), 31);
  EXPECT_EQ(load("k: 017").find("k")->as_int(), 15);  // a leading 0 is octal in Go's base 0
  EXPECT_EQ(load("k: 0o17").find("k")->as_int(), 15);
  EXPECT_EQ(load("k: -0b101").find("k")->as_int(), -5);
  EXPECT_EQ(load("k: 1_000").find("k")->as_int(), 1000);
  EXPECT_EQ(load("k: -9223372036854775808").find("k")->as_int(), INT64_MIN);
  EXPECT_DOUBLE_EQ(load("k: 08").find("k")->as_float(), 8.0);  // not octal: a float
}

TEST(value_from_yaml, quoted_and_tagged_scalars) {
  const value v = load("a: \"true\"\nb: '1'\nc: !!str 1\nd: !!float 1\ne: !!int \"7\"\nf: !foo 1\ng: !!binary aGk=\n");
  EXPECT_EQ(v.find("a")->type(), value::kind::string);
  EXPECT_EQ(v.find("b")->as_string(), "1");
  EXPECT_EQ(v.find("c")->as_string(), "1");
  EXPECT_EQ(v.find("d")->type(), value::kind::floating);
  EXPECT_EQ(v.find("e")->as_int(), 7);
  EXPECT_EQ(v.find("f")->type(), value::kind::string);
  EXPECT_EQ(v.find("g")->as_string(), "hi");
}

TEST(value_from_yaml, a_scalar_that_does_not_fit_its_tag_is_an_error) {
  auto v = value_from_yaml(YAML::Load("a: {b: !!int abc}"));
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.error()->message, "cannot decode !!str `abc` as a !!int");
  EXPECT_EQ(v.error()->where.path, "a.b");
  EXPECT_EQ(v.error()->where.line, 1u);
  EXPECT_EQ(v.error()->where.column, 8u);
}

TEST(value_from_yaml, duplicate_keys_are_rejected_with_both_lines) {
  auto v = value_from_yaml(YAML::Load("top:\n  a: 1\n  b: 2\n  a: 3\n"));
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.error()->message, "mapping key `a` already defined at line 2");
  EXPECT_EQ(v.error()->where.path, "top.a");
  EXPECT_EQ(v.error()->where.line, 4u);
  EXPECT_EQ(v.error()->where.column, 3u);
}

TEST(value_from_yaml, keeps_document_order_and_positions) {
  const value v = load("z: 1\na:\n  - x\n  - {k: v}\nm:\n");
  ASSERT_EQ(v.entries().size(), 3u);
  EXPECT_EQ(v.entries()[0].first, "z");
  EXPECT_EQ(v.entries()[1].first, "a");
  EXPECT_EQ(v.key_mark(1).line, 2u);
  EXPECT_EQ(v.key_mark(1).column, 1u);
  const value& list = *v.find("a");
  EXPECT_EQ(list.items()[1].mark().line, 4u);
  EXPECT_EQ(list.items()[1].mark().column, 5u);
  EXPECT_TRUE(v.find("m")->is_null());
  EXPECT_EQ(v.find("m")->mark().line, 5u);  // a null value points at its key
}

TEST(value, scalar_text_is_what_yaml_v3_encodes) {
  EXPECT_EQ(value::make_float(1.0).scalar_text(), "1");
  EXPECT_EQ(value::make_float(1.5).scalar_text(), "1.5");
  EXPECT_EQ(value::make_float(1e6).scalar_text(), "1e+06");
  EXPECT_EQ(value::make_float(123456.0).scalar_text(), "123456");
  EXPECT_EQ(value::make_float(0.0001).scalar_text(), "0.0001");
  EXPECT_EQ(value::make_float(0.00001).scalar_text(), "1e-05");
  EXPECT_EQ(value::make_float(-2.5e-10).scalar_text(), "-2.5e-10");
  EXPECT_EQ(value::make_float(INFINITY).scalar_text(), ".inf");
  EXPECT_EQ(value::make_float(NAN).scalar_text(), ".nan");
  EXPECT_EQ(value::make_int(-42).scalar_text(), "-42");
  EXPECT_EQ(value::make_bool(true).scalar_text(), "true");
  EXPECT_EQ(value::make_string("x y").scalar_text(), "x y");
  EXPECT_EQ(value{}.scalar_text(), "");
}

TEST(value, go_type_names_and_rendering) {
  const value v = load("a: [x, \"1\", 2, true, ~]\nb: {k: v}\n");
  EXPECT_EQ(v.find("a")->go_type_name(), "[]interface {}");
  EXPECT_EQ(v.find("b")->go_type_name(), "map[string]interface {}");
  EXPECT_EQ(v.find("a")->items()[2].go_type_name(), "int");
  EXPECT_EQ(v.find("a")->to_string(), "[x, \"1\", 2, true, null]");
  EXPECT_EQ(v.to_string(), "{a: [x, \"1\", 2, true, null], b: {k: v}}");
  EXPECT_EQ(value::make_string("abc").to_string(), "\"abc\"");
}

TEST(value, equality_is_typed_and_structural) {
  EXPECT_NE(value::make_int(1), value::make_float(1.0));
  EXPECT_NE(value::make_int(1), value::make_string("1"));
  EXPECT_EQ(load("{a: 1, b: [x]}"), load("{b: [x], a: 1}"));  // maps: order does not matter
  EXPECT_NE(load("[x, y]"), load("[y, x]"));                  // lists: it does
  EXPECT_NE(value::make_float(NAN), value::make_float(NAN));  // as Go's ==
}

TEST(value, null_keys_are_dropped_as_go_does_for_string_maps) {
  const value v = load("~: a\nk: b\n");
  ASSERT_EQ(v.entries().size(), 1u);
  EXPECT_EQ(v.entries()[0].first, "k");
}

}  // namespace
}  // namespace volpol
