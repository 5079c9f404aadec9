// The other kinds the loader reads (object_value.h): typed, indexed, counted; every other kind
// counted; errors named.
#include <gtest/gtest.h>

#include <string>

#include "volpol/detail/k8s/object_value.h"
#include "volpol/k8s/loader.h"

namespace volpol::k8s {
namespace {

const std::string data_file = std::string(VOLPOL_SOURCE_DIR) + "/tests/data/velero/cluster-objects.yaml";

load_result load_file(annotation_filter filter = annotation_filter::velero) {
  load_options o;
  o.annotations = filter;
  const std::string paths[] = {data_file};
  return load_objects(paths, o);
}

TEST(extra_kinds, kubectl_yaml_objects_are_typed_and_indexed) {
  const load_result r = load_file();
  for (const auto& d : r.problems) ADD_FAILURE() << d.to_string();
  const cluster& c = r.objects;
  ASSERT_EQ(c.storage_classes().size(), 2u);
  const storage_class* gp3 = c.find_storage_class("gp3");
  ASSERT_NE(gp3, nullptr);
  EXPECT_EQ(gp3->provisioner, "ebs.csi.aws.com");
  EXPECT_EQ(*gp3->parameters.find("type"), "gp3");
  EXPECT_EQ(gp3->origin.line, 3u);

  ASSERT_EQ(c.volume_snapshot_classes().size(), 2u);
  const volume_snapshot_class* def = c.find_volume_snapshot_class("ebs-default");
  ASSERT_NE(def, nullptr);
  EXPECT_EQ(def->driver, "ebs.csi.aws.com");
  EXPECT_EQ(def->deletion_policy, "Delete");
  // kept although not in the velero.io domain: the CSI plugin reads it
  EXPECT_TRUE(def->metadata.annotation("snapshot.storage.kubernetes.io/is-default-class"));
  EXPECT_TRUE(
      c.find_volume_snapshot_class("ebs-velero")->metadata.labels.contains("velero.io/csi-volumesnapshot-class"));

  const volume_snapshot_location_object* west = c.find_volume_snapshot_location("velero", "vsl-west");
  ASSERT_NE(west, nullptr);
  EXPECT_EQ(west->provider, "aws");
  EXPECT_EQ(*west->config.find("region"), "us-west-2");

  ASSERT_EQ(c.backups().size(), 1u);
  const backup& b = c.backups().front();
  EXPECT_EQ(b.metadata.key(), "velero/nightly-shop");
  EXPECT_EQ(b.spec.included_namespaces, std::vector<std::string>{"shop"});
  EXPECT_EQ(b.spec.volume_snapshot_locations, std::vector<std::string>{"vsl-west"});
  EXPECT_EQ(b.spec.default_volumes_to_fs_backup, false);
  EXPECT_EQ(b.spec.snapshot_move_data, false);
  EXPECT_FALSE(b.spec.snapshot_volumes.has_value());  // absent: unset, not false
  EXPECT_EQ(b.spec.resource_policy_kind, "configmap");
  EXPECT_EQ(b.spec.resource_policy_name, "shop-policy");
  EXPECT_EQ(b.phase, "Completed");
  EXPECT_EQ(*b.metadata.annotation("velero.io/csi-volumesnapshot-class_ebs.csi.aws.com"), "ebs-default");

  ASSERT_EQ(c.schedules().size(), 1u);
  const schedule& s = c.schedules().front();
  EXPECT_EQ(s.cron, "0 2 * * *");
  EXPECT_EQ(s.template_spec.snapshot_move_data, true);
  ASSERT_TRUE(s.template_spec.label_selector.has_value());
  EXPECT_EQ(s.template_spec.label_selector->match_labels.front().second, "shop");
  EXPECT_FALSE(s.template_annotations.has_value());

  ASSERT_EQ(c.namespaces().size(), 2u);
  EXPECT_EQ(*c.find_namespace("scratch")->metadata.labels.find("velero.io/exclude-from-backup"), "true");
  EXPECT_EQ(c.find_namespace("shop")->phase, "Active");
  ASSERT_EQ(c.nodes().size(), 1u);
  EXPECT_EQ(*c.nodes().front().metadata.labels.find("kubernetes.io/os"), "linux");
  const daemon_set* ds = c.find_daemon_set("velero", "node-agent");
  ASSERT_NE(ds, nullptr);
  EXPECT_EQ(ds->number_ready, 1);
  EXPECT_EQ(ds->desired_number_scheduled, 2);
  const config_map* cm = c.find_config_map("velero", "shop-policy");
  ASSERT_NE(cm, nullptr);
  EXPECT_NE(cm->data.find("policy.yaml")->find("fs-backup"), std::string::npos);

  EXPECT_EQ(r.counts.read_kinds.at("StorageClass"), 2u);
  EXPECT_EQ(r.counts.read_kinds.at("Backup"), 1u);
  EXPECT_EQ(r.counts.read_kinds.at("ConfigMap"), 1u);
  // every other kind is counted, never dropped in silence
  EXPECT_EQ(r.counts.read_kinds.at("Deployment"), 1u);  // for the Velero release (velero_version.h)
  ASSERT_NE(c.find_deployment("shop", "web"), nullptr);
  EXPECT_TRUE(c.find_deployment("shop", "web")->containers.empty());
  EXPECT_EQ(r.counts.other_kinds.at("Service"), 2u);
  EXPECT_EQ(r.counts.other_kinds.count("StorageClass"), 0u);
}

TEST(extra_kinds, json_list_reads_the_same) {
  const std::string text = R"({"apiVersion":"v1","kind":"List","items":[
    {"apiVersion":"storage.k8s.io/v1","kind":"StorageClass","metadata":{"name":"standard-rwo"},
     "provisioner":"pd.csi.storage.gke.io","parameters":{"type":"pd-balanced"}},
    {"apiVersion":"velero.io/v1","kind":"Backup","metadata":{"name":"b1","namespace":"velero"},
     "spec":{"snapshotVolumes":true,"orLabelSelectors":[{"matchLabels":{"a":"1"}},{"matchExpressions":[
       {"key":"tier","operator":"In","values":["db"]}]}],"includedNamespaces":["*"]}},
    {"apiVersion":"apps/v1","kind":"DaemonSet","metadata":{"name":"node-agent","namespace":"velero"},
     "status":{"numberReady":3}}]})";
  const load_result r = load_text(text, "list.json");
  for (const auto& d : r.problems) ADD_FAILURE() << d.to_string();
  ASSERT_NE(r.objects.find_storage_class("standard-rwo"), nullptr);
  EXPECT_EQ(r.objects.find_storage_class("standard-rwo")->provisioner, "pd.csi.storage.gke.io");
  ASSERT_EQ(r.objects.backups().size(), 1u);
  const backup_spec& s = r.objects.backups().front().spec;
  EXPECT_EQ(s.snapshot_volumes, true);
  ASSERT_EQ(s.or_label_selectors.size(), 2u);
  EXPECT_EQ(s.or_label_selectors[1].match_expressions.front().values, std::vector<std::string>{"db"});
  EXPECT_EQ(r.objects.find_daemon_set("velero", "node-agent")->number_ready, 3);
}

