// Reading a backup's volume info, and the audit against a plan.
#include <gtest/gtest.h>

#include "verify_fixture.h"
#include "volpol/detail/verify/scenario.h"
#include "volpol/verify/audit.h"

using namespace volpol;
using namespace volpol::verify;
using volpol::testing::source_path;

namespace {

scenario readme_scenario() {
  scenario s;
  s.policy.path = source_path("examples/policies/snapshot-class-per-storage-class.yaml");
  s.global_policy.path = source_path("examples/policies/global.yaml");
  s.cluster_paths = {source_path("examples/cluster")};
  s.backup.snapshot_move_data = true;
  s.server.volume_snapshot_locations.push_back(plan::parse_volume_snapshot_location("default=aws").value());
  return s;
}

}  // namespace

TEST(volume_info_reader, what_the_writer_writes_reads_back_equal) {
  auto p = make_planned(readme_scenario());
  ASSERT_TRUE(p.ok()) << p.error()->to_string();
  const auto infos = plan::backup_volume_infos((*p)->plan, (*p)->cluster);
  ASSERT_EQ(infos.size(), 7u);
  auto back = parse_backup_volume_infos(plan::render_backup_volume_infos(infos), "mem");
  ASSERT_TRUE(back.ok()) << back.error()->to_string();
  EXPECT_EQ(back.value(), infos);
}

TEST(volume_info_reader, json_gzip_tar_and_folder_give_the_same_entries) {
  auto json = read_backup_volume_infos(source_path("tests/data/verify/nightly-volumeinfo.json"));
  auto gz = read_backup_volume_infos(source_path("tests/data/verify/nightly-volumeinfo.json.gz"));
  ASSERT_TRUE(json.ok()) << json.error()->to_string();
  ASSERT_TRUE(gz.ok()) << gz.error()->to_string();
  EXPECT_EQ(json.value(), gz.value());
  // A tar.gz of the storage location's backups/nightly/ folder: the .json.gz inside it.
  auto tar = read_backup_volume_infos(source_path("tests/data/verify/backup-location.tar.gz"));
  ASSERT_TRUE(tar.ok()) << tar.error()->to_string();
  EXPECT_EQ(tar.value(), json.value());
  ASSERT_EQ(json->size(), 7u);
  EXPECT_EQ(json->front().native_snapshot->snapshot_handle, "snap-0a1b2c3d4e5f60718");
  EXPECT_EQ(json->front().result, "succeeded");
  // A folder with both the .json and the .json.gz: ambiguous, so an error that names both.
  auto examples = read_backup_volume_infos(source_path("examples/policies"));
  ASSERT_FALSE(examples.ok());
  EXPECT_NE(examples.error()->message.find("no volume info file"), std::string::npos);
  auto folder = read_backup_volume_infos(source_path("tests/data/verify"));
  ASSERT_FALSE(folder.ok());
  EXPECT_NE(folder.error()->message.find("volume info files in this folder"), std::string::npos);
}

TEST(volume_info_reader, errors_name_the_entry_and_field) {
  auto wrong = parse_backup_volume_infos(R"([{"pvcName": "a"}, {"skipped": "yes"}])", "vi.json");
  ASSERT_FALSE(wrong.ok());
  EXPECT_EQ(wrong.error()->to_string(), "vi.json: [1].skipped: expected true or false");
  auto nested = parse_backup_volume_infos(R"([{"csiSnapshotInfo": {"size": "big"}}])", "vi.json");
  ASSERT_FALSE(nested.ok());
  EXPECT_EQ(nested.error()->to_string(), "vi.json: [0].csiSnapshotInfo.size: expected an integer");
  auto object = parse_backup_volume_infos(R"({"pvcName": "a"})", "vi.json");
  ASSERT_FALSE(object.ok());
  EXPECT_NE(object.error()->message.find("expected a JSON array"), std::string::npos);
  auto not_json = parse_backup_volume_infos("[{", "vi.json");
  ASSERT_FALSE(not_json.ok());
  // Unknown fields (a newer Velero) are ignored; null is Go's nil slice.
  auto extra = parse_backup_volume_infos(R"([{"pvName": "p", "futureField": {"x": 1}}])", "vi.json");
  ASSERT_TRUE(extra.ok());
  EXPECT_EQ(extra->front().pv_name, "p");
  auto nil = parse_backup_volume_infos("null\n", "vi.json");
  ASSERT_TRUE(nil.ok());
  EXPECT_TRUE(nil->empty());
}

TEST(audit, the_agreeing_backup_agrees_and_the_planted_one_differs_where_planted) {
  auto p = make_planned(readme_scenario());
  ASSERT_TRUE(p.ok());
  auto agrees = read_backup_volume_infos(source_path("tests/data/verify/nightly-volumeinfo.json.gz"));
  ASSERT_TRUE(agrees.ok());
  const audit_result a = audit((*p)->plan, (*p)->cluster, agrees.value());
  EXPECT_TRUE(a.findings.empty());
  EXPECT_EQ(a.agreed, 7u);

  auto differs = read_backup_volume_infos(source_path("tests/data/verify/nightly-differs-volumeinfo.json"));
  ASSERT_TRUE(differs.ok());
  const audit_result d = audit((*p)->plan, (*p)->cluster, differs.value());
  EXPECT_EQ(d.agreed, 5u);
  ASSERT_EQ(d.findings.size(), 3u);
  EXPECT_EQ(d.findings[0].key, "shop/redis-data");
  EXPECT_EQ(d.findings[0].fields, (std::vector<std::string>{"backupMethod", "skipped"}));
  EXPECT_EQ(d.findings[1].key, "shop/data-postgres-0");
  EXPECT_EQ(d.findings[1].fields, (std::vector<std::string>{"backupMethod", "snapshotDataMoved"}));
  EXPECT_EQ(d.findings[2].what, audit_finding::kind::not_planned);
  EXPECT_EQ(d.findings[2].key, "shop/postgres-0/scratch");
  EXPECT_FALSE(d.findings[2].explanation.empty());  // the plan knows that volume: it says why not
}

TEST(audit, a_volume_the_backup_lacks_is_reported) {
  auto p = make_planned(readme_scenario());
  ASSERT_TRUE(p.ok());
  auto infos = read_backup_volume_infos(source_path("tests/data/verify/nightly-volumeinfo.json"));
  ASSERT_TRUE(infos.ok());
  std::vector<plan::backup_volume_info> fewer = infos.value();
  fewer.erase(fewer.begin());  // the native snapshot of shop/redis-data
  const audit_result a = audit((*p)->plan, (*p)->cluster, fewer);
  ASSERT_EQ(a.findings.size(), 1u);
  EXPECT_EQ(a.findings[0].what, audit_finding::kind::not_in_backup);
  EXPECT_EQ(a.findings[0].key, "shop/redis-data");
}
