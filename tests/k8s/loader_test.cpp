// load_text / load_objects: the shapes users have (lists, NDJSON, multi-document YAML, JSON
// in .yaml files ...), read in small chunks too.
#include "volpol/k8s/loader.h"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

namespace volpol::k8s {
namespace {

std::vector<std::string> pod_names(const load_result& r) {
  std::vector<std::string> out;
  for (const pod& p : r.objects.pods()) out.push_back(p.metadata.key());
  return out;
}

void expect_clean(const load_result& r) {
  for (const auto& d : r.problems) ADD_FAILURE() << d.to_string();
}

// kubectl's JSON: `items` before `kind`; each item has its own kind.
TEST(loader, json_list_with_items_before_kind) {
  const std::string text = R"({
    "apiVersion": "v1",
    "items": [
        {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "a", "namespace": "ns"}},
        {"apiVersion": "v1", "kind": "PersistentVolumeClaim", "metadata": {"name": "d", "namespace": "ns"},
         "spec": {"storageClassName": "gp3"}},
        {"apiVersion": "v1", "kind": "PersistentVolume", "metadata": {"name": "pv"}},
        {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "c", "namespace": "ns"}}
    ],
    "kind": "List",
    "metadata": {"resourceVersion": ""}
})";
  const load_result r = load_text(text, "list.json");
  expect_clean(r);
  EXPECT_EQ(r.counts.pods, 1U);
  EXPECT_EQ(r.counts.persistent_volume_claims, 1U);
  EXPECT_EQ(r.counts.persistent_volumes, 1U);
  EXPECT_EQ(r.counts.read_kinds.at("ConfigMap"), 1U);  // read: a policy ConfigMap may be among them
  EXPECT_EQ(r.counts.other_kinds.count("List"), 0U);
  EXPECT_EQ(r.counts.files, 1U);
  EXPECT_EQ(r.counts.bytes, text.size());
  const pod& a = r.objects.pods()[0];
  EXPECT_EQ(a.origin.file, "list.json");
  // The objects of one file share one copy of its name.
  EXPECT_EQ(a.origin.file.data(), r.objects.persistent_volumes()[0].origin.file.data());
  EXPECT_EQ(describe(a.origin), "list.json: byte " + std::to_string(a.origin.offset));
  EXPECT_EQ(a.origin.offset, text.find("{\"apiVersion\": \"v1\", \"kind\": \"Pod\""));
  EXPECT_EQ(r.objects.find_pvc("ns", "d")->storage_class_name, "gp3");
}

// The API server's typed lists: `kind` first, items without TypeMeta.
TEST(loader, typed_list_names_the_items_kind) {
  const load_result r = load_text(
      R"({"kind":"PodList","apiVersion":"v1","metadata":{},"items":[{"metadata":{"name":"a","namespace":"ns"}},)"
      R"({"metadata":{"name":"b","namespace":"ns"},"spec":{}}]})",
      "pods.json");
  expect_clean(r);
  EXPECT_EQ(pod_names(r), (std::vector<std::string>{"ns/a", "ns/b"}));
}

TEST(loader, json_values_one_after_another_and_arrays) {
  const load_result r = load_text(
      "{\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}}\n"
      "{\"kind\":\"PersistentVolume\",\"metadata\":{\"name\":\"b\"}}\n"
      "[{\"kind\":\"Pod\",\"metadata\":{\"name\":\"c\"}}, {\"kind\":\"Pod\",\"metadata\":{\"name\":\"d\"}}]\n",
      "mixed.json");
  expect_clean(r);
  EXPECT_EQ(pod_names(r), (std::vector<std::string>{"a", "c", "d"}));
  EXPECT_EQ(r.counts.persistent_volumes, 1U);
}