TEST(extra_kinds, another_group_is_counted_with_its_api_version) {
  const load_result r = load_text("apiVersion: example.com/v1\nkind: Backup\nmetadata: {name: x}\nspec: {}\n",
                                  "b.yaml");
  EXPECT_TRUE(r.objects.backups().empty());
  EXPECT_EQ(r.counts.other_kinds.at("Backup (example.com/v1)"), 1u);
}

TEST(extra_kinds, wrong_types_are_errors_naming_object_and_field) {
  const load_result r = load_text(
      "apiVersion: velero.io/v1\nkind: Backup\nmetadata: {name: bad, namespace: velero}\n"
      "spec:\n  includedNamespaces: shop\n---\n"
      "apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata: {name: ok}\nprovisioner: x\n",
      "b.yaml");
  ASSERT_EQ(r.problems.size(), 1u);
  const diagnostic& d = r.problems.items().front();
  EXPECT_EQ(d.object, "Backup velero/bad");
  EXPECT_EQ(d.where.path, "spec.includedNamespaces");
  EXPECT_EQ(d.where.line, 1u);
  EXPECT_NE(d.message.find("list of strings"), std::string::npos);
  EXPECT_NE(r.objects.find_storage_class("ok"), nullptr);  // the rest still loads
  EXPECT_EQ(r.counts.rejected, 1u);
}

