// load_objects with --threads: the cluster, the counts and every problem are the same, in the
// same order, whatever the number of threads (loader_parallel.h). The inputs are made large
// enough (with a small chunk size) that the workers start, and carry broken objects in the
// middle so that the order of problems is checked too.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "../support/cluster_text.h"
#include "volpol/k8s/loader.h"

namespace volpol::k8s {
namespace {

constexpr int objects = 6000;  // about 2 MB of JSON: several batches of 256 KB

/// One List item: a pod with a PVC volume, its PVC, or its PV; some are broken, a duplicate
/// or nameless.
std::string json_item(int i) {
  const std::string ns = fmt::format("ns-{}", i % 7);
  if (i % 997 == 500)
    return fmt::format(
        R"({{"kind":"PersistentVolumeClaim","apiVersion":"v1","metadata":{{"name":"bad-{}","namespace":"{}"}},"spec":{{"resources":{{"requests":{{"storage":"12 Gi"}}}}}}}})",
        i, ns);
  if (i % 997 == 700)  // a second pod-0 in ns-0: a duplicate, reported where it is read
    return R"({"kind":"Pod","apiVersion":"v1","metadata":{"name":"pod-0","namespace":"ns-0"},"spec":{}})";
  if (i % 997 == 800)  // no metadata.name: reported, not planned
    return fmt::format(R"({{"kind":"Pod","apiVersion":"v1","metadata":{{"namespace":"{}"}},"spec":{{}}}})", ns);
  if (i % 997 == 900)
    return fmt::format(
        R"({{"kind":"Pod","apiVersion":"v1","metadata":{{"name":"bad-{}","namespace":"{}"}},"spec":{{"volumes":"not-a-list"}}}})",
        i, ns);
  switch (i % 3) {
    case 0:
      return fmt::format(
          R"({{"kind":"Pod","apiVersion":"v1","metadata":{{"name":"pod-{}","namespace":"{}","annotations":{{"backup.velero.io/backup-volumes":"data"}}}},"spec":{{"nodeName":"node-{}","volumes":[{{"name":"data","persistentVolumeClaim":{{"claimName":"data-{}"}}}},{{"name":"tmp","emptyDir":{{}}}}],"containers":[{{"name":"c","volumeMounts":[{{"name":"data","mountPath":"/data"}}]}}]}},"status":{{"phase":"Running"}}}})",
          i, ns, i % 5, i);
    case 1:
      return fmt::format(
          R"({{"kind":"PersistentVolumeClaim","apiVersion":"v1","metadata":{{"name":"data-{}","namespace":"{}","labels":{{"app":"a{}"}}}},"spec":{{"storageClassName":"gp3","volumeName":"pv-{}","resources":{{"requests":{{"storage":"{}Gi"}}}}}},"status":{{"phase":"Bound"}}}})",
          i - 1, ns, i % 11, i - 1, i % 100 + 1);
    default:
      return fmt::format(
          R"({{"kind":"PersistentVolume","apiVersion":"v1","metadata":{{"name":"pv-{}"}},"spec":{{"capacity":{{"storage":"{}Gi"}},"csi":{{"driver":"ebs.csi.aws.com","volumeHandle":"vol-{}"}},"claimRef":{{"namespace":"{}","name":"data-{}"}}}}}})",
          i - 2, i % 100 + 1, i, ns, i - 2);
  }
}

std::string json_list() {
  std::string out = "{\"apiVersion\": \"v1\", \"kind\": \"List\", \"items\": [\n";
  for (int i = 0; i < objects; ++i) out += (i ? ",\n" : "") + json_item(i);
  return out + "\n]}\n";
}

/// The same objects as multi-document YAML (JSON is YAML: one flow document each), and as a
/// block `items:` list.
std::string yaml_documents() {
  std::string out;
  for (int i = 0; i < objects; ++i) out += "---\n" + json_item(i) + "\n";
  return out;
}
std::string yaml_items_list() {
  std::string out = "apiVersion: v1\nkind: List\nitems:\n";
  for (int i = 0; i < objects; ++i) out += "- " + json_item(i) + "\n";
  return out;
}

std::string write_temp(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / fmt::format("volpol-threads-{}-{}", ::getpid(), name);
  std::ofstream(path) << text;
  return path.string();
}

/// Everything a load gives, as text: counts, objects in order with their origins, problems.
std::string summary(const load_result& r) {
  std::string out = fmt::format("pods={} pvcs={} pvs={} rejected={}\n", r.counts.pods,
                                r.counts.persistent_volume_claims, r.counts.persistent_volumes, r.counts.rejected);
  for (const pod& p : r.objects.pods())
    out += fmt::format("pod {} {} {} {} {}\n", p.metadata.key(), p.origin.line, p.origin.offset, p.volumes.size(),
                       p.node_name);
  for (const auto& c : r.objects.persistent_volume_claims())
    out += fmt::format("pvc {} {} {}\n", c.metadata.key(), c.origin.line, c.origin.offset);
  for (const auto& v : r.objects.persistent_volumes())
    out += fmt::format("pv {} {} {}\n", v.metadata.name, v.origin.line, v.origin.offset);
  for (const diagnostic& d : r.problems) out += d.to_string() + "\n";
  return out;
}

load_result load_with(const std::string& path, unsigned threads) {
  load_options o;
  o.threads = threads;
  o.chunk_size = 4096;  // the window moves at once: the workers take over after the first 4 KiB
  return load_objects(std::vector<std::string>{path}, o);
}

void expect_same_for_any_threads(const std::string& name, const std::string& text) {
  const std::string path = write_temp(name, text);
  const load_result one = load_with(path, 1);
  EXPECT_EQ(one.counts.pods, 1992U) << name;
  // 6 bad quantities, 6 bad volumes lists, 6 duplicates, 6 without a name
  EXPECT_EQ(one.counts.rejected, 24U) << name;
  ASSERT_EQ(one.problems.size(), 24U) << name;
  int duplicates = 0, nameless = 0;
  for (const diagnostic& d : one.problems) {
    duplicates += d.message.find("duplicate Pod `ns-0/pod-0`") != std::string::npos;
    nameless += d.message.find("without metadata.name") != std::string::npos;
  }
  EXPECT_EQ(duplicates, 6) << name;
  EXPECT_EQ(nameless, 6) << name;
  EXPECT_EQ(one.counts.worker_batches, 0U) << name;
  const std::string expected = summary(one);
  for (unsigned threads : {2u, 3u, 8u}) {
    const load_result r = load_with(path, threads);
    EXPECT_GE(r.counts.worker_batches, 4U) << name << " threads=" << threads;  // the workers did read it
    EXPECT_EQ(summary(r), expected) << name << " threads=" << threads;
  }
  std::filesystem::remove(path);
}

TEST(loader_threads, json_list_reads_the_same_on_any_number_of_threads) {
  expect_same_for_any_threads("list.json", json_list());
}

TEST(loader_threads, yaml_documents_read_the_same_on_any_number_of_threads) {
  expect_same_for_any_threads("docs.yaml", yaml_documents());
}

TEST(loader_threads, yaml_items_read_the_same_on_any_number_of_threads) {
  expect_same_for_any_threads("items.yaml", yaml_items_list());
}

// A stream's own problem (here: the input ends inside the list) comes after every object the
// workers read before it.
TEST(loader_threads, a_truncated_list_reports_after_what_was_read) {
  std::string text = json_list();
  text.resize(text.size() * 3 / 4);
  const std::string path = write_temp("truncated.json", text);
  const load_result one = load_with(path, 1);
  const load_result two = load_with(path, 2);
  EXPECT_GT(two.counts.worker_batches, 0U);
  ASSERT_FALSE(one.problems.empty());
  EXPECT_NE(one.problems.items().back().message.find("truncated"), std::string::npos)
      << one.problems.items().back().message;
  EXPECT_EQ(summary(two), summary(one));
  std::filesystem::remove(path);
}

// The workers read a JSON list's items where they are, in blocks the window leaves behind
// (chunk_buffer::share): items larger than the 4 KiB window (it grows while workers still read
// the block it leaves), and lists and arrays one after the other in the same window (a batch
// per list), read the same on any number of threads.
TEST(loader_threads, json_items_larger_than_the_window_and_several_lists_read_the_same) {
  std::string text = "{\"apiVersion\": \"v1\", \"kind\": \"List\", \"items\": [\n";
  for (int i = 0; i < 3000; ++i) {
    std::string item = json_item(i);
    if (i % 50 == 7) {  // a 5-20 KiB annotation: the item does not fit the window
      const std::string big(5000 + static_cast<std::size_t>(i % 4) * 5000, 'x');
      const std::string meta = "\"metadata\":{";
      item.insert(item.find(meta) + meta.size(), "\"annotations\":{\"note\":\"" + big + "\"},");
    }
    text += (i ? ",\n" : "") + item;
  }
  text += "\n]}\n[";
  for (int i = 3000; i < 4500; ++i) text += (i > 3000 ? "," : "") + json_item(i);
  text += "]\n{\"kind\": \"PodList\", \"items\": [";
  for (int i = 0; i < 300; ++i)
    text += fmt::format(R"({}{{"metadata":{{"name":"listed-{}","namespace":"ns-list"}},"spec":{{}}}})", i ? "," : "",
                        i);
  text += "]}\n";
  const std::string path = write_temp("big-items.json", text);
  const load_result one = load_with(path, 1);
  EXPECT_EQ(one.counts.worker_batches, 0U);
  // Pods: items 0-2999 and 3000-4499 as above (duplicates and nameless ones rejected), and
  // the PodList's 300.
  EXPECT_EQ(one.counts.pods, 996U + 498U + 300U);
  const std::string expected = summary(one);
  for (unsigned threads : {2u, 3u, 8u}) {
    const load_result r = load_with(path, threads);
    EXPECT_GE(r.counts.worker_batches, 4U) << "threads=" << threads;
    EXPECT_EQ(summary(r), expected) << "threads=" << threads;
  }
  std::filesystem::remove(path);
}

// A broken dump (a fuzzer's, from a real one: a string cut short, so `\"` escapes stand outside
// strings): the byte scanner must split it the same wherever the window moves. It did not
// (its 64-byte blocks and its byte loop disagreed on backslashes outside strings), and 2
// threads, whose window moves to new blocks at other places, reported another problem.
TEST(loader_threads, broken_items_split_the_same_on_any_number_of_threads) {
  const std::string path = std::string(VOLPOL_SOURCE_DIR) + "/tests/data/k8s/backslash-outside-strings.json";
  const load_result one = load_with(path, 1);
  ASSERT_FALSE(one.problems.empty());
  for (unsigned threads : {2u, 3u, 8u})
    EXPECT_EQ(testing::cluster_text(load_with(path, threads)), testing::cluster_text(one)) << "threads=" << threads;
}

}  // namespace
}  // namespace volpol::k8s
