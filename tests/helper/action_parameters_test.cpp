#include <gtest/gtest.h>

#include "volpol/detail/helper/action_parameters.h"

namespace volpol::helper {
namespace {

value map(std::vector<value::entry> entries) { return value::make_mapping(std::move(entries)); }

TEST(first_differing_parameter, compares_types_and_values) {
  const value params = map({{"myCustomAction", value::make_bool(true)},
                            {"tier", value::make_string("gold")},
                            {"count", value::make_int(1)},
                            {"ratio", value::make_float(1.0)},
                            {"marker", value()},
                            {"targets", value::make_sequence({value::make_string("a"), value::make_string("b")})}});
  struct row {
    const char* name;
    value required;
    std::optional<std::string_view> want;
  };
  const row rows[] = {
      {"bool true", map({{"myCustomAction", value::make_bool(true)}}), std::nullopt},
      {"string true", map({{"myCustomAction", value::make_string("true")}}), "myCustomAction"},
      {"int 1 vs float 1.0", map({{"ratio", value::make_int(1)}}), "ratio"},
      {"int 1", map({{"count", value::make_int(1)}}), std::nullopt},
      {"string 1", map({{"count", value::make_string("1")}}), "count"},
      {"case", map({{"tier", value::make_string("Gold")}}), "tier"},
      {"null vs null", map({{"marker", value()}}), std::nullopt},
      {"null vs missing", map({{"absent", value()}}), "absent"},
      {"list", map({{"targets", value::make_sequence({value::make_string("a"), value::make_string("b")})}}),
       std::nullopt},
      {"list order", map({{"targets", value::make_sequence({value::make_string("b"), value::make_string("a")})}}),
       "targets"},
      {"first failing key in order", map({{"tier", value::make_string("gold")}, {"x", value()}, {"y", value()}}), "x"},
      {"nothing required", value(), std::nullopt},
      {"empty mapping", map({}), std::nullopt},
  };
  for (const auto& r : rows) {
    SCOPED_TRACE(r.name);
    EXPECT_EQ(first_differing_parameter(params, r.required), r.want);
  }
}

TEST(first_differing_parameter, no_parameters_lack_every_key) {
  EXPECT_EQ(first_differing_parameter(value(), map({{"k", value::make_bool(true)}})), "k");
  EXPECT_EQ(first_differing_parameter(value(), map({})), std::nullopt);
}

}  // namespace
}  // namespace volpol::helper
