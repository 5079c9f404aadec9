// chunked_list (src/plan/chunked_list.h): the plan's sort keys keep their addresses while the
// list grows, come out in order, and std::sort orders them through the random-access iterators.
#include "../../src/plan/chunked_list.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace volpol::plan::detail {
namespace {

TEST(chunked_list, addresses_stay_while_it_grows_and_order_is_kept) {
  chunked_list<std::string, 4> list;
  std::vector<std::string*> at;
  for (int i = 0; i < 10; ++i) {  // three chunks, the last one partly filled
    std::string& s = list.emplace_back();
    s = "entry-" + std::to_string(i);
    at.push_back(&s);
  }
  EXPECT_EQ(list.size(), 10U);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(*at[static_cast<std::size_t>(i)], "entry-" + std::to_string(i));

  std::vector<std::string> seen;
  for (const std::string& s : list) seen.push_back(s);
  ASSERT_EQ(seen.size(), 10U);
  EXPECT_EQ(seen.front(), "entry-0");
  EXPECT_EQ(seen.back(), "entry-9");
  EXPECT_EQ(list[5], "entry-5");
  EXPECT_EQ(list.end() - list.begin(), 10);
}

TEST(chunked_list, std_sort_orders_it_across_chunks) {
  chunked_list<int, 4> list;
  for (const int v : {9, 3, 7, 1, 8, 2, 6, 0, 5, 4, 11, 10}) list.emplace_back(v);  // three chunks
  std::sort(list.begin(), list.end(), [](int a, int b) { return a > b; });
  std::vector<int> out(list.begin(), list.end());
  EXPECT_EQ(out, (std::vector<int>{11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0}));
}

}  // namespace
}  // namespace volpol::plan::detail