TEST(loader, multi_document_yaml) {
  const std::string text =
      "# leading comment\n"
      "apiVersion: v1\nkind: Pod\nmetadata: {name: a, namespace: ns}\n"
      "---\n"
      "---\n"  // an empty document
      "apiVersion: v1\nkind: PersistentVolume\nmetadata:\n  name: pv\n"
      "...\n"
      "--- # a comment after the marker\n"
      "kind: Pod\nmetadata: {name: b, namespace: ns}\n";
  const load_result r = load_text(text, "docs.yaml");
  expect_clean(r);
  EXPECT_EQ(pod_names(r), (std::vector<std::string>{"ns/a", "ns/b"}));
  EXPECT_EQ(r.objects.pods()[0].origin.line, 2U);
  EXPECT_EQ(r.objects.pods()[1].origin.line, 13U);
  ASSERT_EQ(r.objects.persistent_volumes().size(), 1U);
  EXPECT_EQ(r.objects.persistent_volumes()[0].origin.line, 7U);
  EXPECT_EQ(describe(r.objects.pods()[1].origin), "docs.yaml:13");
  EXPECT_EQ(r.objects.pods()[0].origin.file.data(), r.objects.pods()[1].origin.file.data());  // one shared copy
}

// A YAML list is split into items (each parsed alone); lines stay those of the file.
TEST(loader, yaml_list_items_are_read_one_by_one) {
  const std::string text =
      "apiVersion: v1\n"
      "kind: PodList\n"  // before `items`: names the items' kind
      "items:\n"
      "  # the first pod\n"
      "  - metadata:\n"
      "      name: a\n"
      "      namespace: ns\n"
      "    spec:\n"
      "      volumes:\n"
      "      - name: data\n"
      "        persistentVolumeClaim: {claimName: data-a}\n"
      "\n"
      "  - metadata: {name: b, namespace: ns}\n"
      "    spec:\n"
      "      nodeName: |\n"
      "        node-1\n"
      "metadata: {resourceVersion: \"\"}\n"
      "---\n"
      "apiVersion: v1\n"
      "items:\n"
      "- apiVersion: v1\n"
      "  kind: PersistentVolumeClaim\n"
      "  metadata: {name: data-a, namespace: ns}\n"
      "kind: List\n";
  const load_result r = load_text(text, "lists.yaml");
  expect_clean(r);
  EXPECT_EQ(pod_names(r), (std::vector<std::string>{"ns/a", "ns/b"}));
  EXPECT_EQ(r.objects.pods()[0].origin.line, 5U);
  EXPECT_EQ(r.objects.pods()[1].origin.line, 13U);
  EXPECT_EQ(r.objects.pods()[1].node_name, "node-1\n");
  ASSERT_EQ(r.objects.persistent_volume_claims().size(), 1U);
  EXPECT_EQ(r.objects.persistent_volume_claims()[0].origin.line, 21U);
  EXPECT_EQ(r.objects.pods_using_pvc("ns", "data-a").size(), 1U);
  EXPECT_TRUE(r.counts.other_kinds.empty());
}

TEST(loader, yaml_flow_items_are_read_whole) {
  const load_result r =
      load_text("kind: List\nitems:\n  [ {kind: Pod, metadata: {name: a}},\n    {kind: Pod, metadata: {name: b}} ]\n",
                "flow.yaml");
  expect_clean(r);
  EXPECT_EQ(pod_names(r), (std::vector<std::string>{"a", "b"}));
}

TEST(loader, format_is_told_by_content) {
  // JSON in a .yaml file, YAML in a .json file, flow YAML (not JSON) in a .yaml file.
  const load_result json_in_yaml = load_text("{\"kind\": \"Pod\", \"metadata\": {\"name\": \"a\"}}", "a.yaml");
  expect_clean(json_in_yaml);
  EXPECT_EQ(json_in_yaml.objects.pods()[0].origin.line, 1U);  // a .yaml file is YAML, whatever its size
  const load_result yaml_in_json = load_text("kind: Pod\nmetadata:\n  name: b\n", "b.json");
  expect_clean(yaml_in_json);
  EXPECT_EQ(yaml_in_json.objects.pods()[0].origin.line, 1U);
  const load_result flow = load_text("{kind: Pod, metadata: {name: c}}", "c.yaml");
  expect_clean(flow);
  EXPECT_EQ(pod_names(flow), std::vector<std::string>{"c"});
  const load_result bom = load_text("\xEF\xBB\xBF{\"kind\": \"Pod\", \"metadata\": {\"name\": \"d\"}}", "d.json");
  expect_clean(bom);
  EXPECT_EQ(pod_names(bom), std::vector<std::string>{"d"});
}

