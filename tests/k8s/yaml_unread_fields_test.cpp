// The YAML reader's shortcut past unread fields (src/k8s/loader/yaml_unread_fields.h): which
// lines it blanks, where it gives up, and that a load with it reads exactly the objects and
// problems a load without it reads (every YAML file of the project, tests/data/real's dumps included).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "../../src/k8s/loader/yaml_unread_fields.h"
#include "../support/cluster_text.h"
#include "volpol/k8s/loader.h"

namespace volpol::k8s {
namespace {

std::string blanked(std::string_view text, annotation_filter a = annotation_filter::velero,
                    const yaml_limits& limits = {}) {
  std::string out;
  if (!detail::blank_unread_fields(text, a, limits, out)) return "<as it is>";
  return out;
}

load_result load(std::string_view text, bool blank, unsigned threads = 1);

constexpr std::string_view pod_yaml = R"(---
apiVersion: v1
kind: Pod
metadata:
  annotations:
    backup.velero.io/backup-volumes: data
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"v1","kind":"Pod"}
  labels:
    app: web
  name: web-0
  namespace: shop
  ownerReferences:
  - apiVersion: apps/v1
    kind: StatefulSet
    name: web
spec:
  containers:
  - args:
    - "--port=8080"
    env:
    - name: A
      value: "1"
    name: web
    volumeMounts:
    - mountPath: /data
      name: data
  - image: sidecar
    volumeDevices:
    - devicePath: /dev/xvda
      name: raw
  nodeName: node-1
  tolerations:
  - key: a
    operator: Exists
  volumes:
  - name: data
    persistentVolumeClaim:
      claimName: data-web-0
status:
  conditions:
  - status: "True"
    type: Ready
  phase: Running
)";

constexpr std::string_view pod_blanked = R"(---
apiVersion: v1
kind: Pod
metadata:
  annotations:
    backup.velero.io/backup-volumes: data


  labels:
    app: web
  name: web-0
  namespace: shop




spec:
  containers:
  - args:





    volumeMounts:
    - mountPath: /data
      name: data
  - image: sidecar
    volumeDevices:
    - devicePath: /dev/xvda
      name: raw
  nodeName: node-1



  volumes:
  - name: data
    persistentVolumeClaim:
      claimName: data-web-0
status:
  conditions:


  phase: Running
)";

TEST(yaml_unread_fields, blanks_the_value_lines_of_unread_pod_fields) {
  EXPECT_EQ(blanked(pod_yaml), pod_blanked);
  // Every line stays where it was.
  EXPECT_EQ(std::count(pod_yaml.begin(), pod_yaml.end(), '\n'),
            std::count(pod_blanked.begin(), pod_blanked.end(), '\n'));
}

TEST(yaml_unread_fields, keeps_the_annotations_the_filter_keeps) {
  // With every annotation kept, last-applied-configuration is read: its lines stay.
  const std::string all = blanked(pod_yaml, annotation_filter::all);
  EXPECT_NE(all.find(R"({"apiVersion":"v1","kind":"Pod"})"), std::string::npos);
  EXPECT_EQ(all.find("--port=8080"), std::string::npos);
}

TEST(yaml_unread_fields, a_list_item_is_filtered_from_its_dash) {
  const std::string item =
      "- apiVersion: v1\n"
      "  kind: PersistentVolumeClaim\n"
      "  metadata:\n"
      "    name: data\n"
      "    finalizers:\n"
      "    - kubernetes.io/pvc-protection\n"
      "  spec:\n"
      "    dataSource:\n"
      "      kind: VolumeSnapshot\n"
      "    resources:\n"
      "      requests:\n"
      "        storage: 1Gi\n"
      "  status:\n"
      "    capacity:\n"
      "      storage: 1Gi\n"
      "    conditions:\n"
      "    - type: Resizing\n"
      "    phase: Bound\n";
  EXPECT_EQ(blanked(item),
            "- apiVersion: v1\n"
            "  kind: PersistentVolumeClaim\n"
            "  metadata:\n"
            "    name: data\n"
            "\n"
            "\n"
            "  spec:\n"
            "    dataSource:\n"
            "\n"
            "    resources:\n"
            "      requests:\n"
            "        storage: 1Gi\n"
            "  status:\n"
            "    capacity:\n"
            "      storage: 1Gi\n"
            "\n"
            "\n"
            "    phase: Bound\n");
}