TEST(extra_kinds, duplicate_is_reported_and_first_kept) {
  const load_result r = load_text(
      "apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata: {name: gp3}\nprovisioner: a\n---\n"
      "apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata: {name: gp3}\nprovisioner: b\n",
      "sc.yaml");
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_NE(r.problems.items().front().message.find("duplicate StorageClass `gp3`"), std::string::npos);
  EXPECT_EQ(r.objects.find_storage_class("gp3")->provisioner, "a");
}

// kubectl prints keys in alphabetical order: `driver`, `data`, `provisioner` ... may come
// before `kind`. Every field is read for the object's kind wherever `kind` stands.
TEST(extra_kinds, fields_before_kind_are_read) {
  for (const std::string name : {"kubectl.yaml", "kubectl.json"}) {
    SCOPED_TRACE(name);
    const bool json = name.ends_with(".json");
    const std::string text =
        json ? R"({"apiVersion":"v1","items":[
  {"allowVolumeExpansion":true,"apiVersion":"storage.k8s.io/v1","kind":"StorageClass",
   "metadata":{"name":"gp3"},"parameters":{"type":"gp3"},"provisioner":"ebs.csi.aws.com"},
  {"apiVersion":"snapshot.storage.k8s.io/v1","deletionPolicy":"Retain","driver":"ebs.csi.aws.com",
   "kind":"VolumeSnapshotClass","metadata":{"name":"ebs"}},
  {"apiVersion":"v1","data":{"policy.yaml":"version: v1"},"kind":"ConfigMap",
   "metadata":{"name":"p","namespace":"velero"}},
  {"spec":{"includedNamespaces":["shop"]},"metadata":{"name":"b","namespace":"velero"},
   "kind":"Backup","apiVersion":"velero.io/v1"}],"kind":"List","metadata":{"resourceVersion":""}})"
             : "apiVersion: v1\nitems:\n"
               "- allowVolumeExpansion: true\n  apiVersion: storage.k8s.io/v1\n  kind: StorageClass\n"
               "  metadata:\n    name: gp3\n  parameters:\n    type: gp3\n  provisioner: ebs.csi.aws.com\n"
               "- apiVersion: snapshot.storage.k8s.io/v1\n  deletionPolicy: Retain\n  driver: ebs.csi.aws.com\n"
               "  kind: VolumeSnapshotClass\n  metadata:\n    name: ebs\n"
               "- apiVersion: v1\n  data:\n    policy.yaml: 'version: v1'\n  kind: ConfigMap\n"
               "  metadata:\n    name: p\n    namespace: velero\n"
               "- spec:\n    includedNamespaces: [shop]\n  metadata: {name: b, namespace: velero}\n"
               "  kind: Backup\n  apiVersion: velero.io/v1\n"
               "kind: List\nmetadata:\n  resourceVersion: \"\"\n";
    const load_result r = load_text(text, name);
    for (const auto& d : r.problems) ADD_FAILURE() << d.to_string();
    const storage_class* sc = r.objects.find_storage_class("gp3");
    ASSERT_NE(sc, nullptr);
    EXPECT_EQ(sc->provisioner, "ebs.csi.aws.com");
    EXPECT_EQ(*sc->parameters.find("type"), "gp3");
    const volume_snapshot_class* vsc = r.objects.find_volume_snapshot_class("ebs");
    ASSERT_NE(vsc, nullptr);
    EXPECT_EQ(vsc->driver, "ebs.csi.aws.com");
    EXPECT_EQ(vsc->deletion_policy, "Retain");
    const config_map* cm = r.objects.find_config_map("velero", "p");
    ASSERT_NE(cm, nullptr);
    ASSERT_TRUE(cm->data.find("policy.yaml"));
    EXPECT_EQ(*cm->data.find("policy.yaml"), "version: v1");
    ASSERT_EQ(r.objects.backups().size(), 1u);
    ASSERT_EQ(r.objects.backups().front().spec.included_namespaces.size(), 1u);
    EXPECT_EQ(r.objects.backups().front().spec.included_namespaces.front(), "shop");
  }
}

