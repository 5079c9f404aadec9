// backup_source: --backup FILE (Backup or Schedule), --backup NAME, the policy ConfigMap.
#include "volpol/detail/plan/backup_source.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "volpol/k8s/loader.h"

namespace volpol::plan {
namespace {

using k8s::backup_by_name;  // the Backup chooser lives in k8s (volpol/detail/k8s/backup.h)
using k8s::backup_from_file;
using k8s::chosen_backup;

const std::string objects = std::string(VOLPOL_SOURCE_DIR) + "/tests/data/velero/cluster-objects.yaml";

std::string write_temp(const std::string& name, const std::string& text) {
  const std::string path = std::string(VOLPOL_BINARY_DIR) + "/" + name;
  std::ofstream(path) << text;
  return path;
}

TEST(backup_source, file_with_a_schedule_gives_the_backup_it_creates) {
  const std::string path = write_temp("schedule-only.yaml",
                                      "apiVersion: velero.io/v1\nkind: Schedule\nmetadata:\n  name: daily\n"
                                      "  namespace: velero\n  annotations: {velero.io/csi-volumesnapshot-class_x: c}\n"
                                      "spec:\n  schedule: 0 1 * * *\n  template:\n    snapshotMoveData: true\n");
  auto b = backup_from_file(path);
  ASSERT_TRUE(b.ok()) << b.error()->to_string();
  EXPECT_EQ(b->source, chosen_backup::from::schedule);
  EXPECT_EQ(b->schedule_name, "daily");
  EXPECT_EQ(b->backup.spec.snapshot_move_data, true);
  EXPECT_EQ(*b->backup.metadata.annotation("velero.io/csi-volumesnapshot-class_x"), "c");
}

TEST(backup_source, file_must_hold_one_backup_or_schedule) {
  auto many = backup_from_file(objects);
  ASSERT_FALSE(many.ok());
  EXPECT_NE(many.error()->message.find("found 1 Backup, 1 Schedule"), std::string::npos) << many.error()->message;
  const std::string cm = write_temp("cm.yaml", "apiVersion: v1\nkind: Secret\nmetadata: {name: s}\n");
  auto none = backup_from_file(cm);
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.error()->message.find("found none, 1 Secret"), std::string::npos) << none.error()->message;
}

TEST(backup_source, by_name_and_its_policy_config_map) {
  const std::string paths[] = {objects};
  const k8s::load_result r = k8s::load_objects(paths);
  auto b = backup_by_name(r.objects, "nightly-shop");
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(b->source, chosen_backup::from::backup);
  const k8s::config_map* cm = resource_policy_config_map(r.objects, b->backup);
  ASSERT_NE(cm, nullptr);
  EXPECT_EQ(cm->metadata.key(), "velero/shop-policy");
  auto text = policy_text_of(*cm);
  ASSERT_TRUE(text.ok());
  EXPECT_NE(text->find("fs-backup"), std::string::npos);

  auto s = backup_by_name(r.objects, "velero/shop-daily");
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->source, chosen_backup::from::schedule);
  EXPECT_EQ(s->backup.spec.resource_policy_name, "shop-policy");

  auto missing = backup_by_name(r.objects, "weekly");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error()->help, "loaded: Backup velero/nightly-shop, Schedule velero/shop-daily");
}

}  // namespace
}  // namespace volpol::plan
