// Broken input: every problem is a diagnostic that says where (file, line:column or byte
// offset, path, object), and every other object still loads.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <string>
#include <vector>

#include "volpol/k8s/loader.h"

namespace volpol::k8s {
namespace {

const std::string data_dir = std::string(VOLPOL_SOURCE_DIR) + "/tests/data/k8s/";

load_result load_fixture(const std::string& name) {
  const std::vector<std::string> paths = {data_dir + name};
  return load_objects(paths);
}

std::vector<std::string> messages(const load_result& r) {
  std::vector<std::string> out;
  for (const auto& d : r.problems) out.push_back(d.to_string());
  return out;
}

TEST(loader_errors, bad_json_in_one_item_loses_that_item_only) {
  const load_result r = load_fixture("bad-json-item.json");
  EXPECT_EQ(messages(r),
            std::vector<std::string>{data_dir + "bad-json-item.json:14:13: PersistentVolumeClaim ns/data-1: items[1]: "
                                                "invalid JSON: missing or extra comma, colon, brace or bracket"});
  const diagnostic& d = r.problems.items()[0];
  EXPECT_TRUE(d.where.has_offset);
  EXPECT_EQ(d.where.offset, 433U);
  EXPECT_NE(r.objects.find_pvc("ns", "data-0"), nullptr);
  EXPECT_EQ(r.objects.find_pvc("ns", "data-1"), nullptr);
  EXPECT_NE(r.objects.find_pvc("ns", "data-2"), nullptr);
  EXPECT_EQ(r.counts.rejected, 1U);
}

// In JSON as in YAML, a problem with a value points at the value's first byte, not at what
// follows it (the reader has read the value by then).
TEST(loader_errors, json_value_problems_point_at_the_value) {
  const std::string text =
      "{\"kind\": \"List\", \"items\": [\n"
      "  {\"kind\": \"PersistentVolume\", \"metadata\": {\"name\": \"pv-1\"},\n"
      "   \"spec\": {\"capacity\": {\"storage\": \"12 Gi\"}}},\n"
      "  {\"kind\": \"Pod\", \"metadata\": {\"name\": \"p\", \"namespace\": \"ns\"},\n"
      "   \"spec\": {\"volumes\": [{\"name\": \"v\", \"persistentVolumeClaim\": [1, 2]}]}},\n"
      "  {\"kind\": \"PersistentVolume\", \"metadata\": {\"name\": \"pv-2\"}, \"spec\": {\"capacity\": {\"storage\": "
      "\"1Gi\"}}}\n"
      "]}\n";
  for (unsigned threads : {1U, 2U}) {
    load_options o;
    o.threads = threads;
    const load_result r = load_text(text, "list.json", o);
    const std::vector<std::string> got = messages(r);
    ASSERT_EQ(got.size(), 2U);
    // `"12 Gi"` starts at line 3, column 37; `[1, 2]` at line 5, column 64.
    EXPECT_TRUE(
        got[0].starts_with("list.json:3:37: PersistentVolume pv-1: items[0].spec.capacity.storage: "
                           "invalid quantity `12 Gi`"))
        << got[0];
    EXPECT_EQ(got[1],
              "list.json:5:64: Pod ns/p: items[1].spec.volumes[0].persistentVolumeClaim: "
              "expected an object, got an array");
    EXPECT_NE(r.objects.find_pv("pv-2"), nullptr);
  }
}

TEST(loader_errors, wrong_types_and_bad_quantities) {
  const load_result r = load_fixture("wrong-types.yaml");
  const std::string f = data_dir + "wrong-types.yaml";
  ASSERT_EQ(r.problems.size(), 3U);
  EXPECT_EQ(messages(r)[0], f + ":16:14: PersistentVolume pv-list-capacity: spec.capacity.storage: "
                                "expected a quantity string, got an array");
  EXPECT_EQ(messages(r)[1].substr(0, f.size() + 90),
            f + ":24:14: PersistentVolume pv-bad-quantity: spec.capacity.storage: invalid quantity `10Gx`: ");
  EXPECT_EQ(messages(r)[2], f + ":34:28: Pod ns/pod-bad-volumes: spec.volumes[0].persistentVolumeClaim: "
                                "expected an object, got a string");
  EXPECT_NE(r.objects.find_pv("pv-ok"), nullptr);
  EXPECT_NE(r.objects.find_pvc("ns", "pvc-ok"), nullptr);
  EXPECT_EQ(r.objects.size(), 2U);
  EXPECT_EQ(r.counts.rejected, 3U);
}

// A path longer than the reader keeps in place (16 segments: loader_values.h path_stack):
// lists nested 7 deep, the error 18 segments down.
TEST(loader_errors, error_paths_deeper_than_sixteen_segments) {
  std::string json = R"({"kind":"PersistentVolumeClaim","apiVersion":"v1","metadata":{"name":"c","namespace":"ns"},)"
                     R"("spec":{"resources":{"requests":{"storage":"12 Gi"}}}})";
  for (int i = 0; i < 7; ++i)
    json = fmt::format(
        R"({{"kind":"List","apiVersion":"v1","items":[{{"kind":"Pod","metadata":{{"name":"p{}","namespace":"ns"}}}},{}]}})",
        i, json);
  const load_result r = load_text(json, "nested.json");
  ASSERT_EQ(r.problems.size(), 1U);
  EXPECT_EQ(r.problems.items()[0].where.path,
            "items[1].items[1].items[1].items[1].items[1].items[1].items[1].spec.resources.requests.storage");
  EXPECT_EQ(r.problems.items()[0].object, "PersistentVolumeClaim ns/c");
  EXPECT_EQ(r.counts.pods, 7U);
}

TEST(loader_errors, bad_yaml_loses_one_document) {
  const load_result r = load_fixture("bad-yaml.yaml");
  EXPECT_EQ(messages(r), std::vector<std::string>{data_dir + "bad-yaml.yaml:12:5: invalid YAML: did not find expected "
                                                             "',' or ']' (while parsing a flow sequence at line 11)"});
  EXPECT_NE(r.objects.find_pvc("ns", "before"), nullptr);
  EXPECT_NE(r.objects.find_pvc("ns", "after"), nullptr);
  EXPECT_EQ(r.objects.size(), 2U);
}

TEST(loader_errors, duplicates_keep_the_first) {
  const load_result r = load_fixture("duplicates.yaml");
  const std::string f = data_dir + "duplicates.yaml";
  EXPECT_EQ(messages(r),
            std::vector<std::string>{f + ":14: Pod ns/web: duplicate Pod `ns/web`: the first one, read at " + f +
                                     ":4, is kept"});
  ASSERT_NE(r.objects.find_pod("ns", "web"), nullptr);
  EXPECT_EQ(r.objects.find_pod("ns", "web")->volumes.size(), 1U);  // the first
  EXPECT_NE(r.objects.find_pod("other", "web"), nullptr);
  EXPECT_EQ(r.counts.pods, 2U);
  EXPECT_EQ(r.counts.rejected, 1U);
}

TEST(loader_errors, truncated_file_keeps_what_came_before) {
  const load_result r = load_fixture("truncated.json");
  EXPECT_EQ(messages(r),
            std::vector<std::string>{data_dir + "truncated.json:4:3: invalid JSON: the input ends (at byte 346) "
                                                "inside this value; truncated file?"});
  EXPECT_EQ(r.problems.items()[0].where.offset, 252U);
  EXPECT_NE(r.objects.find_pv("pv-a"), nullptr);
  EXPECT_NE(r.objects.find_pv("pv-b"), nullptr);
  EXPECT_EQ(r.objects.size(), 2U);
}

TEST(loader_errors, unknown_kinds_are_counted_not_errors) {
  const load_result r = load_fixture("unknown-kinds.yaml");
  ASSERT_EQ(r.problems.size(), 1U);
  const diagnostic& d = r.problems.items()[0];
  EXPECT_EQ(d.level, severity::warning);
  EXPECT_EQ(d.to_string(), data_dir +
                               "unknown-kinds.yaml:21: warning: ns/mystery: cannot tell the kind: no `kind` "
                               "field, and the shape matches no PersistentVolume, PersistentVolumeClaim or Pod");
  EXPECT_FALSE(r.problems.has_errors());
  EXPECT_EQ(r.counts.read_kinds.at("ConfigMap"), 1U);  // read (policy ConfigMaps)
  EXPECT_EQ(r.counts.other_kinds.at("Secret"), 1U);
  EXPECT_EQ(r.counts.other_kinds.at("Pod (example.com/v1)"), 1U);
  EXPECT_EQ(r.counts.other_kinds.at(""), 1U);
  EXPECT_EQ(r.counts.pods, 1U);
  EXPECT_NE(r.objects.find_pod("ns", "real"), nullptr);
  EXPECT_EQ(r.counts.rejected, 0U);
}

TEST(loader_errors, json_wrong_type_gives_offset_line_and_column) {
  const std::string text =
      "{\"kind\":\"PersistentVolume\",\"metadata\":{\"name\":\"pv\"},\n \"spec\":{\"capacity\":{\"storage\":[1]}}}";
  const load_result r = load_text(text, "pv.json");
  ASSERT_EQ(r.problems.size(), 1U);
  const diagnostic& d = r.problems.items()[0];
  EXPECT_EQ(d.where.offset, text.find("[1]"));
  EXPECT_EQ(d.to_string(),
            "pv.json:2:32: PersistentVolume pv: spec.capacity.storage: expected a quantity string, got an array");
}

// The error comes before `metadata`: the object is still named (re-read on the error path).
TEST(loader_errors, json_errors_name_the_object_even_before_metadata) {
  const load_result r = load_text(R"({"kind":"Pod","spec":{"volumes":{}},"metadata":{"name":"late","namespace":"ns"}})",
                                  "late.json");
  ASSERT_EQ(r.problems.size(), 1U);
  EXPECT_EQ(r.problems.items()[0].to_string(),
            "late.json:1:33: Pod ns/late: spec.volumes: expected an array, got an object");
}

// Between list items the scanner cannot resynchronise: the rest of the file is not read.
TEST(loader_errors, json_syntax_error_between_items_stops_the_file) {
  const load_result r = load_text(R"([{"kind":"Pod","metadata":{"name":"a"}} {"kind":"Pod","metadata":{"name":"b"}}])",
                                  "sep.json");
  EXPECT_EQ(messages(r), std::vector<std::string>{"sep.json:1:41: invalid JSON: expected `,` or `]` after element 0; "
                                                  "the rest of the input is not read"});
  EXPECT_EQ(r.counts.pods, 1U);
}

// Go's decoder keeps the last of two `items`; the reader has read the first one's objects by
// then: it keeps both and says so (an error: the exit code is not 0).
TEST(loader_errors, a_list_with_items_twice_is_reported) {
  const std::string text = R"({"kind":"List","items":[{"kind":"Pod","metadata":{"name":"a","namespace":"ns"}}],)"
                           R"("items":[{"kind":"Pod","metadata":{"name":"b","namespace":"ns"}}]})";
  for (unsigned threads : {1U, 2U}) {
    load_options o;
    o.threads = threads;
    const load_result r = load_text(text, "twice.json", o);
    EXPECT_EQ(messages(r),
              std::vector<std::string>{"twice.json:1:90: invalid List: a second `items`; kubectl and "
                                       "Velero (Go's JSON decoder) keep only the last, volpol reads both"});
    EXPECT_EQ(r.counts.pods, 2U);
  }
}

TEST(loader_errors, json_values_that_are_no_objects) {
  EXPECT_EQ(messages(load_text("\"hello\"", "s.json")),
            std::vector<std::string>{"s.json:1:1: expected an object, got a string"});
  EXPECT_EQ(messages(load_text("{\"kind\":\"List\",\"items\":[1,{\"kind\":\"Pod\",\"metadata\":{\"name\":\"p\"}}]}",
                               "n.json")),
            std::vector<std::string>{"n.json:1:25: items[0]: expected an object, got a number"});
  EXPECT_EQ(
      messages(load_text("{\"kind\":\"Pod\",\"metadata\":{\"name\":\"p\"}} }", "x.json")),
      std::vector<std::string>{
          "x.json:1:40: invalid JSON: expected an object or an array, got `}`; the rest of the input is not read"});
  // Not JSON by its first byte: read as YAML.
  EXPECT_EQ(messages(load_text("} {", "y.json")),
            std::vector<std::string>{
                "y.json:1:1: invalid YAML: did not find expected node content (while parsing a block node at line 1)"});
  EXPECT_EQ(messages(load_text("{\"kind\":\"Pod\",\"metadata\":{\"name\":\"x\xff\"}}", "u.json")),
            std::vector<std::string>{"u.json:1:1: invalid JSON: invalid UTF-8"});
}

TEST(loader_errors, json_truncated_single_object_and_list) {
  EXPECT_EQ(messages(load_text("{\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}", "one.json")),
            std::vector<std::string>{
                "one.json:1:1: invalid JSON: the input ends (at byte 37) inside this object; truncated file?"});
  const load_result list = load_text(
      "{\"items\":[{\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}},{\"kind\":\"Pod\",\"metadata\":{\"na", "list.json");
  EXPECT_EQ(messages(list), std::vector<std::string>{"list.json:1:50: invalid JSON: the input ends (at byte 78) inside "
                                                     "this item; truncated file?"});
  EXPECT_EQ(list.counts.pods, 1U);
}

// A YAML list is split into items: an error in one item loses that item only.
TEST(loader_errors, yaml_errors_inside_list_items) {
  const std::string text =
      "kind: List\n"
      "items:\n"
      "- kind: Pod\n"
      "  metadata: {name: a, namespace: ns}\n"
      "- kind: Pod\n"
      "  metadata: {name: b, namespace: ns\n"  // unclosed flow mapping
      "- kind: Pod\n"
      "  metadata: {name: c, namespace: ns}\n"
      "  spec: {volumes: [{name: v, csi: {driver: [d]}}]}\n"
      "- kind: Pod\n"
      "  metadata: {name: d, namespace: ns}\n";
  const load_result r = load_text(text, "list.yaml");
  ASSERT_EQ(r.problems.size(), 2U);
  EXPECT_EQ(messages(r)[0].substr(0, 25), "list.yaml:7:1: invalid YA");
  EXPECT_EQ(messages(r)[1],
            "list.yaml:9:44: Pod ns/c: items[2].spec.volumes[0].csi.driver: expected a string, got an array");
  EXPECT_NE(r.objects.find_pod("ns", "a"), nullptr);
  EXPECT_NE(r.objects.find_pod("ns", "d"), nullptr);
  EXPECT_EQ(r.counts.pods, 2U);
}

// secret.secretName and hostPath.path are not kept, but their type is checked as a kept
// field's is: the object is rejected, in YAML and in JSON.
TEST(loader_errors, unkept_source_fields_are_type_checked) {
  const std::string yaml =
      "kind: Pod\n"
      "metadata: {name: a, namespace: ns}\n"
      "spec: {volumes: [{name: s, secret: {secretName: [x]}}]}\n"
      "---\n"
      "kind: Pod\n"
      "metadata: {name: b, namespace: ns}\n"
      "spec: {volumes: [{name: h, hostPath: {path: {p: 1}}}]}\n"
      "---\n"
      "kind: Pod\n"
      "metadata: {name: c, namespace: ns}\n"
      "spec: {volumes: [{name: s, secret: {secretName: creds}}, {name: h, hostPath: {path: /var/log}}]}\n";
  const load_result r = load_text(yaml, "pods.yaml");
  EXPECT_EQ(messages(r),
            (std::vector<std::string>{
                "pods.yaml:3:49: Pod ns/a: spec.volumes[0].secret.secretName: expected a string, got an array",
                "pods.yaml:7:45: Pod ns/b: spec.volumes[0].hostPath.path: expected a string, got an object"}));
  EXPECT_EQ(r.objects.find_pod("ns", "a"), nullptr);
  EXPECT_EQ(r.objects.find_pod("ns", "b"), nullptr);
  const pod* c = r.objects.find_pod("ns", "c");
  ASSERT_NE(c, nullptr);
  EXPECT_TRUE(c->volumes[0].sources.has(volume_source::secret));
  EXPECT_TRUE(c->volumes[1].sources.has(volume_source::host_path));

  const std::string json = R"({"kind": "Pod", "metadata": {"name": "a", "namespace": "ns"},
 "spec": {"volumes": [{"name": "s", "secret": {"secretName": 7}}]}})";
  const load_result j = load_text(json, "pod.json");
  ASSERT_EQ(j.problems.size(), 1U);
  EXPECT_NE(messages(j)[0].find("spec.volumes[0].secret.secretName: expected a string, got a number"),
            std::string::npos)
      << messages(j)[0];
  EXPECT_EQ(j.objects.find_pod("ns", "a"), nullptr);
}

// libyaml's "(while parsing ... at line N)" names the file's line, not the document's.
TEST(loader_errors, yaml_syntax_context_line_is_the_files) {
  std::string text;
  for (int i = 0; i < 20; ++i)
    text += fmt::format(
        "apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {{name: g{}, namespace: ns}}\n"
        "spec: {{storageClassName: gp3}}\n---\n",
        i);
  text +=
      "apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: s, namespace: ns}\nspec:\n"
      "  storageClassName: [gp3\n";
  const load_result r = load_text(text, "s.yaml");
  EXPECT_EQ(r.counts.persistent_volume_claims, 20U);
  ASSERT_EQ(r.problems.size(), 1U);
  const diagnostic& d = r.problems.items()[0];
  EXPECT_EQ(d.where.line, 106U);
  EXPECT_NE(d.message.find("(while parsing a flow sequence at line 105)"), std::string::npos) << d.message;
}

}  // namespace
}  // namespace volpol::k8s