TEST(loader, empty_inputs_give_nothing) {
  for (const char* text : {"", "\n\n", "---\n", "# only a comment\n", "null\n"}) {
    SCOPED_TRACE(text);
    const load_result r = load_text(text, "empty.yaml");
    EXPECT_TRUE(r.problems.empty());
    EXPECT_TRUE(r.objects.empty());
  }
}

std::string big_json_list(int n, std::size_t pad) {
  std::string text = "{\"apiVersion\":\"v1\",\"items\":[";
  for (int i = 0; i < n; ++i) {
    if (i) text += ",\n";
    text += fmt::format(
        R"({{"apiVersion":"v1","kind":"Pod","metadata":{{"name":"p-{}","namespace":"ns","annotations":{{"note":"{}","quote":"a \"{{[\\"}}}},"spec":{{"volumes":[{{"name":"d","persistentVolumeClaim":{{"claimName":"c-{}"}}}}]}}}})",
        i, std::string(pad, 'x'), i % 10);
  }
  return text + "],\"kind\":\"List\"}";
}

// Items straddle chunk boundaries; one item is larger than a chunk (the window grows).
TEST(loader, small_chunks_and_an_item_larger_than_a_chunk) {
  std::string text = big_json_list(300, 200);
  text.insert(text.find("{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"p-150\""),
              fmt::format(R"({{"kind":"Pod","metadata":{{"name":"huge","namespace":"ns","labels":{{"x":"{}"}}}}}},)",
                          std::string(20000, 'y')));
  load_options small;
  small.chunk_size = 4096;
  const std::vector<std::string> none;
  const load_result r = load_text(text, "big.json", small);
  expect_clean(r);
  EXPECT_EQ(r.counts.pods, 301U);
  ASSERT_NE(r.objects.find_pod("ns", "huge"), nullptr);
  EXPECT_EQ(r.objects.find_pod("ns", "huge")->metadata.labels.find("x")->size(), 20000U);
  EXPECT_EQ(*r.objects.find_pod("ns", "p-299")->metadata.annotation("quote"), "a \"{[\\");
  EXPECT_EQ(r.objects.pods_using_pvc("ns", "c-3").size(), 30U);
}

TEST(loader, annotation_filters) {
  const std::string text =
      R"({"kind":"Pod","metadata":{"name":"a","annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{\"big\":1}",)"
      R"("keep":"me","backup.velero.io/backup-volumes":"data","velero.io/csi-volumesnapshot-class":"vsc",)"
      R"("notvelero.io/x":"1","velero.io":"no slash"}}})";
  const auto keys = [&](annotation_filter f) {
    load_options o;
    o.annotations = f;
    const load_result r = load_text(text, "a.json", o);
    std::vector<std::string> out;
    for (const auto& [k, v] : *r.objects.pods()[0].metadata.annotations) out.emplace_back(k);
    return out;
  };
  EXPECT_EQ(keys(annotation_filter::all).size(), 6U);
  EXPECT_EQ(keys(annotation_filter::drop_last_applied),  // the default
            (std::vector<std::string>{"backup.velero.io/backup-volumes", "keep", "notvelero.io/x", "velero.io",
                                      "velero.io/csi-volumesnapshot-class"}));
  EXPECT_EQ(keys(annotation_filter::velero),
            (std::vector<std::string>{"backup.velero.io/backup-volumes", "velero.io/csi-volumesnapshot-class"}));
  // The map stays (empty) when nothing is kept: `annotations:` present is not `annotations` absent.
  load_options velero;
  velero.annotations = annotation_filter::velero;
  const load_result r = load_text(R"({"kind":"Pod","metadata":{"name":"a","annotations":{"x":"1"}}})", "b.json",
                                  velero);
  ASSERT_TRUE(r.objects.pods()[0].metadata.annotations.has_value());
  EXPECT_TRUE(r.objects.pods()[0].metadata.annotations->empty());
}