TEST(extra_kinds, schedule_makes_the_backup_the_controller_would) {
  const load_result r = load_file(annotation_filter::all);
  ASSERT_EQ(r.objects.schedules().size(), 1u);
  const backup b = backup_from_schedule(r.objects.schedules().front(), "20261130020000");
  EXPECT_EQ(b.metadata.name, "shop-daily-20261130020000");
  EXPECT_EQ(b.metadata.namespace_, "velero");
  EXPECT_EQ(*b.metadata.labels.find("velero.io/schedule-name"), "shop-daily");
  EXPECT_EQ(*b.metadata.labels.find("team"), "shop");  // no template labels: the schedule's
  // no template annotations: the schedule's own
  EXPECT_EQ(*b.metadata.annotation("velero.io/csi-volumesnapshot-class_ebs.csi.aws.com"), "ebs-velero");
  EXPECT_EQ(b.spec.snapshot_move_data, true);
  EXPECT_EQ(b.spec.resource_policy_name, "shop-policy");
}

TEST(extra_kinds, schedule_template_metadata_wins_over_the_schedule_metadata) {
  const load_result r = load_text(
      "apiVersion: velero.io/v1\nkind: Schedule\nmetadata:\n  name: s\n  namespace: velero\n  labels: {a: '1'}\n"
      "  annotations: {velero.io/csi-volumesnapshot-class_x: c1}\n"
      "spec:\n  schedule: '@every 1h'\n  template:\n    metadata:\n      labels: {b: '2'}\n"
      "      annotations: {velero.io/csi-volumesnapshot-class_x: c2}\n",
      "s.yaml", {.annotations = annotation_filter::all});
  for (const auto& d : r.problems) ADD_FAILURE() << d.to_string();
  ASSERT_EQ(r.objects.schedules().size(), 1u);
  const backup b = backup_from_schedule(r.objects.schedules().front());
  EXPECT_FALSE(b.metadata.labels.find("a"));
  EXPECT_EQ(*b.metadata.labels.find("b"), "2");
  EXPECT_EQ(*b.metadata.annotation("velero.io/csi-volumesnapshot-class_x"), "c2");
}

TEST(extra_kinds, a_schedule_without_a_template_is_refused_where_it_is) {
  // The Schedule CRD requires spec.template: without it there is no Backup to plan.
  const load_result r = load_text(
      "apiVersion: velero.io/v1\nkind: Schedule\nmetadata:\n  name: broken\n"
      "  namespace: velero\nspec:\n  schedule: '@daily'\n",
      "s.yaml");
  EXPECT_TRUE(r.objects.schedules().empty());
  ASSERT_EQ(r.problems.size(), 1u);
  const std::string m = r.problems.items()[0].to_string();
  EXPECT_NE(m.find("s.yaml:1:"), std::string::npos) << m;
  EXPECT_NE(m.find("Schedule velero/broken"), std::string::npos) << m;
  EXPECT_NE(m.find("a Schedule needs spec.template"), std::string::npos) << m;
}

TEST(extra_kinds, an_object_without_a_name_is_reported_not_planned) {
  const load_result r = load_text(
      "apiVersion: v1\nkind: Pod\nmetadata:\n  namespace: shop\nspec:\n  containers: []\n"
      "---\napiVersion: v1\nkind: Pod\nmetadata: {name: web, namespace: shop}\n",
      "pods.yaml");
  ASSERT_EQ(r.objects.pods().size(), 1u);
  EXPECT_EQ(r.objects.pods().front().metadata.name, "web");
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_EQ(r.problems.items()[0].to_string(),
            "pods.yaml:1: Pod: a Pod without metadata.name: not planned\n"
            "  help: every Kubernetes object has a name; dump objects with `kubectl get ... -o yaml`");
  EXPECT_EQ(r.counts.rejected, 1u);
}

