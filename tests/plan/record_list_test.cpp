// record_list (volpol/detail/record_list.h): records keep their addresses while the list grows
// past several chunks, random access and iteration agree, copies are deep, and standard
// algorithms take its iterators.
#include "volpol/detail/record_list.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

using namespace volpol;
using namespace volpol::plan;

namespace {

/// Names the records view (a record holds views, not copies).
std::vector<std::string> names(std::size_t n) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < n; ++i) out.push_back("pvc-" + std::to_string(i));
  return out;
}

}  // namespace

TEST(record_list, records_stay_in_place_across_chunks) {
  const std::size_t n = 3 * record_list::chunk_size + 7;  // four chunks, the last one partly filled
  const std::vector<std::string> text = names(n);
  record_list list;
  EXPECT_TRUE(list.empty());
  std::vector<const volume_record*> at;
  for (std::size_t i = 0; i < n; ++i) {
    volume_record& r = list.emplace_back();
    r.pvc_name = zstring_view(text[i].c_str());
    at.push_back(&r);
  }
  ASSERT_EQ(list.size(), n);
  for (std::size_t i = 0; i < n; ++i) {
    EXPECT_EQ(&list[i], at[i]) << i;  // no record moved as the list grew
    EXPECT_EQ(list[i].pvc_name, text[i]);
  }
  EXPECT_EQ(list.front().pvc_name, "pvc-0");
  EXPECT_EQ(list.back().pvc_name, text.back());

  std::size_t i = 0;
  for (const volume_record& r : list) EXPECT_EQ(&r, at[i++]);
  EXPECT_EQ(i, n);
  EXPECT_EQ(list.end() - list.begin(), static_cast<std::ptrdiff_t>(n));
  EXPECT_EQ(list.begin()[300].pvc_name, "pvc-300");
  EXPECT_EQ((list.end() - 1)->pvc_name, text.back());
}

TEST(record_list, copies_are_deep_and_algorithms_take_its_iterators) {
  const std::vector<std::string> text = names(600);
  record_list list;
  for (const std::string& s : text) list.emplace_back().pvc_name = zstring_view(s.c_str());
  record_list copy = list;
  ASSERT_EQ(copy.size(), list.size());
  EXPECT_NE(&copy[0], &list[0]);
  copy[5].pvc_name = zstring_view("changed");
  EXPECT_EQ(list[5].pvc_name, "pvc-5");

  const auto found = std::find_if(list.begin(), list.end(),
                                  [](const volume_record& r) { return r.pvc_name == "pvc-517"; });
  ASSERT_NE(found, list.end());
  EXPECT_EQ(found - list.begin(), 517);
  // Random access for std::sort: reverse by name, then check.
  std::sort(copy.begin(), copy.end(),
            [](const volume_record& a, const volume_record& b) { return a.pvc_name.compare(b.pvc_name) > 0; });
  EXPECT_TRUE(std::is_sorted(copy.begin(), copy.end(), [](const volume_record& a, const volume_record& b) {
    return a.pvc_name.compare(b.pvc_name) > 0;
  }));
  EXPECT_EQ(copy.front().pvc_name, "pvc-99");

  record_list moved = std::move(copy);
  EXPECT_EQ(moved.size(), 600U);
  moved.clear();
  EXPECT_TRUE(moved.empty());
}
