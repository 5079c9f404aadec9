// string_map (volpol/detail/string_map.h): a Go map[string]string in one block.
#include "volpol/detail/string_map.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace volpol::k8s {
namespace {

std::vector<std::pair<std::string, std::string>> items_of(const string_map& m) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [k, v] : m) out.emplace_back(k, v);
  return out;
}

using pairs = std::vector<std::pair<std::string, std::string>>;

string_map map_of(std::vector<string_map::entry> entries) { return string_map(entries); }

TEST(string_map, empty_is_one_null_pointer) {
  static_assert(sizeof(string_map) == sizeof(void*));
  const string_map m;
  EXPECT_TRUE(m.empty());
  EXPECT_EQ(m.size(), 0U);
  EXPECT_FALSE(m.find(""));
  EXPECT_FALSE(m.contains("a"));
  EXPECT_EQ(m.begin(), m.end());
  EXPECT_EQ(m, string_map(std::vector<string_map::entry>{}));
}

TEST(string_map, sorts_by_key_and_the_last_duplicate_wins) {
  const string_map m({{"b", "2"}, {"a", "1"}, {"c", "x"}, {"b", "two"}, {"c", "3"}});
  EXPECT_EQ(items_of(m), (pairs{{"a", "1"}, {"b", "two"}, {"c", "3"}}));
  EXPECT_EQ(m.size(), 3U);
  EXPECT_EQ(m.at(1).first, "b");
  EXPECT_EQ(m.at(1).second, "two");
  EXPECT_EQ(m.begin()->first, "a");
}

TEST(string_map, empty_keys_and_values_are_entries) {
  const string_map m({{"", "root"}, {"k", ""}});
  ASSERT_TRUE(m.find(""));
  EXPECT_EQ(*m.find(""), "root");
  ASSERT_TRUE(m.find("k"));
  EXPECT_EQ(*m.find("k"), "");
  EXPECT_FALSE(m.find("K"));
  EXPECT_TRUE(m.find("k") == "");
  EXPECT_FALSE(m.find("missing") == "");  // a missing key is not an empty value
}

TEST(string_map, finds_in_small_and_large_maps) {
  std::vector<string_map::entry> entries;
  for (int i = 40; i > 0; --i)
    entries.emplace_back("key-" + std::to_string(i), std::string(static_cast<std::size_t>(i), 'v'));
  const string_map large(entries);
  ASSERT_EQ(large.size(), 40U);
  for (int i = 1; i <= 40; ++i) {
    const auto v = large.find("key-" + std::to_string(i));
    ASSERT_TRUE(v) << i;
    EXPECT_EQ(v->size(), static_cast<std::size_t>(i));
  }
  EXPECT_FALSE(large.find("key-0"));
  EXPECT_FALSE(large.find("key-41"));
  EXPECT_FALSE(large.find("a"));
  EXPECT_FALSE(large.find("zzz"));
  const string_map small({{"app", "db"}, {"tier", "backend"}});
  EXPECT_EQ(small.find("tier"), "backend");
  EXPECT_FALSE(small.find("app2"));
  EXPECT_FALSE(small.find("ap"));
}

TEST(string_map, builder_reuses_its_scratch_and_sorts) {
  string_map::builder b;
  b.add("z", "26");
  b.add("a", "1");
  b.add("z", "last");
  EXPECT_EQ(b.size(), 3U);
  const string_map first = b.build();
  EXPECT_EQ(items_of(first), (pairs{{"a", "1"}, {"z", "last"}}));
  b.clear();
  EXPECT_EQ(b.size(), 0U);
  EXPECT_TRUE(b.build().empty());
  b.add("only", std::string(1000, 'x'));
  const string_map second = b.build();
  EXPECT_EQ(second.find("only")->size(), 1000U);
  EXPECT_EQ(items_of(first), (pairs{{"a", "1"}, {"z", "last"}}));  // unaffected by the reuse
}

TEST(string_map, copies_share_the_block_and_outlive_each_other) {
  auto original = std::make_unique<string_map>(string_map({{"velero.io/exclude-from-backup", "true"}, {"b", "odd"}}));
  const string_map copy = *original;
  string_map assigned;
  assigned = copy;
  EXPECT_EQ(copy, *original);
  original.reset();
  EXPECT_EQ(copy.find("velero.io/exclude-from-backup"), "true");
  EXPECT_EQ(assigned, copy);
  string_map moved = std::move(assigned);
  EXPECT_EQ(moved, copy);
  EXPECT_NE(moved, map_of({{"b", "odd"}}));
  EXPECT_NE(moved, map_of({{"b", "odd"}, {"velero.io/exclude-from-backup", "false"}}));
  // The same characters split differently are different maps.
  EXPECT_NE(map_of({{"ab", "c"}}), map_of({{"a", "bc"}}));
  EXPECT_TRUE(moved.shares_block_with(copy));
  EXPECT_FALSE(moved.shares_block_with(map_of({{"b", "odd"}, {"velero.io/exclude-from-backup", "true"}})));
  EXPECT_FALSE(string_map().shares_block_with(string_map()));  // no block at all
}

TEST(string_map, set_on_a_copy_leaves_the_others) {
  const string_map first = map_of({{"app", "db"}, {"tier", "backend"}});
  string_map second = first;
  string_map third = first;
  ASSERT_TRUE(second.shares_block_with(first));
  second.set("tier", "frontend");
  EXPECT_FALSE(second.shares_block_with(first));
  EXPECT_EQ(first.find("tier"), "backend");
  EXPECT_EQ(third.find("tier"), "backend");
  EXPECT_EQ(second.find("tier"), "frontend");
  EXPECT_TRUE(third.shares_block_with(first));
  // Assigning over a shared copy releases only that copy's reference.
  third = second;
  EXPECT_EQ(first.find("tier"), "backend");
  EXPECT_EQ(third, second);
}

TEST(string_map, equal_maps_hash_equal) {
  const string_map a = map_of({{"app", "db"}, {"tier", "backend"}});
  const string_map b = map_of({{"tier", "backend"}, {"app", "db"}});  // another order, same map
  EXPECT_EQ(a.hash(), b.hash());
  EXPECT_NE(a.hash(), map_of({{"app", "db"}, {"tier", "backenD"}}).hash());
  EXPECT_EQ(string_map().hash(), string_map().hash());
}

TEST(string_map, set_replaces_or_inserts_in_order) {
  string_map m = map_of({{"b", "2"}});
  m.set("c", "3");
  m.set("a", "1");
  m.set("b", "two");
  EXPECT_EQ(items_of(m), (pairs{{"a", "1"}, {"b", "two"}, {"c", "3"}}));
  // A view into the map itself is a valid argument: the new block is made before the old goes.
  m.set(m.at(0).first, m.at(2).second);
  EXPECT_EQ(m.find("a"), "3");
  string_map empty;
  empty.set(std::string_view(), std::string_view());  // null data(), as a default view has
  EXPECT_EQ(empty.size(), 1U);
  EXPECT_EQ(empty.find(""), "");
}

}  // namespace
}  // namespace volpol::k8s
