// compact_string (volpol/detail/compact_string.h): 8 bytes, no heap block when empty or when the
// value is a Kubernetes enumeration value (well_known_values).
#include "volpol/detail/compact_string.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

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

// shared(): copies share the block (the same characters), each copy's destruction is counted,
// and the value outlives the string it was made from.
TEST(compact_string, shared_copies_share_one_block) {
  compact_string a = compact_string::shared("analytics-dev-143");
  ASSERT_TRUE(a.is_shared());
  EXPECT_EQ(a, "analytics-dev-143");
  EXPECT_EQ(a.size(), 17U);
  EXPECT_FALSE(a.is_well_known());
  compact_string b = a;  // copy-constructed
  compact_string c;
  c = b;  // copy-assigned
  EXPECT_EQ(b.data(), a.data());
  EXPECT_EQ(c.data(), a.data());
  EXPECT_TRUE(c.is_shared());
  a.clear();
  b = compact_string("something-else-entirely");  // an owned value replaces a shared one
  EXPECT_FALSE(b.is_shared());
  EXPECT_EQ(c, "analytics-dev-143");  // the last copy keeps the block
  const compact_string& alias = c;
  c = alias;  // self-assignment keeps it too
  EXPECT_EQ(c, "analytics-dev-143");
  compact_string d = std::move(c);  // a move takes the block, no count changes
  EXPECT_TRUE(c.empty());
  EXPECT_EQ(d, "analytics-dev-143");
  d = compact_string::shared("node-1.example.internal");  // one shared value replaces another
  EXPECT_EQ(d, "node-1.example.internal");
  compact_string e = d;
  e = d;  // assigning a copy of the same block
  EXPECT_EQ(e.data(), d.data());
  // assign() from a view of the shared value itself
  e = e.view();
  EXPECT_FALSE(e.is_shared());
  EXPECT_EQ(e, "node-1.example.internal");
  EXPECT_EQ(d, "node-1.example.internal");
}

TEST(compact_string, shared_short_and_well_known_values_need_no_block) {
  EXPECT_FALSE(compact_string::shared("").is_shared());
  EXPECT_TRUE(compact_string::shared("").empty());
  const compact_string tiny = compact_string::shared("gp3");
  EXPECT_TRUE(tiny.is_inline());
  EXPECT_FALSE(tiny.is_shared());
  const compact_string known = compact_string::shared("ReadWriteOnce");
  EXPECT_TRUE(known.is_well_known());
  EXPECT_FALSE(known.is_shared());
  EXPECT_EQ(known, "ReadWriteOnce");
}

// Copies made and destroyed on several threads at once (the loader's workers build objects
// that share a block; any thread may destroy them).
TEST(compact_string, shared_copies_on_several_threads) {
  const compact_string origin = compact_string::shared("kube-system-and-more");
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      std::vector<compact_string> copies;
      for (int i = 0; i < 10000; ++i) copies.push_back(origin);
      for (const compact_string& c : copies)
        if (c.data() != origin.data()) ADD_FAILURE() << "a copy has its own block";
    });
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(origin, "kube-system-and-more");
}

}  // namespace
}  // namespace volpol::k8s
