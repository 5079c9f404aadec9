// zstring_view (volpol/detail/zstring_view.h): a NUL-terminated view in one pointer.
#include "volpol/detail/zstring_view.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>

namespace volpol {
namespace {

TEST(zstring_view, is_one_pointer_and_empty_by_default) {
  static_assert(sizeof(zstring_view) == sizeof(void*));
  static_assert(!std::is_constructible_v<zstring_view, std::string_view>);
  static_assert(!std::is_constructible_v<zstring_view, std::string&&>);
  const zstring_view z;
  EXPECT_TRUE(z.empty());
  EXPECT_EQ(z.size(), 0U);
  EXPECT_STREQ(z.c_str(), "");
  EXPECT_EQ(z, "");
  EXPECT_TRUE(zstring_view(static_cast<const char*>(nullptr)).empty());
}

TEST(zstring_view, views_the_string_it_was_made_from) {
  std::string name = "data-postgres-0";
  const zstring_view z = name;
  EXPECT_EQ(z.data(), name.c_str());  // no copy
  EXPECT_EQ(z.size(), 15U);
  EXPECT_FALSE(z.empty());
  EXPECT_EQ(std::string_view(z), "data-postgres-0");
  EXPECT_EQ(z.str(), name);
  name[0] = 'D';  // a view: sees the change
  EXPECT_EQ(z, "Data-postgres-0");
}

TEST(zstring_view, compares_as_its_characters) {
  const std::string a = "alpha", b = "beta";
  const zstring_view za = a, zb = b;
  EXPECT_EQ(za, zstring_view("alpha"));  // different pointers, same characters
  EXPECT_NE(za, zb);
  EXPECT_LT(za, zb);
  EXPECT_LT(za.compare("alphabet"), 0);
  EXPECT_EQ(za.compare(std::string_view("alpha")), 0);
  EXPECT_GT(zb.compare("alpha"), 0);
  EXPECT_LT(za.compare(zb), 0);  // strcmp: the same order as the views'
  EXPECT_GT(zb.compare(za), 0);
  EXPECT_EQ(za.compare(zstring_view("alpha")), 0);
  const std::string ab = "ab", a_b = "a";
  EXPECT_GT(zstring_view(ab).compare(zstring_view(a_b)), 0);  // a prefix sorts first
  EXPECT_LT(zstring_view(a_b).compare(zstring_view(ab)), 0);
  EXPECT_EQ(za, std::string_view("alpha"));
  EXPECT_EQ(za, a);
  EXPECT_TRUE(za.starts_with("alp"));
  EXPECT_FALSE(za.starts_with("beta"));
}

TEST(zstring_view, terminated_views_a_whole_string) {
  constexpr std::string_view literal = "configMap";
  const zstring_view z = zstring_view::terminated(literal);
  EXPECT_EQ(z.data(), literal.data());
  EXPECT_EQ(z, "configMap");
  EXPECT_TRUE(zstring_view::terminated(std::string_view()).empty());
}

TEST(zstring_view, prints_and_joins) {
  const std::string ns = "prod";
  const zstring_view z = ns;
  std::ostringstream out;
  out << z << "|";
  EXPECT_EQ(out.str(), "prod|");
  EXPECT_EQ(fmt::format("[{}] [{:>6}]", z, z), "[prod] [  prod]");
  EXPECT_EQ(std::string("ns ") + z, "ns prod");
  EXPECT_EQ(z + std::string("/x"), "prod/x");
  EXPECT_EQ(z + "/y", "prod/y");
  EXPECT_EQ("at " + z, "at prod");
}

TEST(zstring_view, spell_nul_makes_a_text_it_can_view_whole) {
  using namespace std::string_literals;
  EXPECT_EQ(spell_nul("a\0b"s), "a\\u0000b");
  EXPECT_EQ(spell_nul("\0\0"s), "\\u0000\\u0000");
  EXPECT_EQ(spell_nul("plain"), "plain");
  EXPECT_EQ(spell_nul(""), "");
  const std::string spelled = spell_nul("x\0"s);
  EXPECT_EQ(zstring_view(spelled).size(), spelled.size());  // no NUL left to stop at
}

}  // namespace
}  // namespace volpol
