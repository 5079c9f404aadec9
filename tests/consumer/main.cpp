// Uses the installed volpol library: a policy and a cluster from text, one plan, its summary.
// Prints `2 volumes: 1 fs-backup, 1 skipped` for the objects below.
#include <cstdio>

#include "volpol/volpol.h"

int main() {
  const char* policy_text =
      "version: v1\n"
      "volumePolicies:\n"
      "- conditions: {storageClass: [slow]}\n"
      "  action: {type: skip}\n"
      "- conditions: {}\n"
      "  action: {type: fs-backup}\n";
  const char* cluster_text = R"(
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: cold, namespace: app}
spec: {storageClassName: slow, volumeName: pv-cold, resources: {requests: {storage: 1Gi}}}
status: {phase: Bound}
---
apiVersion: v1
kind: PersistentVolume
metadata: {name: pv-cold}
spec:
  capacity: {storage: 1Gi}
  storageClassName: slow
  claimRef: {namespace: app, name: cold}
  hostPath: {path: /data/cold}
---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: app}
spec:
  nodeName: node-1
  containers: [{name: web, image: nginx, volumeMounts: [{name: cache, mountPath: /cache}]}]
  volumes: [{name: cache, emptyDir: {}}]
status: {phase: Running}
)";
  auto doc = volpol::policy::decode_resource_policies(policy_text, "policy.yaml");
  if (!doc) return std::fprintf(stderr, "%s\n", doc.error()->to_string().c_str()), 1;
  auto policies = volpol::policy::policies::build(doc.value());
  if (!policies) return std::fprintf(stderr, "%s\n", policies.error()->to_string().c_str()), 1;
  volpol::k8s::load_result loaded = volpol::k8s::load_text(cluster_text, "cluster.yaml");
  for (const auto& d : loaded.problems) std::fprintf(stderr, "%s\n", d.to_string().c_str());
  volpol::plan::plan_input in;
  in.cluster = &loaded.objects;
  in.backup_policies = &policies.value();
  auto plan = volpol::plan::make_plan(in);
  if (!plan) return std::fprintf(stderr, "%s\n", plan.error()->to_string().c_str()), 1;
  const auto& s = plan->summary;
  std::printf("%zu volumes: %zu fs-backup, %zu skipped\n", s.volumes, s.fs_backup, s.skipped);
  return 0;
}