// The sources object_reader reads only for being set keep their first key (so each stays an
// object, not null) and lose the rest; a secret keeps its secretName; the others, whose fields
// are read, stay whole.
TEST(yaml_unread_fields, volume_sources_read_for_being_set_lose_their_values) {
  const std::string pod =
      "kind: Pod\n"
      "metadata:\n"
      "  name: p\n"
      "  namespace: n\n"
      "spec:\n"
      "  volumes:\n"
      "  - configMap:\n"
      "      defaultMode: 420\n"
      "      items:\n"
      "      - key: a\n"
      "        path: a\n"
      "      name: cm\n"
      "    name: config\n"
      "  - name: kube-api-access-1\n"
      "    projected:\n"
      "      defaultMode: 420\n"
      "      sources:\n"
      "      - serviceAccountToken:\n"
      "          path: token\n"
      "      - downwardAPI:\n"
      "          items:\n"
      "          - path: namespace\n"
      "  - name: creds\n"
      "    secret:\n"
      "      items:\n"
      "      - key: k\n"
      "        path: k\n"
      "      secretName: creds\n"
      "  - downwardAPI:\n"
      "      items:\n"
      "      - path: labels\n"
      "    name: info\n"
      "  - name: data\n"
      "    nfs:\n"
      "      path: /exports\n"
      "      server: nfs.example.com\n";
  EXPECT_EQ(blanked(pod),
            "kind: Pod\n"
            "metadata:\n"
            "  name: p\n"
            "  namespace: n\n"
            "spec:\n"
            "  volumes:\n"
            "  - configMap:\n"
            "      defaultMode: 420\n"
            "\n"
            "\n"
            "\n"
            "\n"
            "    name: config\n"
            "  - name: kube-api-access-1\n"
            "    projected:\n"
            "      defaultMode: 420\n"
            "\n"
            "\n"
            "\n"
            "\n"
            "\n"
            "\n"
            "  - name: creds\n"
            "    secret:\n"
            "      items:\n"
            "\n"
            "\n"
            "      secretName: creds\n"
            "  - downwardAPI:\n"
            "      items:\n"
            "\n"
            "    name: info\n"
            "  - name: data\n"
            "    nfs:\n"
            "      path: /exports\n"
            "      server: nfs.example.com\n");
  const load_result with = load(pod, true), without = load(pod, false);
  EXPECT_TRUE(with.problems.empty());
  ASSERT_EQ(with.objects.pods().size(), 1U);
  const auto& volumes = with.objects.pods().front().volumes;
  ASSERT_EQ(volumes.size(), 5U);
  EXPECT_TRUE(volumes[0].sources.has(volume_source::config_map));
  EXPECT_TRUE(volumes[1].sources.has(volume_source::projected));
  EXPECT_TRUE(volumes[2].sources.has(volume_source::secret));
  EXPECT_TRUE(volumes[3].sources.has(volume_source::downward_api));
  EXPECT_EQ(volumes[4].sources.nfs().server, "nfs.example.com");
  EXPECT_EQ(testing::cluster_text(with), testing::cluster_text(without));
}

