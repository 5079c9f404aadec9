// cluster: lookups, duplicates, and the PVC→pods index (Velero's PVCPodCache).
#include "volpol/k8s/cluster.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace volpol::k8s {
namespace {

persistent_volume make_pv(std::string name, std::string file = "pv.yaml", std::uint32_t line = 1) {
  persistent_volume pv;
  pv.metadata.name = std::move(name);
  pv.origin = {std::move(file), line, 0};
  return pv;
}

persistent_volume_claim make_pvc(std::string ns, std::string name) {
  persistent_volume_claim pvc;
  pvc.metadata.namespace_ = std::move(ns);
  pvc.metadata.name = std::move(name);
  return pvc;
}

pod_volume claim_volume(std::string name, std::string claim) {
  pod_volume v;
  v.name = std::move(name);
  v.sources.set(volume_source::persistent_volume_claim);
  v.sources.claim_name = std::move(claim);
  return v;
}

pod make_pod(std::string ns, std::string name, std::vector<pod_volume> volumes) {
  pod p;
  p.metadata.namespace_ = std::move(ns);
  p.metadata.name = std::move(name);
  p.volumes = std::move(volumes);
  return p;
}

std::vector<std::string> names(std::span<const pod* const> pods) {
  std::vector<std::string> out;
  for (const pod* p : pods) out.push_back(p->metadata.key());
  return out;
}

TEST(cluster, finds_objects_by_name) {
  cluster c;
  ASSERT_TRUE(c.add(make_pv("pv-1")).ok());
  ASSERT_TRUE(c.add(make_pvc("ns", "data")).ok());
  ASSERT_TRUE(c.add(make_pod("ns", "web", {})).ok());
  EXPECT_EQ(c.size(), 3U);
  ASSERT_NE(c.find_pv("pv-1"), nullptr);
  EXPECT_EQ(c.find_pv("pv-1")->metadata.name, "pv-1");
  EXPECT_EQ(c.find_pv("pv-2"), nullptr);
  ASSERT_NE(c.find_pvc("ns", "data"), nullptr);
  EXPECT_EQ(c.find_pvc("other", "data"), nullptr);
  EXPECT_EQ(c.find_pvc("ns", "web"), nullptr);  // kinds are separate
  ASSERT_NE(c.find_pod("ns", "web"), nullptr);
  EXPECT_EQ(c.find_pod("", "web"), nullptr);
}

TEST(cluster, lookups_survive_growth) {
  cluster c;
  for (int i = 0; i < 5000; ++i)
    ASSERT_TRUE(c.add(make_pvc("ns-" + std::to_string(i % 7), "claim-" + std::to_string(i))).ok());
  for (int i = 0; i < 5000; i += 97) {
    const auto* pvc = c.find_pvc("ns-" + std::to_string(i % 7), "claim-" + std::to_string(i));
    ASSERT_NE(pvc, nullptr) << i;
    EXPECT_EQ(pvc->metadata.name, "claim-" + std::to_string(i));
  }
  EXPECT_EQ(c.find_pvc("ns-1", "claim-0"), nullptr);
  EXPECT_EQ(c.persistent_volume_claims().size(), 5000U);
  EXPECT_EQ(c.persistent_volume_claims()[4999].metadata.name, "claim-4999");  // insertion order
}

TEST(cluster, rejects_a_duplicate_and_keeps_the_first) {
  cluster c;
  ASSERT_TRUE(c.add(make_pv("pv-1", "a.yaml", 3)).ok());
  persistent_volume second = make_pv("pv-1", "b.json", 0);
  second.origin.offset = 120;
  second.storage_class_name = "other";
  const auto r = c.add(std::move(second));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error()->to_string(),
            "b.json: byte 120: PersistentVolume pv-1: duplicate PersistentVolume `pv-1`: the first "
            "one, read at a.yaml:3, is kept");
  ASSERT_EQ(c.persistent_volumes().size(), 1U);
  EXPECT_EQ(c.persistent_volumes()[0].storage_class_name, "");
}

