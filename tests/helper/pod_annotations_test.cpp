#include <gtest/gtest.h>

#include "test_objects.h"
#include "volpol/detail/helper/pod_volumes.h"

namespace volpol::helper {
namespace {

using testing::make_pod;
using list = std::vector<std::string>;

k8s::pod annotated(std::vector<k8s::string_map::entry> notes) { return make_pod("ns", "p", {}, std::move(notes)); }

TEST(pod_annotations, opt_in_list_is_split_like_go) {
  EXPECT_EQ(volumes_to_backup(make_pod("ns", "p", {})), list{});      // no annotations
  EXPECT_EQ(volumes_to_backup(annotated({{"foo", "bar"}})), list{});  // no key
  EXPECT_EQ(volumes_to_backup(annotated({{std::string(volumes_to_backup_annotation), ""}})), list{});
  EXPECT_EQ(volumes_to_backup(annotated({{std::string(volumes_to_backup_annotation), "a, b,,a"}})),
            (list{"a", " b", "", "a"}));  // no trim, empties kept
}

TEST(pod_annotations, opt_out_list_has_one_empty_name_when_annotations_exist) {
  EXPECT_EQ(volumes_to_exclude(make_pod("ns", "p", {})), list{});
  EXPECT_EQ(volumes_to_exclude(annotated({{"foo", "bar"}})), list{""});
  EXPECT_EQ(volumes_to_exclude(annotated({{std::string(volumes_to_exclude_annotation), ""}})), list{""});
  EXPECT_EQ(volumes_to_exclude(annotated({{std::string(volumes_to_exclude_annotation), "c,a"}})), (list{"c", "a"}));
}

TEST(pod_annotations, membership_agrees_with_the_lists) {
  const k8s::pod p = annotated({{std::string(volumes_to_backup_annotation), "data, logs,"},
                                {std::string(volumes_to_exclude_annotation), "cache"}});
  EXPECT_TRUE(is_opted_in(p, "data"));
  EXPECT_FALSE(is_opted_in(p, "logs"));  // listed as " logs"
  EXPECT_TRUE(is_opted_in(p, " logs"));
  EXPECT_TRUE(is_opted_in(p, ""));  // the trailing empty item
  EXPECT_TRUE(is_opted_out(p, "cache"));
  EXPECT_FALSE(is_opted_out(p, "data"));
  EXPECT_FALSE(is_opted_out(make_pod("ns", "p", {}), ""));  // no annotations: nil list
  EXPECT_TRUE(is_opted_out(annotated({{"foo", "bar"}}), ""));
  EXPECT_FALSE(is_opted_in(annotated({{std::string(volumes_to_backup_annotation), ""}}), ""));
}

TEST(pod_annotations, fs_backup_by_annotations_reads_only_its_mode) {
  const k8s::pod p = annotated(
      {{std::string(volumes_to_backup_annotation), "a"}, {std::string(volumes_to_exclude_annotation), "a"}});
  const annotation_choice in = fs_backup_by_annotations(p, "a", false);
  EXPECT_TRUE(in.selected);
  EXPECT_EQ(in.why, reason::annotation_opt_in);
  const annotation_choice b_in = fs_backup_by_annotations(p, "b", false);
  EXPECT_FALSE(b_in.selected);
  EXPECT_EQ(b_in.why, reason::not_opted_in);
  const annotation_choice out = fs_backup_by_annotations(p, "a", true);
  EXPECT_FALSE(out.selected);
  EXPECT_EQ(out.why, reason::annotation_opt_out);
  const annotation_choice b_out = fs_backup_by_annotations(p, "b", true);
  EXPECT_TRUE(b_out.selected);
  EXPECT_EQ(b_out.why, reason::default_fs_backup);
}

TEST(pod_annotations, indexed_flags_answer_as_the_lists_do) {
  // A pod in a cluster has its volumes' listed_in_* flags set once (k8s::index_annotation_lists);
  // each answer must be the one the annotation text gives, odd names and long lists included.
  using testing::empty_dir;
  std::string many;
  std::vector<k8s::pod_volume> volumes = {empty_dir("data"), empty_dir(" logs"), empty_dir("logs"), empty_dir("x")};
  for (int i = 0; i < 200; ++i) {
    volumes.push_back(empty_dir("v" + std::to_string(i)));
    if (i % 3 == 0) many += (many.empty() ? "v" : ",v") + std::to_string(i);
  }
  const std::vector<std::vector<k8s::string_map::entry>> cases = {
      {},
      {{"foo", "bar"}},
      {{std::string(volumes_to_backup_annotation), "data, logs,"}, {std::string(volumes_to_exclude_annotation), "x"}},
      {{std::string(volumes_to_backup_annotation), ""}, {std::string(volumes_to_exclude_annotation), ""}},
      {{std::string(volumes_to_backup_annotation), many + ",data,data"},
       {std::string(volumes_to_exclude_annotation), many}},
  };
  for (const auto& notes : cases) {
    k8s::pod by_text = make_pod("ns", "p", volumes, notes);
    k8s::pod indexed = by_text;
    k8s::index_annotation_lists(indexed);
    ASSERT_TRUE(indexed.annotation_lists_indexed);
    for (std::size_t i = 0; i < volumes.size(); ++i) {
      const std::string name(volumes[i].name.view());
      EXPECT_EQ(is_opted_in(indexed, indexed.volumes[i]), is_opted_in(by_text, name)) << name;
      EXPECT_EQ(is_opted_out(indexed, indexed.volumes[i]), is_opted_out(by_text, name)) << name;
      EXPECT_EQ(is_opted_in(by_text, by_text.volumes[i]), is_opted_in(by_text, name)) << name;  // not indexed: text
    }
  }
  k8s::pod long_list = make_pod("ns", "p", volumes,
                                std::vector<k8s::string_map::entry>{{std::string(volumes_to_backup_annotation), many}});
  k8s::index_annotation_lists(long_list);
  EXPECT_TRUE(is_opted_in(long_list, long_list.volumes[4]));   // v0
  EXPECT_FALSE(is_opted_in(long_list, long_list.volumes[5]));  // v1
}

}  // namespace
}  // namespace volpol::helper