// A key line is blanked only after its mapping's first key: a mapping of unread fields only
// stays a mapping (not null, which the reader would refuse or read as unset), and a container
// keeps the key after its dash.
TEST(yaml_unread_fields, a_mapping_keeps_its_first_key) {
  const std::string pod =
      "kind: Pod\n"
      "metadata:\n"
      "  uid: 1\n"
      "  generateName: p-\n"
      "spec:\n"
      "  restartPolicy: Always\n"
      "  containers:\n"
      "  - name: c\n"
      "    image: i\n"
      "  dnsPolicy: ClusterFirst\n"
      "status:\n"
      "  hostIP: 10.0.0.1\n"
      "  podIP: 10.0.0.2\n";
  EXPECT_EQ(blanked(pod),
            "kind: Pod\n"
            "metadata:\n"
            "  uid: 1\n"
            "\n"
            "spec:\n"
            "  restartPolicy: Always\n"
            "  containers:\n"
            "  - name: c\n"
            "\n"
            "\n"
            "status:\n"
            "  hostIP: 10.0.0.1\n"
            "\n");
  // The same objects and problems (a pod without a name) as the text as it is.
  const load_result with = load(pod, true), without = load(pod, false);
  EXPECT_EQ(testing::cluster_text(with), testing::cluster_text(without));
  EXPECT_EQ(with.problems.size(), without.problems.size());
}

TEST(yaml_unread_fields, a_persistent_volume_loses_only_node_affinity_and_mount_options) {
  const std::string pv =
      "kind: PersistentVolume\n"
      "metadata:\n"
      "  name: pv-1\n"
      "spec:\n"
      "  csi:\n"
      "    driver: ebs.csi.aws.com\n"
      "    volumeAttributes:\n"
      "      zone: a\n"
      "  mountOptions:\n"
      "  - hard\n"
      "  nodeAffinity:\n"
      "    required: {}\n"
      "  storageClassName: gp3\n";
  EXPECT_EQ(blanked(pv),
            "kind: PersistentVolume\n"
            "metadata:\n"
            "  name: pv-1\n"
            "spec:\n"
            "  csi:\n"
            "    driver: ebs.csi.aws.com\n"
            "    volumeAttributes:\n"
            "      zone: a\n"
            "  mountOptions:\n"
            "\n"
            "  nodeAffinity:\n"
            "\n"
            "  storageClassName: gp3\n");
}