// A plan's records view names up to their first NUL (zstring_view): an object whose names
// hold one is refused, with the field, rather than planned under a shortened name.
TEST(cluster, refuses_names_that_hold_a_nul) {
  using namespace std::string_literals;
  cluster c;
  const auto pv = c.add(make_pv("pv\0x"s, "a.yaml", 4));
  ASSERT_FALSE(pv.ok());
  EXPECT_EQ(pv.error()->where.line, 4U);
  EXPECT_EQ(pv.error()->object, "PersistentVolume pv\\u0000x");
  EXPECT_EQ(pv.error()->message, "metadata.name holds a NUL character (\\u0000): not planned");
  persistent_volume bound = make_pv("pv-2");
  bound.claim_ref = object_reference{"ns", "da\0ta"s};
  EXPECT_NE(c.add(std::move(bound)).error()->message.find("spec.claimRef holds a NUL"), std::string::npos);

  persistent_volume_claim pvc = make_pvc("ns", "data");
  pvc.volume_name = "pv\0"s;
  EXPECT_EQ(c.add(std::move(pvc)).error()->message, "spec.volumeName holds a NUL character (\\u0000): not planned");
  persistent_volume_claim sc = make_pvc("ns", "data-2");
  sc.storage_class_name = "gp\0"s;
  EXPECT_FALSE(c.add(std::move(sc)).ok());
  EXPECT_FALSE(c.add(make_pvc("n\0s"s, "data")).ok());

  EXPECT_EQ(c.add(make_pod("ns", "web", {claim_volume("data", "cl\0aim"s)})).error()->message,
            "spec.volumes[].persistentVolumeClaim.claimName holds a NUL character (\\u0000): not planned");
  EXPECT_FALSE(c.add(make_pod("ns", "web", {claim_volume("da\0ta"s, "claim")})).ok());
  EXPECT_FALSE(c.add(make_pod("ns", "w\0eb"s, {})).ok());

  // Nothing refused was kept; the same names without the NUL still go in.
  EXPECT_TRUE(c.persistent_volumes().empty());
  EXPECT_TRUE(c.persistent_volume_claims().empty());
  EXPECT_TRUE(c.pods().empty());
  EXPECT_TRUE(c.add(make_pv("pv")).ok());
  EXPECT_TRUE(c.add(make_pod("ns", "web", {claim_volume("data", "claim")})).ok());
}

TEST(cluster, same_name_in_other_namespace_or_kind_is_no_duplicate) {
  cluster c;
  EXPECT_TRUE(c.add(make_pvc("a", "data")).ok());
  EXPECT_TRUE(c.add(make_pvc("b", "data")).ok());
  EXPECT_TRUE(c.add(make_pod("a", "data", {})).ok());
  const auto dup = c.add(make_pvc("a", "data"));
  ASSERT_FALSE(dup.ok());
  EXPECT_EQ(dup.error()->message, "duplicate PersistentVolumeClaim `a/data`: the first one is kept");
}

// PersistentVolumes are cluster-scoped: a namespace in their metadata (generated fixtures have
// one) neither hides them from find_pv nor makes two PVs of one name distinct.
TEST(cluster, persistent_volumes_ignore_namespace) {
  cluster c;
  persistent_volume pv = make_pv("pv-1");
  pv.metadata.namespace_ = "namespaceValue";
  ASSERT_TRUE(c.add(std::move(pv)).ok());
  EXPECT_NE(c.find_pv("pv-1"), nullptr);
  EXPECT_FALSE(c.add(make_pv("pv-1")).ok());
}

