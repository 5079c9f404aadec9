// compact_string (volpol/k8s/compact_string.h): 8 bytes, no heap block when empty or when the
// value is a Kubernetes enumeration value (well_known_values).
#include "volpol/k8s/compact_string.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <utility>

namespace volpol::k8s {
namespace {

TEST(compact_string, is_one_pointer_and_empty_by_default) {
  static_assert(sizeof(compact_string) == sizeof(void*));
  const compact_string s;
  EXPECT_TRUE(s.empty());
  EXPECT_EQ(s.size(), 0U);
  EXPECT_STREQ(s.c_str(), "");
  EXPECT_FALSE(s.is_well_known());
}

TEST(compact_string, well_known_values_share_one_static_copy) {
  const compact_string a = "Bound", b = std::string("Bound");
  EXPECT_TRUE(a.is_well_known());
  EXPECT_EQ(a.data(), b.data());  // the same static characters
  EXPECT_EQ(a, "Bound");
  EXPECT_EQ(a.size(), 5U);
  for (const std::string_view v : well_known_values()) {
    const compact_string s = v;
    EXPECT_TRUE(s.is_well_known()) << v;
    EXPECT_EQ(s.view(), v);
    EXPECT_EQ(s.c_str()[v.size()], '\0') << v;
  }
  EXPECT_EQ(well_known_values().size(), 18U);
}

TEST(compact_string, short_values_are_kept_inline) {
  const compact_string a = "bound", b = "config", one = "x";
  EXPECT_FALSE(a.is_well_known());  // case matters
  EXPECT_TRUE(a.is_inline());
  EXPECT_TRUE(b.is_inline());
  EXPECT_TRUE(one.is_inline());
  EXPECT_EQ(b, "config");
  EXPECT_EQ(b.size(), compact_string::inline_capacity);
  EXPECT_EQ(one.size(), 1U);
  EXPECT_STREQ(b.c_str(), "config");
  const auto* inside = reinterpret_cast<const char*>(&b);
  EXPECT_GE(b.data(), inside);  // the characters are in the string's own 8 bytes
  EXPECT_LT(b.data(), inside + sizeof b);
  compact_string moved = b;
  const compact_string target = std::move(moved);
  EXPECT_EQ(target, "config");
  EXPECT_TRUE(moved.empty());                         // NOLINT(bugprone-use-after-move): a move leaves it empty
  EXPECT_FALSE(compact_string("Bound").is_inline());  // well-known values use the table
}

TEST(compact_string, other_values_have_a_block_of_their_own) {
  const compact_string b = "Bound2x", c = "data-postgres-0";
  EXPECT_FALSE(b.is_inline());  // 7 characters
  EXPECT_FALSE(b.is_well_known());
  EXPECT_FALSE(c.is_well_known());
  EXPECT_EQ(c, "data-postgres-0");
  EXPECT_EQ(c.size(), 15U);
  const compact_string copy = c;
  EXPECT_NE(copy.data(), c.data());  // a copy owns its characters
  EXPECT_EQ(copy, c);
}

TEST(compact_string, assign_moves_between_kinds_without_leaking) {
  // ASan (CI) checks that no static copy is freed and no block is lost.
  compact_string s = "Filesystem";
  EXPECT_TRUE(s.is_well_known());
  s = "my-volume";
  EXPECT_FALSE(s.is_well_known());
  EXPECT_EQ(s, "my-volume");
  s = "Block";
  EXPECT_TRUE(s.is_well_known());
  s = std::string_view(s);  // assigning its own characters
  EXPECT_EQ(s, "Block");
  compact_string t = "node-a";  // inline
  t = std::string_view(t);
  EXPECT_EQ(t, "node-a");
  compact_string u = "node-abcdef";  // a heap block
  u = std::string_view(u);
  EXPECT_EQ(u, "node-abcdef");
  u = std::string_view(u).substr(5);  // part of its own characters, now inline
  EXPECT_EQ(u, "abcdef");
  EXPECT_TRUE(u.is_inline());
  u = std::string_view(u).substr(1);
  EXPECT_EQ(u, "bcdef");
  u = "a-longer-value";
  compact_string w = "tiny";
  std::swap(u, w);
  EXPECT_EQ(u, "tiny");
  EXPECT_EQ(w, "a-longer-value");
  compact_string moved = std::move(t);
  EXPECT_EQ(moved, "node-a");
  moved = compact_string("Running");
  EXPECT_EQ(moved, "Running");
  moved.clear();
  EXPECT_TRUE(moved.empty());
  s.clear();
  EXPECT_TRUE(s.empty());
}

TEST(compact_string, compares_prints_and_views) {
  const compact_string a = "Pending", b = "Released";
  EXPECT_LT(a, b);
  EXPECT_EQ(a, std::string("Pending"));
  EXPECT_EQ(a, std::string_view("Pending"));
  EXPECT_EQ(a, zstring_view("Pending"));
  const zstring_view z = a;
  EXPECT_EQ(z.data(), a.data());
  std::ostringstream out;
  out << a << "|" << b;
  EXPECT_EQ(out.str(), "Pending|Released");
  EXPECT_EQ(fmt::format("{}/{}", a, b), "Pending/Released");
  EXPECT_EQ(a.str() + "!", "Pending!");
}

}  // namespace
}  // namespace volpol::k8s