// Where the filter does not follow the text, the text is parsed as it is.
TEST(yaml_unread_fields, gives_up_on_what_it_does_not_follow) {
  const auto pod_with = [](std::string_view status) {
    return "kind: Pod\nmetadata:\n  name: p\nstatus:\n" + std::string(status) + "  phase: Running\n";
  };
  // Control: this one is filtered.
  EXPECT_NE(blanked(pod_with("  conditions:\n  - type: Ready\n")), "<as it is>");
  // A quoted value running on past its line could reach into the next field.
  EXPECT_EQ(blanked(pod_with("  message: \"a\n    b\"\n")), "<as it is>");
  EXPECT_EQ(blanked(pod_with("  conditions:\n  - message: 'it''s\n    on'\n")), "<as it is>");
  // A flow value running on.
  EXPECT_EQ(blanked(pod_with("  conditions: [a,\n    b]\n")), "<as it is>");
  EXPECT_EQ(blanked(pod_with("  conditions:\n  - {a: 1,\n     b: 2}\n")), "<as it is>");
  // Tags, anchors, aliases, complex keys.
  EXPECT_EQ(blanked(pod_with("  conditions: !!seq\n  - a\n")), "<as it is>");
  EXPECT_EQ(blanked(pod_with("  conditions:\n  - &x a\n")), "<as it is>");
  EXPECT_EQ(blanked(pod_with("  ? conditions\n  : a\n")), "<as it is>");
  // A line it would blank holds a byte outside printable ASCII: its character errors stay seen.
  EXPECT_EQ(blanked(pod_with("  conditions:\n  - message: caf\xC3\xA9\n")), "<as it is>");
  EXPECT_EQ(blanked(pod_with("  conditions:\n  - message: \x01\n")), "<as it is>");
  EXPECT_EQ(blanked(pod_with("  conditions:\n\t- a\n")), "<as it is>");
  EXPECT_EQ(blanked(pod_with("  conditions:\n  - message:\tx\n")), "<as it is>");
  // A quoted key, a key with a space before its colon.
  EXPECT_EQ(blanked("kind: Pod\n\"metadata\":\n  name: p\nstatus:\n  conditions:\n  - a\n"), "<as it is>");
  EXPECT_EQ(blanked("kind: Pod\nmetadata :\n  name: p\nstatus:\n  conditions:\n  - a\n"), "<as it is>");
  // The kind after the spec (not as kubectl writes it), a second kind, another kind.
  EXPECT_EQ(blanked("metadata:\n  name: p\nkind: Pod\nstatus:\n  conditions:\n  - a\n"), "<as it is>");
  EXPECT_EQ(blanked("kind: Pod\nkind: ConfigMap\nstatus:\n  conditions:\n  - a\n"), "<as it is>");
  EXPECT_EQ(blanked("kind: ConfigMap\nmetadata:\n  name: c\n  ownerReferences:\n  - a\n"), "<as it is>");
  // A document with content on its `---` line, or a directive.
  EXPECT_EQ(blanked("--- !tag\nkind: Pod\nstatus:\n  conditions:\n  - a\n"), "<as it is>");
  EXPECT_EQ(blanked("%YAML 1.1\n---\nkind: Pod\nstatus:\n  conditions:\n  - a\n"), "<as it is>");
  // Nothing to blank.
  EXPECT_EQ(blanked("kind: Pod\nmetadata:\n  name: p\n"), "<as it is>");
  // Line breaks libyaml sees and the filter does not follow: `\r` alone, NEL, LS, PS.
  EXPECT_EQ(blanked(pod_with("  conditions:\r  - type: Ready\n")), "<as it is>");
  EXPECT_EQ(blanked(pod_with("  message: a\xC2\x85  conditions:\n  - b\n")), "<as it is>");
  EXPECT_EQ(blanked(pod_with("  message: a\xE2\x80\xA8  conditions:\n  - b\n")), "<as it is>");
  EXPECT_EQ(blanked(pod_with("  message: a\xE2\x80\xA9  conditions:\n  - b\n")), "<as it is>");
}

// Found by trying to break it: each of these once read a field differently from the text as
// it is (or let a limit pass).
TEST(yaml_unread_fields, gives_up_where_a_value_could_run_on_or_a_limit_be_reached) {
  // A comment inside a flow value: its `]` is text, the flow goes on below and takes the keys
  // after it in the text as it is.
  const std::string comment_in_flow =
      "kind: Pod\nmetadata:\n  name: web-0\n  namespace: prod\n  annotations:\n    note: [x, #]\n      y]\n"
      "    backup.velero.io/backup-volumes: data,\nspec:\n  volumes:\n  - name: data\n    emptyDir: {}\n";
  EXPECT_EQ(blanked(comment_in_flow), "<as it is>");
  // A tab after a key's colon: a quoted value opens there and runs over the blanked lines.
  const std::string tab_value =
      "kind: Pod\nmetadata:\n  name: web-0\nspec:\n  volumes:\n  - emptyDir: {}\n    name:\t\"data\n"
      "  tolerations:\n    junk\n  nodeName: n1\"\n";
  EXPECT_EQ(blanked(tab_value), "<as it is>");
  // An anchor and alias inside a flow value to blank: refused in object dumps.
  EXPECT_EQ(blanked("kind: Pod\nspec:\n  tolerations:\n  - [&a x, *a]\n  volumes: []\n"), "<as it is>");
  EXPECT_EQ(blanked("kind: Pod\nspec:\n  tolerations:\n  - [!!str x]\n  volumes: []\n"), "<as it is>");
  // Nesting under a blanked field that could reach --max-depth, and a text that could hold
  // more nodes than --max-yaml-nodes.
  const std::string deep =
      "kind: Pod\nspec:\n  affinity:\n    a:\n      b:\n        c:\n          d: e\n  volumes: []\n";
  EXPECT_NE(blanked(deep), "<as it is>");
  yaml_limits shallow;
  shallow.max_depth = 20;
  EXPECT_EQ(blanked(deep, annotation_filter::velero, shallow), "<as it is>");
  yaml_limits few_nodes;
  few_nodes.max_nodes = 2 * deep.size() + 2;
  EXPECT_EQ(blanked(deep, annotation_filter::velero, few_nodes), "<as it is>");
  few_nodes.max_nodes += 1;
  EXPECT_NE(blanked(deep, annotation_filter::velero, few_nodes), "<as it is>");
}