// Objects with equal labels (or annotations) share a block of them (string_map.h), however
// the keys were ordered: one block per thread that reads (map_interner.h). Other labels stay
// their own.
TEST(loader, equal_labels_share_a_block) {
  std::string text;
  for (int i = 0; i < 40; ++i)
    text += fmt::format(R"({{"kind":"Pod","metadata":{{"name":"web-{}","namespace":"shop","labels":{},)"
                        R"("annotations":{{"backup.velero.io/backup-volumes":"data"}}}}}})",
                        i, i % 2 == 0 ? R"({"app":"web","tier":"front"})" : R"({"tier":"front","app":"web"})") +
            "\n";
  text += R"({"kind":"Pod","metadata":{"name":"db-0","namespace":"shop","labels":{"app":"db","tier":"front"}}})";
  text += "\n";
  text += R"({"kind":"PersistentVolume","metadata":{"name":"pv-1","labels":{"app":"web","tier":"front"}}})";
  for (const unsigned threads : {1U, 2U}) {
    load_options o;
    o.threads = threads;
    o.chunk_size = 4096;  // several chunks: both threads read
    const load_result r = load_text(text, "pods.json", o);
    expect_clean(r);
    const auto& pods = r.objects.pods();
    ASSERT_EQ(pods.size(), 41U);
    // The distinct blocks among the 40 equal label maps (and annotation maps).
    const auto blocks = [&](auto map_of) {
      std::vector<const string_map*> distinct;
      for (std::size_t i = 0; i < 40; ++i) {
        const string_map& m = map_of(pods[i]);
        EXPECT_EQ(m, map_of(pods[0]));
        if (std::none_of(distinct.begin(), distinct.end(),
                         [&](const string_map* d) { return d->shares_block_with(m); }))
          distinct.push_back(&m);
      }
      return distinct.size();
    };
    const std::size_t label_blocks = blocks([](const pod& p) -> const string_map& { return p.metadata.labels; });
    const std::size_t annotation_blocks = blocks(
        [](const pod& p) -> const string_map& { return *p.metadata.annotations; });
    EXPECT_GE(label_blocks, 1U);
    EXPECT_LE(label_blocks, threads + 1) << threads;  // the workers' and the calling thread's
    EXPECT_LE(annotation_blocks, threads + 1) << threads;
    EXPECT_EQ(pods[0].metadata.labels.find("app"), "web");
    EXPECT_FALSE(pods[40].metadata.labels.shares_block_with(pods[0].metadata.labels));
    EXPECT_EQ(pods[40].metadata.labels.find("app"), "db");
    ASSERT_EQ(r.objects.persistent_volumes().size(), 1U);
    EXPECT_EQ(r.objects.persistent_volumes()[0].metadata.labels, pods[0].metadata.labels);
    if (threads == 1) {
      EXPECT_EQ(label_blocks, 1U);
      EXPECT_TRUE(r.objects.persistent_volumes()[0].metadata.labels.shares_block_with(pods[0].metadata.labels));
    }
  }
}