TEST(cluster, pods_using_pvc_in_insertion_order) {
  cluster c;
  ASSERT_TRUE(c.add(make_pod("ns", "b", {claim_volume("data", "shared")})).ok());
  ASSERT_TRUE(c.add(make_pod("ns", "a", {claim_volume("data", "shared"), claim_volume("own", "a-data")})).ok());
  ASSERT_TRUE(c.add(make_pod("other", "c", {claim_volume("data", "shared")})).ok());
  EXPECT_EQ(names(c.pods_using_pvc("ns", "shared")), (std::vector<std::string>{"ns/b", "ns/a"}));
  EXPECT_EQ(names(c.pods_using_pvc("ns", "a-data")), std::vector<std::string>{"ns/a"});
  EXPECT_EQ(names(c.pods_using_pvc("other", "shared")), std::vector<std::string>{"other/c"});
  EXPECT_TRUE(c.pods_using_pvc("ns", "missing").empty());
  EXPECT_TRUE(c.pods_using_pvc("", "shared").empty());
}

// Velero lists a pod once per volume that names the claim; volpol lists it once.
TEST(cluster, a_pod_mounting_one_claim_twice_is_listed_once) {
  cluster c;
  ASSERT_TRUE(c.add(make_pod("ns", "p", {claim_volume("v1", "data"), claim_volume("v2", "data")})).ok());
  EXPECT_EQ(names(c.pods_using_pvc("ns", "data")), std::vector<std::string>{"ns/p"});
}

// Generic ephemeral volumes do not count (Velero's cache checks `v.PersistentVolumeClaim`).
TEST(cluster, ephemeral_volumes_do_not_use_their_generated_pvc) {
  cluster c;
  pod_volume eph;
  eph.name = "scratch";
  eph.sources.set(volume_source::ephemeral);
  eph.sources.ephemeral_has_template = true;
  ASSERT_TRUE(c.add(make_pod("ns", "web", {eph})).ok());
  ASSERT_TRUE(c.add(make_pvc("ns", "web-scratch")).ok());
  EXPECT_TRUE(c.pods_using_pvc("ns", "web-scratch").empty());
}

TEST(cluster, pvc_index_follows_later_adds) {
  cluster c;
  ASSERT_TRUE(c.add(make_pod("ns", "a", {claim_volume("d", "data")})).ok());
  EXPECT_EQ(c.pods_using_pvc("ns", "data").size(), 1U);
  ASSERT_TRUE(c.add(make_pod("ns", "b", {claim_volume("d", "data")})).ok());
  EXPECT_EQ(names(c.pods_using_pvc("ns", "data")), (std::vector<std::string>{"ns/a", "ns/b"}));
  // A rejected duplicate changes nothing.
  EXPECT_FALSE(c.add(make_pod("ns", "b", {claim_volume("d", "other")})).ok());
  EXPECT_TRUE(c.pods_using_pvc("ns", "other").empty());
}

TEST(cluster, moves_keep_the_indexes) {
  cluster c;
  ASSERT_TRUE(c.add(make_pod("ns", "a", {claim_volume("d", "data")})).ok());
  cluster moved = std::move(c);
  EXPECT_NE(moved.find_pod("ns", "a"), nullptr);
  EXPECT_EQ(moved.pods_using_pvc("ns", "data").size(), 1U);
}

TEST(cluster, many_pods_many_claims) {
  cluster c;
  constexpr int n = 20000;
  for (int i = 0; i < n; ++i) {
    const std::string ns = "ns-" + std::to_string(i % 10);
    ASSERT_TRUE(
        c.add(make_pod(ns, "p-" + std::to_string(i), {claim_volume("data", "claim-" + std::to_string(i / 2))})).ok());
  }
  // Pods 2k and 2k+1 share claim-k only when they share a namespace (never here: i % 10).
  EXPECT_EQ(names(c.pods_using_pvc("ns-4", "claim-2")), std::vector<std::string>{"ns-4/p-4"});
  EXPECT_EQ(names(c.pods_using_pvc("ns-5", "claim-2")), std::vector<std::string>{"ns-5/p-5"});
  EXPECT_TRUE(c.pods_using_pvc("ns-6", "claim-2").empty());
}

}  // namespace
}  // namespace volpol::k8s