TEST(yaml_unread_fields, the_limits_refuse_what_they_refuse_without_it) {
  std::string deep = "kind: Pod\nmetadata:\n  name: p\n  namespace: n\nspec:\n  affinity:\n";
  std::string indent = "    ";
  for (int level = 0; level < 8; ++level, indent += "  ") deep += indent + "k" + std::to_string(level) + ":\n";
  deep += indent + "v: w\n  volumes: []\n";
  for (const bool blank : {true, false}) {
    load_options o;
    o.blank_unread_yaml = blank;
    o.threads = 1;
    o.limits.max_depth = 6;
    const load_result r = load_text(deep, "t.yaml", o);
    ASSERT_EQ(r.problems.size(), 1U) << blank;
    EXPECT_NE(r.problems.items().front().message.find("nested more than 6 levels"), std::string::npos)
        << r.problems.items().front().message;
    EXPECT_TRUE(r.objects.pods().empty());
  }
}

TEST(yaml_unread_fields, line_ends_are_kept) {
  // `\r\n` lines are followed; a blanked last line without a line break stays without one.
  EXPECT_EQ(blanked("kind: Pod\r\nstatus:\r\n  conditions:\r\n  - a\r\n  phase: Running\r\n"),
            "kind: Pod\r\nstatus:\r\n  conditions:\r\n\n  phase: Running\r\n");
  EXPECT_EQ(blanked("kind: Pod\nstatus:\n  conditions:\n  - a"), "kind: Pod\nstatus:\n  conditions:\n");
  // Non-ASCII text in a kept line is kept.
  EXPECT_EQ(blanked("kind: Pod\nmetadata:\n  labels:\n    a: caf\xC3\xA9\nstatus:\n  conditions:\n  - a\n"),
            "kind: Pod\nmetadata:\n  labels:\n    a: caf\xC3\xA9\nstatus:\n  conditions:\n\n");
}

TEST(yaml_unread_fields, block_scalars_and_closed_values_are_followed) {
  // A block scalar's text may hold anything; a quoted or flow value closed on its line too: the
  // key after them is found (and kept).
  const std::string pod =
      "kind: Pod\n"
      "metadata:\n"
      "  name: p\n"
      "spec:\n"
      "  containers:\n"
      "  - args:\n"
      "    - |\n"
      "      {\"unclosed\": [\n"
      "      'also\n"
      "    - \"x: y\"\n"
      "    - {a: [1, \"]\"]}\n"
      "    volumeMounts: [{name: v, mountPath: /v}]\n";
  EXPECT_EQ(blanked(pod),
            "kind: Pod\n"
            "metadata:\n"
            "  name: p\n"
            "spec:\n"
            "  containers:\n"
            "  - args:\n"
            "\n"
            "\n"
            "\n"
            "\n"
            "\n"
            "    volumeMounts: [{name: v, mountPath: /v}]\n");
}

load_result load(std::string_view text, bool blank, unsigned threads) {
  load_options o;
  o.blank_unread_yaml = blank;
  o.threads = threads;
  o.annotations = annotation_filter::velero;
  return load_text(text, "t.yaml", o);
}

