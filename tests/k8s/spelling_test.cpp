// edit_distance and closest (volpol/k8s/spelling.h): the one "did you mean" every layer uses.
#include "volpol/k8s/spelling.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace volpol {
namespace {

TEST(spelling, edit_distance_counts_an_adjacent_swap_as_one) {
  EXPECT_EQ(edit_distance("", ""), 0U);
  EXPECT_EQ(edit_distance("storageClas", "storageClass"), 1U);
  EXPECT_EQ(edit_distance("asw", "aws"), 1U);
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3U);
  EXPECT_EQ(edit_distance("Skip", "skip"), 1U);  // bytes: case counts
  EXPECT_EQ(edit_distance("abc", ""), 3U);
}

TEST(spelling, closest_prefers_case_then_name_parts_then_edits) {
  // 1. equal ignoring case
  EXPECT_EQ(closest("StorageClass", {"capacity", "storageClass"}), "storageClass");
  // 2. a name written without its suffix or prefix: the shortest such
  EXPECT_EQ(closest("gp3", {"gp3-encrypted", "gp3-csi", "standard"}), "gp3-csi");
  EXPECT_EQ(closest("csi", {"ebs-csi", "gp2"}), "ebs-csi");
  EXPECT_EQ(closest("ab", {"abc"}), "abc");  // two letters: by edits (1 of 3/3), not by prefix
  // 3. edits, ignoring case, within a third of the longer word (at least 1)
  EXPECT_EQ(closest("sanpshot", {"skip", "snapshot", "fs-backup"}), "snapshot");
  EXPECT_EQ(closest("fs-bakcup", {"skip", "snapshot", "fs-backup"}), "fs-backup");
  EXPECT_EQ(closest("Snapshto", {"snapshot"}), "snapshot");
  EXPECT_EQ(closest("xyz", {"skip", "snapshot"}), "");
  EXPECT_EQ(closest("abcd", {"wxyz"}), "");
  EXPECT_EQ(closest("", {"a"}), "");  // nothing written, nothing meant
  EXPECT_EQ(closest("anything", std::vector<std::string>{}), "");
}

TEST(spelling, ties_go_to_the_earlier_candidate) {
  EXPECT_EQ(closest("cat", {"bat", "cab"}), "bat");
  EXPECT_EQ(closest("cat", {"cab", "bat"}), "cab");
}

}  // namespace
}  // namespace volpol
