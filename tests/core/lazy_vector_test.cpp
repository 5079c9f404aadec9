// lazy_vector (volpol/detail/lazy_vector.h): the std::vector subset records use, in one pointer.
#include "volpol/detail/lazy_vector.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>

namespace volpol {
namespace {

TEST(lazy_vector, is_one_pointer_and_empty_until_a_push) {
  static_assert(sizeof(lazy_vector<std::string>) == sizeof(void*));
  lazy_vector<std::string> v;
  EXPECT_TRUE(v.empty());
  EXPECT_EQ(v.size(), 0U);
  EXPECT_EQ(v.begin(), v.end());
  int n = 0;
  for (const std::string& s : v) n += static_cast<int>(s.size());
  EXPECT_EQ(n, 0);
}

TEST(lazy_vector, keeps_order_and_copies_deeply) {
  lazy_vector<std::string> v;
  v.push_back("a");
  v.emplace_back(3, 'b');
  std::string c = "c";
  v.push_back(std::move(c));
  ASSERT_EQ(v.size(), 3U);
  EXPECT_EQ(v.front(), "a");
  EXPECT_EQ(v[1], "bbb");
  EXPECT_EQ(v.back(), "c");

  lazy_vector<std::string> copy = v;
  copy[0] = "changed";
  EXPECT_EQ(v[0], "a");  // the copy has elements of its own
  EXPECT_EQ(copy.size(), 3U);

  lazy_vector<std::string> moved = std::move(copy);
  EXPECT_EQ(moved[0], "changed");
  moved.clear();
  EXPECT_TRUE(moved.empty());

  lazy_vector<std::string> assigned;
  assigned = v;
  EXPECT_EQ(assigned.back(), "c");
  assigned = lazy_vector<std::string>();
  EXPECT_TRUE(assigned.empty());
}

}  // namespace
}  // namespace volpol