TEST(yaml_unread_fields, a_load_reads_the_same_objects_with_and_without) {
  const load_result with = load(pod_yaml, true);
  EXPECT_TRUE(with.problems.empty());
  ASSERT_EQ(with.objects.pods().size(), 1U);
  const pod& p = with.objects.pods().front();
  EXPECT_EQ(p.volumes.size(), 1U);
  EXPECT_TRUE(p.volumes.front().mounted);
  EXPECT_EQ(p.node_name, "node-1");
  EXPECT_EQ(p.phase, "Running");
  EXPECT_EQ(testing::cluster_text(with), testing::cluster_text(load(pod_yaml, false)));
}

TEST(yaml_unread_fields, problems_are_those_of_the_text_as_it_is) {
  // A syntax error where the blanked copy would parse: reported as in the file.
  const std::string bad_kept = std::string(pod_yaml) + "  podIP: [1\n";
  const load_result with = load(bad_kept, true), without = load(bad_kept, false);
  ASSERT_EQ(with.problems.size(), 1U);
  EXPECT_EQ(testing::cluster_text(with), testing::cluster_text(without));
  // A wrong type in a field that is read, below blanked lines: the same line and column.
  const std::string bad_quantity =
      "kind: PersistentVolumeClaim\nmetadata:\n  name: c\n  namespace: n\n  ownerReferences:\n  - a: b\n"
      "spec:\n  resources:\n    requests:\n      storage: 12 Gi\n";
  const load_result q = load(bad_quantity, true);
  ASSERT_EQ(q.problems.size(), 1U);
  EXPECT_EQ(q.problems.items().front().where.line, 10U);
  EXPECT_EQ(testing::cluster_text(q), testing::cluster_text(load(bad_quantity, false)));
}

TEST(yaml_unread_fields, a_syntax_error_inside_a_blanked_value_is_not_seen) {
  // As documented (loader.h, load_options::blank_unread_yaml): like a skipped JSON value.
  const std::string text =
      "kind: Pod\nmetadata:\n  name: p\n  namespace: n\nstatus:\n  conditions:\n"
      "  - a: b: c\n  phase: Running\n";
  EXPECT_EQ(load(text, false).problems.size(), 1U);
  const load_result with = load(text, true);
  EXPECT_TRUE(with.problems.empty());
  ASSERT_EQ(with.objects.pods().size(), 1U);
  EXPECT_EQ(with.objects.pods().front().phase, "Running");
}

/// Every YAML file of the project's examples and test data (the real dumps in tests/data/real too).
std::vector<std::filesystem::path> yaml_files() {
  std::vector<std::filesystem::path> out;
  for (const std::string& dir : {std::string(VOLPOL_SOURCE_DIR) + "/examples", std::string(VOLPOL_TEST_DATA_DIR)}) {
    if (!std::filesystem::exists(dir)) continue;
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) {
      const std::string ext = e.path().extension().string();
      if (e.is_regular_file() && (ext == ".yaml" || ext == ".yml")) out.push_back(e.path());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(yaml_unread_fields, every_yaml_file_loads_the_same_with_and_without) {
  std::size_t files = 0, pods = 0;
  for (const auto& path : yaml_files()) {
    SCOPED_TRACE(path.string());
    const std::vector<std::string> paths = {path.string()};
    for (unsigned threads : {1U, 2U}) {
      load_options with, without;
      with.threads = without.threads = threads;
      with.chunk_size = without.chunk_size = 4096;
      without.blank_unread_yaml = false;
      const load_result a = load_objects(paths, with), b = load_objects(paths, without);
      EXPECT_EQ(testing::cluster_text(a), testing::cluster_text(b));
      pods += a.objects.pods().size();
    }
    ++files;
  }
  EXPECT_GE(files, 50U);
  EXPECT_GE(pods, 40U);
}

}  // namespace
}  // namespace volpol::k8s
