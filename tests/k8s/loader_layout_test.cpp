// load_objects on folders, Velero backups (folder and tarball), insights archives, stdin.
#include <archive.h>
#include <archive_entry.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "volpol/k8s/loader.h"

namespace volpol::k8s {
namespace {

namespace fs = std::filesystem;

const std::string data_dir = std::string(VOLPOL_SOURCE_DIR) + "/tests/data/k8s/";

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::path(testing::TempDir()) / ("volpol-loader-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

void write_file(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

/// A tar.gz of every file under `folder`, entries named relative to it (as Velero writes them).
void write_tarball(const fs::path& folder, const fs::path& out) {
  archive* a = archive_write_new();
  archive_write_add_filter_gzip(a);
  archive_write_set_format_pax_restricted(a);
  ASSERT_EQ(archive_write_open_filename(a, out.c_str()), ARCHIVE_OK);
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(folder))
    if (e.is_regular_file()) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    std::ifstream in(f, std::ios::binary);
    const std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    archive_entry* e = archive_entry_new();
    archive_entry_set_pathname(e, fs::relative(f, folder).generic_string().c_str());
    archive_entry_set_size(e, static_cast<la_int64_t>(data.size()));
    archive_entry_set_filetype(e, AE_IFREG);
    archive_entry_set_perm(e, 0644);
    archive_write_header(a, e);
    archive_write_data(a, data.data(), data.size());
    archive_entry_free(e);
  }
  archive_write_close(a);
  archive_write_free(a);
}

load_result load(std::vector<std::string> paths, const load_options& o = {}) { return load_objects(paths, o); }

void expect_clean(const load_result& r) {
  for (const auto& d : r.problems) ADD_FAILURE() << d.to_string();
}

// Velero writes each item twice (legacy path and `v1-preferredversion`): read once.
void check_velero_backup(const load_result& r, const std::string& root) {
  expect_clean(r);
  EXPECT_EQ(r.counts.pods, 1U);
  EXPECT_EQ(r.counts.persistent_volume_claims, 1U);
  EXPECT_EQ(r.counts.persistent_volumes, 1U);
  EXPECT_EQ(r.counts.backup_copies, 3U);
  EXPECT_EQ(r.counts.other_resources.at("secrets"), 2U);  // skipped unread
  EXPECT_TRUE(r.counts.other_kinds.empty());
  EXPECT_EQ(r.counts.files, 6U);
  EXPECT_EQ(r.counts.files_skipped, 1U);  // metadata/version
  const pod* web = r.objects.find_pod("app", "web-0");
  ASSERT_NE(web, nullptr);
  EXPECT_EQ(web->origin.file, root + "resources/pods/namespaces/app/web-0.json");
  ASSERT_EQ(web->volumes.size(), 2U);
  EXPECT_TRUE(web->volumes[1].sources.ephemeral_has_template);
  EXPECT_EQ(*web->metadata.annotation("backup.velero.io/backup-volumes"), "data");
  ASSERT_EQ(r.objects.pods_using_pvc("app", "data-web-0").size(), 1U);
  EXPECT_TRUE(r.objects.pods_using_pvc("app", "web-0-scratch").empty());  // ephemeral
  const auto* pvc = r.objects.find_pvc("app", "data-web-0");
  ASSERT_NE(pvc, nullptr);
  EXPECT_EQ(pvc->volume_name, "pvc-1");
  const auto* pv = r.objects.find_pv("pvc-1");
  ASSERT_NE(pv, nullptr);
  EXPECT_EQ(pv->sources.csi().driver, "ebs.csi.aws.com");
}

TEST(loader_layout, velero_backup_folder) {
  const std::string root = data_dir + "velero-backup/";
  check_velero_backup(load({root}), root);
}

TEST(loader_layout, velero_backup_tarball) {
  const fs::path dir = scratch("tarball");
  const fs::path tgz = dir / "backup-1.tar.gz";
  write_tarball(data_dir + "velero-backup", tgz);
  check_velero_backup(load({tgz.string()}), tgz.string() + "!/");
  // Found in a folder too, next to other files.
  write_file(dir / "notes.txt", "not an object");
  const load_result in_folder = load({dir.string()});
  EXPECT_EQ(in_folder.counts.pods, 1U);
  EXPECT_EQ(in_folder.counts.files_skipped, 2U);  // notes.txt, metadata/version
}

// Two backups holding the same object are two sources, not two copies: a duplicate.
TEST(loader_layout, the_same_item_in_two_backups_is_a_duplicate) {
  const fs::path dir = scratch("two-backups");
  write_tarball(data_dir + "velero-backup", dir / "a.tgz");
  write_tarball(data_dir + "velero-backup", dir / "b.tgz");
  const load_result r = load({(dir / "a.tgz").string(), (dir / "b.tgz").string()});
  EXPECT_EQ(r.counts.pods, 1U);
  EXPECT_EQ(r.counts.rejected, 3U);
  ASSERT_EQ(r.problems.size(), 3U);
  const std::string b = (dir / "b.tgz").string();
  EXPECT_EQ(r.problems.items()[0].to_string(),
            b +
                "!/resources/persistentvolumeclaims/namespaces/app/data-web-0.json: byte 0: "
                "PersistentVolumeClaim app/data-web-0: duplicate PersistentVolumeClaim `app/data-web-0`: "
                "the first one, read at " +
                (dir / "a.tgz").string() +
                "!/resources/persistentvolumeclaims/namespaces/app/data-web-0.json: byte 0, is kept");
}

TEST(loader_layout, corrupt_archive_is_reported) {
  const fs::path dir = scratch("corrupt");
  write_tarball(data_dir + "velero-backup", dir / "good.tar.gz");
  std::ifstream in(dir / "good.tar.gz", std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  write_file(dir / "cut.tar.gz", bytes.substr(0, bytes.size() / 2));
  write_file(dir / "junk.tgz", "this is not gzip");
  const load_result r = load({(dir / "cut.tar.gz").string(), (dir / "junk.tgz").string()});
  ASSERT_GE(r.problems.size(), 2U);
  EXPECT_NE(r.problems.items().back().message.find("archive"), std::string::npos)
      << r.problems.items().back().to_string();
  EXPECT_EQ(r.problems.items().back().where.file, (dir / "junk.tgz").string());
  EXPECT_TRUE(r.problems.has_errors());
}

// Links, FIFOs and devices in an archive hold no object: each is skipped with a warning naming
// it, and the regular entries around them are read.
TEST(loader_layout, archive_entries_that_are_no_files_are_skipped_with_a_warning) {
  const fs::path dir = scratch("special-entries");
  const fs::path tgz = dir / "special.tar.gz";
  archive* a = archive_write_new();
  archive_write_add_filter_gzip(a);
  archive_write_set_format_pax_restricted(a);
  ASSERT_EQ(archive_write_open_filename(a, tgz.c_str()), ARCHIVE_OK);
  const auto add = [&](const char* name, unsigned type, const std::string& data, const char* symlink = nullptr,
                       const char* hardlink = nullptr) {
    archive_entry* e = archive_entry_new();
    archive_entry_set_pathname(e, name);
    archive_entry_set_filetype(e, type);
    archive_entry_set_perm(e, 0644);
    archive_entry_set_size(e, static_cast<la_int64_t>(data.size()));
    if (symlink) archive_entry_set_symlink(e, symlink);
    if (hardlink) archive_entry_set_hardlink(e, hardlink);
    EXPECT_EQ(archive_write_header(a, e), ARCHIVE_OK) << name;
    if (!data.empty()) archive_write_data(a, data.data(), data.size());
    archive_entry_free(e);
  };
  const std::string pod = R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-0","namespace":"app"},)"
                          R"("spec":{"volumes":[]}})";
  add("dump", AE_IFDIR, "");
  add("dump/pod.json", AE_IFREG, pod);
  add("dump/link.json", AE_IFLNK, "", "/etc/passwd");
  add("dump/hard.json", AE_IFREG, "", nullptr, "dump/pod.json");
  add("dump/fifo.json", AE_IFIFO, "");
  add("dump/tty.json", AE_IFCHR, "");
  add("dump/disk.json", AE_IFBLK, "");
  archive_write_close(a);
  archive_write_free(a);

  const load_result r = load({tgz.string()});
  EXPECT_EQ(r.counts.pods, 1U);
  EXPECT_FALSE(r.problems.has_errors());
  std::vector<std::string> got;
  for (const diagnostic& d : r.problems.items()) {
    EXPECT_EQ(d.level, severity::warning) << d.to_string();
    got.push_back(d.where.file + ": " + d.message);
  }
  const std::string at = tgz.string() + "!/dump/";
  EXPECT_EQ(got, (std::vector<std::string>{
                     at + "link.json: not read: a symbolic link to `/etc/passwd`, not a regular file",
                     at + "hard.json: not read: a hard link to `dump/pod.json`, not a regular file",
                     at + "fifo.json: not read: a FIFO, not a regular file",
                     at + "tty.json: not read: a character device, not a regular file",
                     at + "disk.json: not read: a block device, not a regular file",
                 }));
}

// insights archives strip TypeMeta: the folder names the kind, and the namespace.
TEST(loader_layout, insights_layout) {
  const load_result r = load({data_dir + "insights"});
  expect_clean(r);
  ASSERT_NE(r.objects.find_pod("monitoring", "prom-0"), nullptr);
  EXPECT_EQ(r.objects.find_pod("monitoring", "prom-0")->volumes.size(), 1U);
  ASSERT_NE(r.objects.find_pv("pv-nfs"), nullptr);
  EXPECT_EQ(r.objects.find_pv("pv-nfs")->sources.nfs().server, "nfs.example.com");
}

TEST(loader_layout, folders_are_read_recursively_in_sorted_order) {
  const fs::path dir = scratch("folder");
  write_file(dir / "b" / "2.yaml", "kind: Pod\nmetadata: {name: p2, namespace: ns}\n");
  write_file(dir / "a.json", R"({"kind":"Pod","metadata":{"name":"p1","namespace":"ns"}})");
  write_file(dir / "b" / "1.yml", "kind: Pod\nmetadata: {name: p3, namespace: ns}\n");
  write_file(dir / "c" / "README.md", "# not read");
  const load_result r = load({dir.string()});
  ASSERT_EQ(r.problems.size(), 1U);  // the file not read is named
  EXPECT_EQ(r.problems.items()[0].to_string(),
            (dir / "c" / "README.md").generic_string() +
                ": warning: not read: not a .json, .yaml, .yml, .tar.gz, .tgz or .tar file");
  ASSERT_EQ(r.objects.pods().size(), 3U);
  EXPECT_EQ(r.objects.pods()[0].metadata.name, "p1");  // a.json
  EXPECT_EQ(r.objects.pods()[1].metadata.name, "p3");  // b/1.yml
  EXPECT_EQ(r.objects.pods()[2].metadata.name, "p2");  // b/2.yaml
  EXPECT_EQ(r.counts.files, 3U);
  EXPECT_EQ(r.counts.files_skipped, 1U);
}

TEST(loader_layout, stdin_is_dash) {
  const std::string text = "kind: PersistentVolume\nmetadata: {name: from-stdin}\n";
  std::FILE* in = fmemopen(const_cast<char*>(text.data()), text.size(), "r");
  ASSERT_NE(in, nullptr);
  load_options o;
  o.standard_input = in;
  const load_result r = load({"-"}, o);
  std::fclose(in);
  expect_clean(r);
  ASSERT_EQ(r.objects.persistent_volumes().size(), 1U);
  EXPECT_EQ(r.objects.persistent_volumes()[0].origin.file, "-");
  EXPECT_EQ(r.counts.bytes, text.size());
}

TEST(loader_layout, a_missing_path_is_reported_and_the_rest_loads) {
  const load_result r = load({data_dir + "no-such-file.json", data_dir + "insights"});
  ASSERT_EQ(r.problems.size(), 1U);
  EXPECT_EQ(r.problems.items()[0].to_string(), data_dir + "no-such-file.json: cannot open: No such file or directory");
  EXPECT_EQ(r.counts.pods, 1U);
}

// JSON errors in a file too big for the window: the line is counted by re-reading the file.
TEST(loader_layout, json_error_lines_in_big_files) {
  const fs::path dir = scratch("big-error");
  std::string text = "{\"kind\":\"List\",\"items\":[\n";
  for (int i = 0; i < 400; ++i)
    text += "{\"kind\":\"Pod\",\"metadata\":{\"name\":\"p" + std::to_string(i) +
            "\",\"namespace\":\"ns\"},\"spec\":{\"nodeName\":\"" + std::string(100, 'n') + "\"}},\n";
  text += "{\"kind\":\"Pod\",\"metadata\":{\"name\":\"bad\",\"namespace\":\"ns\"},\"spec\":{\"nodeName\":7}}\n]}\n";
  write_file(dir / "big.json", text);
  load_options o;
  o.chunk_size = 4096;
  const load_result r = load({(dir / "big.json").string()}, o);
  EXPECT_EQ(r.counts.pods, 400U);
  ASSERT_EQ(r.problems.size(), 1U);
  const diagnostic& d = r.problems.items()[0];
  EXPECT_EQ(d.where.offset, text.find("7}}"));
  EXPECT_EQ(d.where.line, 402U);
  EXPECT_EQ(d.where.column, 77U);
  EXPECT_EQ(d.to_string(), (dir / "big.json").string() +
                               ":402:77: Pod ns/bad: items[400].spec.nodeName: expected a string, got a number");
}

}  // namespace
}  // namespace volpol::k8s