// Values many objects repeat share one block per thread that reads (string_interner.h): the
// namespace, the node name, storage class names, a PV's claimRef namespace, the CSI driver.
TEST(loader, repeated_values_share_a_block) {
  std::string text;
  for (int i = 0; i < 30; ++i)
    text += fmt::format(R"({{"kind":"Pod","metadata":{{"name":"web-{}","namespace":"analytics-prod"}},)"
                        R"("spec":{{"nodeName":"ip-10-0-1-{}.ec2.internal","volumes":[{{"name":"d","csi":)"
                        R"({{"driver":"ebs.csi.aws.com"}}}}]}}}})",
                        i, i % 2) +
            "\n";
  text += R"({"kind":"PersistentVolumeClaim","metadata":{"name":"data","namespace":"analytics-prod"},)"
          R"("spec":{"storageClassName":"gp3-encrypted"}})"
          "\n";
  text += R"({"kind":"PersistentVolume","metadata":{"name":"pv-1"},"spec":{"storageClassName":"gp3-encrypted",)"
          R"("claimRef":{"namespace":"analytics-prod","name":"data"},"csi":{"driver":"ebs.csi.aws.com"}}})"
          "\n";
  for (const unsigned threads : {1U, 2U}) {
    load_options o;
    o.threads = threads;
    o.chunk_size = 4096;
    const load_result r = load_text(text, "pods.json", o);
    expect_clean(r);
    const auto& pods = r.objects.pods();
    ASSERT_EQ(pods.size(), 30U);
    std::set<const char*> namespaces, nodes, drivers;
    for (const pod& p : pods) {
      EXPECT_EQ(p.metadata.namespace_, "analytics-prod");
      EXPECT_TRUE(p.metadata.namespace_.is_shared());
      namespaces.insert(p.metadata.namespace_.data());
      nodes.insert(p.node_name.data());
      drivers.insert(p.volumes[0].sources.csi().driver.data());
      EXPECT_FALSE(p.metadata.name.is_shared());  // unique names are not interned
    }
    EXPECT_LE(namespaces.size(), threads + 1) << threads;  // one block per thread that builds
    EXPECT_LE(nodes.size(), 2 * (threads + 1)) << threads;
    EXPECT_LE(drivers.size(), threads + 1) << threads;
    EXPECT_EQ(pods[3].node_name, "ip-10-0-1-1.ec2.internal");
    const persistent_volume_claim* pvc = r.objects.find_pvc("analytics-prod", "data");
    const persistent_volume* pv = r.objects.find_pv("pv-1");
    ASSERT_NE(pvc, nullptr);
    ASSERT_NE(pv, nullptr);
    ASSERT_TRUE(pvc->storage_class_name.has_value());
    EXPECT_EQ(*pvc->storage_class_name, "gp3-encrypted");
    EXPECT_EQ(pv->storage_class_name, "gp3-encrypted");
    ASSERT_TRUE(pv->claim_ref.has_value());
    EXPECT_EQ(pv->claim_ref->namespace_, "analytics-prod");
    EXPECT_EQ(pv->sources.csi().driver, "ebs.csi.aws.com");
    if (threads == 1) {
      EXPECT_EQ(namespaces.size(), 1U);
      EXPECT_EQ(nodes.size(), 2U);
      EXPECT_EQ(pv->storage_class_name.data(), pvc->storage_class_name->data());
      EXPECT_EQ(pv->claim_ref->namespace_.data(), pods[0].metadata.namespace_.data());
      EXPECT_EQ(pv->sources.csi().driver.data(), pods[0].volumes[0].sources.csi().driver.data());
    }
  }
}

TEST(loader, json_strings_are_unescaped) {
  const load_result r = load_text(R"({"kind":"Pod","metadata":{"name":"a\u00e9","labels":{"k\"ey":"v\\al\n"}}})",
                                  "esc.json");
  expect_clean(r);
  ASSERT_EQ(r.objects.pods().size(), 1U);
  EXPECT_EQ(r.objects.pods()[0].metadata.name, "a\xC3\xA9");
  EXPECT_EQ(*r.objects.pods()[0].metadata.labels.find("k\"ey"), "v\\al\n");
}

}  // namespace
}  // namespace volpol::k8s
