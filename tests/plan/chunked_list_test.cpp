// chunked_list (src/plan/chunked_list.h): the walk's volume entries keep their addresses while
// the list grows, and come out in order.
#include "../../src/plan/chunked_list.h"

#include <gtest/gtest.h>

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
  list.for_each([&](std::string& s) { seen.push_back(s); });
  ASSERT_EQ(seen.size(), 10U);
  EXPECT_EQ(seen.front(), "entry-0");
  EXPECT_EQ(seen.back(), "entry-9");

  std::vector<std::string> drained;
  list.drain([&](std::string& s) { drained.push_back(std::move(s)); });
  EXPECT_EQ(drained, seen);
  EXPECT_EQ(list.size(), 0U);
  int left = 0;
  list.for_each([&](std::string&) { ++left; });
  EXPECT_EQ(left, 0);
}

}  // namespace
}  // namespace volpol::plan::detail
