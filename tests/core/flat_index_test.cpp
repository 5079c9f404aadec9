// flat_index (volpol/detail/flat_index.h): the cluster's name indexes keep 8 bytes a slot, a tag of
// the hash's low 32 bits. Every key stays findable through growth, keys whose tags are equal
// are told apart by `same` (the object's key), and an absent key is not found. flat_hash_map
// (the walk's trackers) is that index over a vector of its own entries.
#include "volpol/detail/flat_index.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <string>
#include <vector>

namespace volpol {
namespace {

/// Keys and their hashes, as the cluster gives them: the index holds positions in `keys`.
struct keyed {
  std::vector<std::string> keys;
  std::vector<std::uint64_t> hashes;
  flat_index index;

  void add(std::string key, std::uint64_t hash) {
    index.insert(hash, static_cast<std::uint32_t>(keys.size()));
    keys.push_back(std::move(key));
    hashes.push_back(hash);
  }
  [[nodiscard]] std::uint32_t find(const std::string& key, std::uint64_t hash) const {
    return index.find(hash, [&](std::uint32_t i) { return keys[i] == key; });
  }
};

TEST(FlatIndex, EveryKeyIsFoundAfterGrowing) {
  keyed k;
  for (int i = 0; i < 5000; ++i) k.add("ns/pod-" + std::to_string(i), key_hash("ns", "pod-" + std::to_string(i)));
  ASSERT_EQ(k.index.size(), 5000U);
  for (std::uint32_t i = 0; i < k.keys.size(); ++i) EXPECT_EQ(k.find(k.keys[i], k.hashes[i]), i) << k.keys[i];
  EXPECT_EQ(k.find("ns/pod-5000", key_hash("ns", "pod-5000")), flat_index::npos);
}

TEST(FlatIndex, KeysWithTheSameTagAreToldApartByTheirObjects) {
  // Equal low 32 bits (the tag, and so the first slot): only the high bits differ, and the
  // table keeps none of them. `same` decides.
  keyed k;
  for (std::uint64_t i = 0; i < 100; ++i) k.add("key-" + std::to_string(i), (i << 32) | 0x1234U);
  for (std::uint32_t i = 0; i < k.keys.size(); ++i) EXPECT_EQ(k.find(k.keys[i], k.hashes[i]), i);
  EXPECT_EQ(k.find("key-100", (std::uint64_t{100} << 32) | 0x1234U), flat_index::npos);
}

TEST(FlatIndex, KeysWhoseSlotsCollideButTagsDifferAllStay) {
  // The same low bits below the table size, different tags: one probe run through growth.
  keyed k;
  for (std::uint64_t i = 0; i < 64; ++i) k.add("k" + std::to_string(i), (i << 20) | 7U);
  for (std::uint32_t i = 0; i < k.keys.size(); ++i) EXPECT_EQ(k.find(k.keys[i], k.hashes[i]), i);
  // A key that is absent but shares a present key's hash is still not found.
  EXPECT_EQ(k.find("other", k.hashes[10]), flat_index::npos);
}

TEST(FlatIndex, ReservedTableHoldsItsKeysAndStillGrows) {
  keyed k;
  k.index.reserve(100);
  EXPECT_EQ(k.index.size(), 0U);
  EXPECT_EQ(k.find("absent", 5), flat_index::npos);
  // Past the reserved room as well: growth keeps every key findable.
  for (std::uint64_t i = 0; i < 300; ++i) k.add("r" + std::to_string(i), i * 0x9e3779b97f4a7c15ULL);
  EXPECT_EQ(k.index.size(), 300U);
  for (std::uint32_t i = 0; i < k.keys.size(); ++i) EXPECT_EQ(k.find(k.keys[i], k.hashes[i]), i);
  k.index.clear();
  EXPECT_EQ(k.find(k.keys[0], k.hashes[0]), flat_index::npos);
}

// flat_hash_map: values found by key through the flat table, added value-initialised by [],
// kept in the order added; a key equal by `Equal` but not by bytes is the same entry.
struct text_hash {
  std::size_t operator()(const std::string& s) const { return key_hash(s); }
};

TEST(FlatHashMap, FindsAddsAndKeepsValuesThroughGrowth) {
  flat_hash_map<std::string, int, text_hash> m;
  EXPECT_EQ(m.find("absent"), nullptr);
  for (int i = 0; i < 1000; ++i) m["pvc-" + std::to_string(i)] = i * 3;
  ASSERT_EQ(m.size(), 1000U);
  for (int i = 0; i < 1000; ++i) {
    const int* v = m.find("pvc-" + std::to_string(i));
    ASSERT_NE(v, nullptr) << i;
    EXPECT_EQ(*v, i * 3);
  }
  // [] on a present key finds it: no second entry.
  m["pvc-7"] += 1;
  EXPECT_EQ(m.size(), 1000U);
  EXPECT_EQ(*m.find("pvc-7"), 22);
  // [] on an absent key adds a value-initialised one.
  EXPECT_EQ(m["pvc-1000"], 0);
  EXPECT_EQ(m.size(), 1001U);
  EXPECT_EQ(m.find("pvc-1001"), nullptr);
}

TEST(FlatHashMap, ReservedValuesDoNotMove) {
  flat_hash_map<std::string, int, text_hash> m;
  m.reserve(64);
  int& first = m["a"];
  for (int i = 0; i < 63; ++i) m["b" + std::to_string(i)] = i;
  EXPECT_EQ(&m["a"], &first);
}

struct case_insensitive_equal {
  bool operator()(const std::string& a, const std::string& b) const {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
             return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
  }
};
struct case_insensitive_hash {
  std::size_t operator()(const std::string& s) const {
    std::string lower(s);
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return key_hash(lower);
  }
};

TEST(FlatHashMap, KeysAreComparedByEqual) {
  flat_hash_map<std::string, int, case_insensitive_hash, case_insensitive_equal> m;
  m["Data-0"] = 5;
  EXPECT_EQ(m["data-0"], 5);
  EXPECT_EQ(m.size(), 1U);
}

}  // namespace
}  // namespace volpol
