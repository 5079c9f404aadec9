// The helper's questions run for every volume of large clusters: once the cluster's indexes are
// built, answering must not touch the heap. Counts global operator new calls (this replacement
// applies to the whole test binary; it only counts).
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "helper_fixture.h"
#include "volpol/detail/helper/pod_volumes.h"
#include "volpol/helper/volume_helper.h"

namespace {
std::atomic<long> allocations{0};
}  // namespace

void* operator new(std::size_t n) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
// The nothrow forms too: std::get_temporary_buffer (std::stable_sort) allocates with
// `new (std::nothrow)` and frees with the plain delete above; left to the sanitizer's own
// nothrow new, AddressSanitizer reports that pair as an alloc-dealloc mismatch.
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(n ? n : 1);
}
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"  // every new above is malloc
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
#pragma GCC diagnostic pop

namespace volpol::helper {
namespace {

TEST(no_allocation, decisions_do_not_allocate) {
  k8s::cluster c;
  testing::add_objects(c, R"(
apiVersion: v1
kind: PersistentVolume
metadata: {name: pv-1}
spec: {storageClassName: gp3, claimRef: {namespace: ns, name: data}, csi: {driver: ebs.csi.aws.com}}
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: data, namespace: ns, labels: {app: db}}
spec: {volumeName: pv-1}
status: {phase: Bound}
---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: ns, annotations: {backup.velero.io/backup-volumes-excludes: "tmp,x"}}
spec:
  volumes:
  - {name: data, persistentVolumeClaim: {claimName: data}}
  - {name: tmp, emptyDir: {}}
)");
  const policy::policies pols = testing::build_policies(R"(
version: v1
volumePolicies:
- conditions: {storageClass: [gp2], pvcLabels: {app: web}}
  action: {type: skip}
- conditions: {csi: {driver: ebs.csi.aws.com}, pvcLabels: {app: db}}
  action: {type: custom, parameters: {myCustomAction: true}}
)");
  const volume_helper h(&pols, {.default_volumes_to_fs_backup = true}, c);
  const value mine = value::make_mapping({{"myCustomAction", value::make_bool(true)}});
  const k8s::persistent_volume_claim& pvc = *c.find_pvc("ns", "data");
  const k8s::pod& pod = *c.find_pod("ns", "web");
  (void)c.pods_using_pvc("ns", "data");  // builds the lazy PVC→pod index

  const long before = allocations.load();
  bool all = true;
  for (int i = 0; i < 100; ++i) {
    all &= h.should_perform_snapshot(pvc).ok();
    all &= h.should_perform_snapshot(*c.find_pv("pv-1")).ok();
    all &= h.should_perform_fs_backup(pod.volumes[0], pod).ok();
    all &= h.should_perform_fs_backup(pod.volumes[1], pod).ok();
    all &= h.should_perform_custom_action(pvc, mine).value().perform;
    all &= h.get_action_parameters(pvc).matched;
    all &= fs_backup_by_annotations(pod, "tmp", true).why == reason::annotation_opt_out;
  }
  EXPECT_EQ(allocations.load() - before, 0);
  EXPECT_TRUE(all);
}

}  // namespace
}  // namespace volpol::helper
