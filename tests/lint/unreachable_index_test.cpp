// VP110 unreachable-policy finds shadowing policies through an index, not by trying every pair:
// on random documents it reports what trying every pair in order reports, and when its bound on
// exact tests runs out it says where it stopped.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "../../src/lint/unreachable_policy.h"
#include "lint_fixture.h"

namespace volpol::lint {
namespace {

using testing::lint_policy;

/// A valid policy document of `n` policies whose conditions come from small sets of values, so
/// that many pairs overlap and some shadow others.
std::string random_document(std::uint32_t seed, int n) {
  std::mt19937 rng(seed);
  const auto chance = [&](int percent) { return static_cast<int>(rng() % 100) < percent; };
  const auto some = [&](std::vector<std::string> values, std::size_t most) {
    std::shuffle(values.begin(), values.end(), rng);
    values.resize(1 + rng() % most);
    std::string out;
    for (const std::string& v : values) out += (out.empty() ? "" : ", ") + v;
    return "[" + out + "]";
  };
  const auto one = [&](const std::vector<std::string>& values) { return values[rng() % values.size()]; };
  std::string doc = "version: v1\nvolumePolicies:\n";
  for (int i = 0; i < n; ++i) {
    std::string c;
    if (chance(40)) c += "    storageClass: " + some({"a", "b", "c", "d"}, 3) + "\n";
    if (chance(30))
      c += "    capacity: \"" + one({"", "1Gi", "10Gi"}) + "," + one({"", "10Gi", "100Gi", "1Ti"}) + "\"\n";
    if (chance(30)) {
      c += "    pvcLabels: {app: " + one({"x", "y"});
      if (chance(50)) c += ", tier: " + one({"x", "y"});
      c += "}\n";
    }
    if (chance(15)) {
      std::string parts;
      if (chance(50)) parts += "server: " + one({"s1", "s2"});
      if (chance(50)) parts += std::string(parts.empty() ? "" : ", ") + "path: " + one({"/p1", "/p2"});
      c += "    nfs: {" + parts + "}\n";
    }
    if (chance(15)) {
      std::string parts;
      if (chance(70)) {
        parts += "driver: " + one({"d1", "d2"});
        if (chance(50)) parts += ", volumeAttributes: {" + one({"k: v", "k: w", "k: v, j: u"}) + "}";
      }
      c += "    csi: {" + parts + "}\n";
    }
    if (chance(20)) c += "    volumeTypes: " + some({"nfs", "csi", "hostPath"}, 2) + "\n";
    if (chance(20)) c += "    pvcPhase: " + some({"Bound", "Pending", "Lost"}, 2) + "\n";
    if (chance(15)) c += "    pvcVolumeMode: " + one({"Block", "Filesystem"}) + "\n";
    if (chance(15)) c += "    pvcAccessModes: " + some({"ReadWriteOnce", "ReadOnlyMany", "ReadWriteMany"}, 2) + "\n";
    doc += c.empty() && chance(70) ? "- conditions:\n    storageClass: [e]\n"
           : c.empty()             ? "- conditions: {}\n"
                                   : "- conditions:\n" + c;
    doc += "  action:\n    type: " + one({"skip", "snapshot", "fs-backup"}) + "\n";
  }
  return doc;
}

/// "volumePolicies[J] by volumePolicies[I]" for each VP110 finding.
std::vector<std::string> shadowed(const testing::lint_run& r) {
  std::vector<std::string> out;
  for (const finding& f : r.of(rule_id::unreachable_policy)) {
    const std::size_t by = f.message.find("never reached: ");
    const std::size_t end = f.message.find(' ', by + 15);
    out.push_back(f.path + " by " + f.message.substr(by + 15, end - by - 15));
  }
  return out;
}

/// The same, from trying every pair in order (the first live earlier policy that implies it).
std::vector<std::string> shadowed_by_every_pair(const testing::lint_run& r) {
  const auto& policies = r.backup->built.volume_policies();
  std::set<std::size_t> dead;  // what the rules before VP110 say never matches
  for (const finding& f : r.findings)
    if (f.never_matches && f.rule != rule_id::unreachable_policy) dead.insert(f.policy->index);
  std::vector<std::string> out;
  for (std::size_t j = 0; j < policies.size(); ++j) {
    if (dead.contains(j)) continue;
    for (std::size_t i = 0; i < j; ++i) {
      if (dead.contains(i) || !detail::conditions_implied(policies[j].conditions, policies[i].conditions)) continue;
      out.push_back("volumePolicies[" + std::to_string(j) + "] by volumePolicies[" + std::to_string(i) + "]");
      dead.insert(j);
      break;
    }
  }
  return out;
}

TEST(lint_unreachable_index, finds_what_every_pair_finds) {
  std::size_t found = 0;
  for (std::uint32_t seed = 1; seed <= 150; ++seed) {
    const std::string doc = random_document(seed, 40);
    auto r = lint_policy(doc);
    ASSERT_TRUE(r->backup->ok()) << doc;
    const std::vector<std::string> want = shadowed_by_every_pair(*r);
    EXPECT_EQ(shadowed(*r), want) << "seed " << seed << "\n" << doc;
    found += want.size();
  }
  EXPECT_GT(found, 500u);  // the documents do shadow (about 5 in 40 policies)
}

TEST(lint_unreachable_index, a_spent_bound_is_reported_where_it_stopped) {
  // NFS servers s0-s3 times paths p0-p3: each policy is filed under its server, and each needs
  // the exact test with every earlier policy of its server (0, 1, 2 or 3 of them).
  std::string doc = "version: v1\nvolumePolicies:\n";
  for (int i = 0; i < 16; ++i)
    doc += "- conditions:\n    nfs: {server: s" + std::to_string(i % 4) + ", path: /p" + std::to_string(i / 4) +
           "}\n  action:\n    type: fs-backup\n";
  auto r = lint_policy(doc);
  EXPECT_TRUE(r->findings.empty()) << r->dump();  // the default bound is far
  const auto run = [&](std::size_t budget) {
    std::vector<finding> out;
    lint_input in;
    in.backup = &r->backup->built;
    detail::context c(in, out);
    detail::check_unreachable_policies_within(c, budget);
    return out;
  };
  EXPECT_TRUE(run(24).empty());        // 4 policies x 1 test + 4 x 2 + 4 x 3
  std::vector<finding> out = run(20);  // spent within policy 14
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].path, "volumePolicies[14]");
  EXPECT_EQ(out[0].message,
            "volumePolicies[14] (fs-backup) and the 1 policy after it are not checked for being unreachable: the "
            "check stops after 20 pairs of policies whose conditions may overlap");
  EXPECT_FALSE(out[0].never_matches);
  out = run(23);  // spent within the last one
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].message,
            "volumePolicies[15] (fs-backup) is not checked for being unreachable: the check stops after 23 pairs of "
            "policies whose conditions may overlap");
}

}  // namespace
}  // namespace volpol::lint
