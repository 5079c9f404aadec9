// Typed objects from YAML nodes (object_yaml.h): what is read, what is lenient, what is an error.
#include "volpol/detail/k8s/object_yaml.h"

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <string>

namespace volpol::k8s {
namespace {

quantity q(std::string_view text) { return quantity::parse(text).value(); }

TEST(object_yaml, reads_a_persistent_volume) {
  const auto pv = persistent_volume_from_yaml(YAML::Load(R"(
apiVersion: v1
kind: PersistentVolume
metadata:
  name: pv-1
  labels: {zone: a}
spec:
  capacity: {storage: 1.5Gi}
  storageClassName: gp3
  accessModes: [ReadWriteOnce, ReadOnlyMany]
  volumeMode: Block
  persistentVolumeReclaimPolicy: Retain
  claimRef: {namespace: ns, name: data, uid: u-1}
  csi:
    driver: ebs.csi.aws.com
    volumeHandle: vol-1
    fsType: xfs
    volumeAttributes: {b: "2", a: "1"}
  unknownField: {anything: [1, 2]}
status: {phase: Available}
)"));
  ASSERT_TRUE(pv.ok()) << pv.error()->to_string();
  EXPECT_EQ(pv->metadata.name, "pv-1");
  EXPECT_EQ(*pv->metadata.labels.find("zone"), "a");
  EXPECT_FALSE(pv->metadata.annotations.has_value());
  EXPECT_TRUE(pv->has_capacity);
  EXPECT_EQ(pv->capacity, q("1536Mi"));
  EXPECT_EQ(pv->storage_class_name, "gp3");
  EXPECT_EQ(pv->access_modes, (std::vector<compact_string>{"ReadWriteOnce", "ReadOnlyMany"}));
  EXPECT_EQ(pv->volume_mode, "Block");
  EXPECT_EQ(pv->reclaim_policy, "Retain");
  ASSERT_TRUE(pv->claim_ref.has_value());
  EXPECT_EQ(pv->claim_ref->namespace_, "ns");
  EXPECT_EQ(pv->claim_ref->name, "data");
  EXPECT_TRUE(pv->sources.has(volume_source::csi));
  EXPECT_EQ(pv->sources.present.count(), 1U);
  EXPECT_EQ(pv->sources.csi().driver, "ebs.csi.aws.com");
  EXPECT_EQ(pv->sources.csi().volume_handle, "vol-1");
  EXPECT_EQ(pv->sources.csi().fs_type, "xfs");
  ASSERT_EQ(pv->sources.csi().volume_attributes.size(), 2U);
  EXPECT_EQ(pv->sources.csi().volume_attributes.at(0).first, "a");  // sorted
  EXPECT_EQ(pv->phase, "Available");
  EXPECT_EQ(pv->origin.line, 2U);
}

TEST(object_yaml, pvc_storage_class_absent_null_or_empty) {
  const char* docs[] = {"kind: PersistentVolumeClaim\nmetadata: {name: a}\nspec: {}\n",
                        "kind: PersistentVolumeClaim\nmetadata: {name: a}\nspec: {storageClassName: null}\n",
                        "kind: PersistentVolumeClaim\nmetadata: {name: a}\nspec: {storageClassName: \"\"}\n",
                        "kind: PersistentVolumeClaim\nmetadata: {name: a}\nspec: {storageClassName: ~}\n"};
  const std::optional<std::string> want[] = {std::nullopt, std::nullopt, "", std::nullopt};
  for (int i = 0; i < 4; ++i) {
    SCOPED_TRACE(docs[i]);
    const auto pvc = persistent_volume_claim_from_yaml(YAML::Load(docs[i]));
    ASSERT_TRUE(pvc.ok()) << pvc.error()->to_string();
    EXPECT_EQ(pvc->storage_class_name, want[i]);
  }
}

TEST(object_yaml, reads_a_persistent_volume_claim) {
  const auto pvc = persistent_volume_claim_from_yaml(YAML::Load(R"(
kind: PersistentVolumeClaim
metadata:
  name: data
  namespace: ns
  annotations: {}
spec:
  accessModes: [ReadWriteMany]
  resources: {requests: {storage: 5Gi}, limits: {storage: 10Gi}}
  volumeName: pv-1
status:
  capacity: {storage: 6Gi}
  phase: Bound
)"));
  ASSERT_TRUE(pvc.ok()) << pvc.error()->to_string();
  EXPECT_EQ(pvc->metadata.key(), "ns/data");
  ASSERT_TRUE(pvc->metadata.annotations.has_value());  // `{}` is not absent
  EXPECT_TRUE(pvc->metadata.annotations->empty());
  EXPECT_EQ(pvc->requested, q("5Gi"));
  EXPECT_EQ(pvc->status_capacity, q("6Gi"));
  EXPECT_FALSE(pvc->volume_mode.has_value());
  EXPECT_EQ(pvc->volume_name, "pv-1");
  EXPECT_EQ(pvc->phase, "Bound");
}

TEST(object_yaml, reads_pod_volumes) {
  const auto p = pod_from_yaml(YAML::Load(R"(
kind: Pod
metadata: {name: web, namespace: ns, annotations: {backup.velero.io/backup-volumes: "data,cache"}}
spec:
  nodeName: node-1
  volumes:
  - name: data
    persistentVolumeClaim: {claimName: data-web, readOnly: true}
  - name: scratch
    ephemeral:
      volumeClaimTemplate: {spec: {accessModes: [ReadWriteOnce]}}
  - name: token
    secret: {secretName: default-token-x}
  - name: share
    nfs: {server: nfs.example.com, path: /exports, readOnly: yes}
  - name: nothing
    hostPath: null
status: {phase: Pending}
)"));
  ASSERT_TRUE(p.ok()) << p.error()->to_string();
  EXPECT_EQ(*p->metadata.annotation("backup.velero.io/backup-volumes"), "data,cache");
  EXPECT_EQ(p->node_name, "node-1");
  EXPECT_EQ(p->phase, "Pending");
  ASSERT_EQ(p->volumes.size(), 5U);
  EXPECT_EQ(p->volumes[0].sources.claim_name, "data-web");
  EXPECT_TRUE(p->volumes[0].sources.claim_read_only);
  EXPECT_TRUE(p->volumes[1].sources.has(volume_source::ephemeral));
  EXPECT_TRUE(p->volumes[1].sources.ephemeral_has_template);
  EXPECT_TRUE(p->volumes[2].sources.has(volume_source::secret));  // secretName is not kept
  EXPECT_EQ(p->volumes[3].sources.nfs().server, "nfs.example.com");
  EXPECT_TRUE(p->volumes[3].sources.nfs().read_only);  // YAML 1.1 `yes`, as sigs.k8s.io/yaml reads it
  EXPECT_TRUE(p->volumes[4].sources.none());           // `hostPath: null` is a nil pointer in Go
  EXPECT_EQ(p->find_volume("share"), &p->volumes[3]);
}

// Velero's pod volume backupper looks at spec.containers' volumeMounts and volumeDevices only.
TEST(object_yaml, mounted_and_device_volumes) {
  const auto p = pod_from_yaml(YAML::Load(R"(
kind: Pod
metadata: {name: web, namespace: ns, deletionTimestamp: "2024-01-01T00:00:00Z"}
spec:
  initContainers:
  - name: init
    volumeMounts: [{name: init-only, mountPath: /i}]
  containers:
  - name: a
    volumeMounts: [{name: data, mountPath: /d}, {name: cache, mountPath: /c}]
    volumeDevices: [{name: raw, devicePath: /dev/xvda}]
  - name: b
    volumeMounts: [{name: data, mountPath: /d2, readOnly: true}]
  - name: c
  volumes:  # after the containers: the flags do not depend on the order of the fields
  - {name: data, emptyDir: {}}
  - {name: cache, emptyDir: {}}
  - {name: raw, persistentVolumeClaim: {claimName: block}}
  - {name: init-only, emptyDir: {}}
  - {name: unused, emptyDir: {}}
)"));
  ASSERT_TRUE(p.ok()) << p.error()->to_string();
  std::vector<std::string> mounted, devices;
  for (const pod_volume& v : p->volumes) {
    if (v.mounted) mounted.push_back(v.name);
    if (v.device) devices.push_back(v.name);
  }
  EXPECT_EQ(mounted, (std::vector<std::string>{"data", "cache"}));  // in volume order; data mounted twice
  EXPECT_EQ(devices, std::vector<std::string>{"raw"});
  EXPECT_TRUE(p->has_deletion_timestamp);

  const auto live = pod_from_yaml(YAML::Load(
      "kind: Pod\nmetadata: {name: a, deletionTimestamp: null}\nspec: {volumes: [{name: v, emptyDir: {}}]}\n"));
  ASSERT_TRUE(live.ok());
  EXPECT_FALSE(live->has_deletion_timestamp);
  ASSERT_EQ(live->volumes.size(), 1U);
  EXPECT_FALSE(live->volumes[0].mounted);  // no containers: nothing mounted
  EXPECT_FALSE(live->volumes[0].device);

  const auto bad = pod_from_yaml(
      YAML::Load("kind: Pod\nmetadata: {name: a}\nspec:\n  containers:\n  - volumeMounts: data\n"));
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error()->to_string(),
            "line 5:19: Pod a: spec.containers[0].volumeMounts: expected an array, got a string");
}

// sigs.k8s.io/yaml decodes into typed fields: any scalar fills a string field.
TEST(object_yaml, scalars_fill_string_fields) {
  const auto p = pod_from_yaml(
      YAML::Load("kind: Pod\nmetadata: {name: 123, namespace: true, labels: {version: 1.0}}\n"
                 "metadata2: ignored\nspec: {nodeName: 2015-09-14T08:08:17Z}\n"));
  ASSERT_TRUE(p.ok()) << p.error()->to_string();
  EXPECT_EQ(p->metadata.name, "123");
  EXPECT_EQ(p->metadata.namespace_, "true");
  EXPECT_EQ(*p->metadata.labels.find("version"), "1.0");
  EXPECT_EQ(p->node_name, "2015-09-14T08:08:17Z");
}

TEST(object_yaml, quantities_may_be_numbers) {
  const auto pv = persistent_volume_from_yaml(
      YAML::Load("kind: PersistentVolume\nmetadata: {name: a}\nspec: {capacity: {storage: 1024}}\n"));
  ASSERT_TRUE(pv.ok()) << pv.error()->to_string();
  EXPECT_EQ(pv->capacity.value(), 1024);
}

struct error_case {
  const char* yaml;
  const char* expected;  // diagnostic::to_string()
};

TEST(object_yaml, wrong_types_and_bad_quantities_are_errors) {
  const error_case cases[] = {
      {"kind: PersistentVolume\nmetadata: {name: pv-1}\nspec:\n  capacity: {storage: [1]}\n",
       "line 4:23: PersistentVolume pv-1: spec.capacity.storage: expected a quantity string, got an array"},
      {"kind: PersistentVolume\nmetadata: {name: pv-1}\nspec:\n  capacity:\n    other: 12Qi\n",
       "line 5:12: PersistentVolume pv-1: spec.capacity.other: invalid quantity `12Qi`"},
      {"kind: Pod\nmetadata: {name: p, namespace: ns}\nspec:\n  volumes:\n  - name: a\n  - name: b\n"
       "    nfs: {server: [x]}\n",
       "line 7:19: Pod ns/p: spec.volumes[1].nfs.server: expected a string, got an array"},
      {"kind: PersistentVolumeClaim\nmetadata: {name: c, namespace: ns}\nspec:\n  accessModes: ReadWriteOnce\n",
       "line 4:16: PersistentVolumeClaim ns/c: spec.accessModes: expected an array, got a string"},
      {"kind: Pod\nmetadata: [a]\n", "line 2:11: Pod: metadata: expected an object, got an array"},
      {"kind: PersistentVolumeClaim\nmetadata: {name: c, namespace: ns}\nspec:\n  resources: {requests: {storage: "
       "\"\"}}\n",
       "line 4:35: PersistentVolumeClaim ns/c: spec.resources.requests.storage: empty quantity ``"},
      {"kind: Pod\nmetadata: {name: p, namespace: ns}\nspec:\n  volumes:\n  - name: a\n    secret: {}\n"
       "    persistentVolumeClaim: {claimName: c, readOnly: maybe}\n",
       "line 7:53: Pod ns/p: spec.volumes[0].persistentVolumeClaim.readOnly: expected a boolean, got a string"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.yaml);
    const auto r = object_from_yaml(YAML::Load(c.yaml));
    ASSERT_FALSE(r.ok());
    // Quantity messages continue with the reason; compare the part that names the input.
    EXPECT_EQ(r.error()->to_string().substr(0, std::string(c.expected).size()), c.expected);
  }
}

TEST(object_yaml, kind_from_hint_or_shape) {
  const auto by_hint = object_from_yaml(YAML::Load("metadata: {name: a}\n"), "PersistentVolume");
  ASSERT_TRUE(by_hint.ok());
  EXPECT_TRUE(std::holds_alternative<persistent_volume>(by_hint.value()));

  const auto pod_shape = object_from_yaml(YAML::Load("metadata: {name: a}\nspec: {containers: []}\n"));
  ASSERT_TRUE(pod_shape.ok());
  EXPECT_TRUE(std::holds_alternative<pod>(pod_shape.value()));

  const auto pv_shape = object_from_yaml(YAML::Load("metadata: {name: a}\nspec: {nfs: {server: s}}\n"));
  ASSERT_TRUE(pv_shape.ok());
  ASSERT_TRUE(std::holds_alternative<persistent_volume>(pv_shape.value()));
  EXPECT_EQ(std::get<persistent_volume>(pv_shape.value()).sources.nfs().server, "s");

  const auto pvc_shape = object_from_yaml(
      YAML::Load("metadata: {name: a}\nspec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}\n"));
  ASSERT_TRUE(pvc_shape.ok());
  EXPECT_TRUE(std::holds_alternative<persistent_volume_claim>(pvc_shape.value()));

  // TypeMeta wins over the hint.
  const auto kind_wins = object_from_yaml(YAML::Load("kind: Pod\nmetadata: {name: a}\n"), "PersistentVolume");
  ASSERT_TRUE(kind_wins.ok());
  EXPECT_TRUE(std::holds_alternative<pod>(kind_wins.value()));
}

TEST(object_yaml, other_kinds_and_other_api_versions) {
  const auto cm = object_from_yaml(YAML::Load("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n"));
  ASSERT_TRUE(cm.ok());
  ASSERT_TRUE(std::holds_alternative<other_object>(cm.value()));
  EXPECT_EQ(std::get<other_object>(cm.value()).kind, "ConfigMap");
  const auto crd = object_from_yaml(YAML::Load("apiVersion: example.com/v1\nkind: Pod\nmetadata: {name: a}\n"));
  ASSERT_TRUE(crd.ok());
  EXPECT_TRUE(std::holds_alternative<other_object>(crd.value()));
}

TEST(object_yaml, typed_reads_name_the_wrong_kind) {
  const auto r = pod_from_yaml(YAML::Load("kind: PersistentVolume\nmetadata: {name: a}\n"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error()->message, "expected a Pod, got a PersistentVolume");
  const auto list = object_from_yaml(
      YAML::Load("kind: List\nitems: [{kind: Pod, metadata: {name: a}}, {kind: Pod, metadata: {name: b}}]\n"));
  ASSERT_FALSE(list.ok());
  EXPECT_EQ(list.error()->message, "expected one object, got a list of 2");
}

TEST(object_yaml, pod_volume_entries) {
  const auto v = pod_volume_from_yaml(YAML::Load("name: data\ncsi: {driver: d, volumeAttributes: {k: v}}\n"));
  ASSERT_TRUE(v.ok()) << v.error()->to_string();
  EXPECT_EQ(v->name, "data");
  EXPECT_EQ(v->sources.csi().driver, "d");
  EXPECT_EQ(*v->sources.csi().volume_attributes.find("k"), "v");

  const auto bad = pod_volume_from_yaml(YAML::Load("name: data\nnfs: [1]\n"));
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error()->to_string(), "line 2:6: nfs: expected an object, got an array");
}

TEST(object_yaml, annotations_null_is_absent) {
  const auto p = pod_from_yaml(YAML::Load("kind: Pod\nmetadata: {name: a, annotations: null, labels: null}\n"));
  ASSERT_TRUE(p.ok());
  EXPECT_FALSE(p->metadata.annotations.has_value());
  EXPECT_TRUE(p->metadata.labels.empty());
}

}  // namespace
}  // namespace volpol::k8s