TEST(extra_kinds, misspelt_spec_fields_are_warnings_with_the_field_meant) {
  const load_result r = load_text(
      "apiVersion: velero.io/v1\nkind: Schedule\nmetadata: {name: s, namespace: velero}\n"
      "spec:\n  schedule: '@daily'\n  pasued: true\n  template:\n    snapshotMoveDta: true\n"
      "    storageLocation: default\n    Xyzzy: 1\n",
      "s.yaml");
  ASSERT_EQ(r.objects.schedules().size(), 1u);  // warnings only: the Schedule is planned
  std::vector<std::string> got;
  for (const diagnostic& d : r.problems) {
    EXPECT_EQ(d.level, severity::warning);
    got.push_back(d.where.path + " | " + d.help);
  }
  // ordered by path (byte order), so the same in any key order
  EXPECT_EQ(got, (std::vector<std::string>{"spec.pasued | did you mean `paused`?",
                                           "spec.template.Xyzzy | field names are case-sensitive",
                                           "spec.template.snapshotMoveDta | did you mean `snapshotMoveData`?"}));
}

TEST(extra_kinds, kind_and_group) {
  EXPECT_EQ(extra_kind_of("StorageClass", "storage.k8s.io/v1"), extra_kind::storage_class);
  EXPECT_EQ(extra_kind_of("StorageClass", "storage.k8s.io/v1beta1"), extra_kind::storage_class);
  EXPECT_EQ(extra_kind_of("VolumeSnapshotClass", "snapshot.storage.k8s.io/v1"), extra_kind::volume_snapshot_class);
  EXPECT_EQ(extra_kind_of("Namespace", "v1"), extra_kind::namespace_);
  EXPECT_EQ(extra_kind_of("DaemonSet", "apps/v1"), extra_kind::daemon_set);
  EXPECT_EQ(extra_kind_of("DaemonSet", "extensions/v1beta1"), std::nullopt);
  EXPECT_EQ(extra_kind_of("Backup"), extra_kind::backup);  // no apiVersion: the kind decides
  EXPECT_EQ(extra_kind_of("Deployment", "apps/v1"), extra_kind::deployment);
  EXPECT_EQ(extra_kind_of("ReplicaSet", "apps/v1"), std::nullopt);
}

TEST(extra_kinds, deployment_and_daemon_set_images) {
  const std::string text = R"(apiVersion: apps/v1
kind: Deployment
metadata: {name: velero, namespace: velero}
spec:
  template:
    spec:
      containers:
      - {name: velero, image: "velero/velero:v1.18.1"}
      - {image: "busybox", name: sidecar}
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: node-agent, namespace: velero}
spec: {template: {spec: {containers: [{name: node-agent, image: "velero/velero:v1.17.2"}]}}}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: bad, namespace: velero}
spec: {template: {spec: {containers: [{name: x, image: [1]}]}}}
)";
  const load_result r = load_text(text, "d.yaml");
  const deployment* d = r.objects.find_deployment("velero", "velero");
  ASSERT_NE(d, nullptr);
  ASSERT_EQ(d->containers.size(), 2u);
  EXPECT_EQ(d->containers[0].name, "velero");
  EXPECT_EQ(d->containers[0].image, "velero/velero:v1.18.1");
  EXPECT_EQ(d->containers[1].name, "sidecar");
  const daemon_set* ds = r.objects.find_daemon_set("velero", "node-agent");
  ASSERT_NE(ds, nullptr);
  ASSERT_EQ(ds->containers.size(), 1u);
  EXPECT_EQ(ds->containers[0].image, "velero/velero:v1.17.2");
  EXPECT_EQ(r.objects.find_deployment("velero", "bad"), nullptr);
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_NE(r.problems.items()[0].to_string().find("spec.template.spec.containers[0]"), std::string::npos)
      << r.problems.items()[0].to_string();
}

}  // namespace
}  // namespace volpol::k8s
