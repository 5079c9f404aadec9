#include <gtest/gtest.h>

#include <unistd.h>
#include <filesystem>
#include <fstream>

#include "helper_fixture.h"
#include "volpol/helper/factory.h"

namespace volpol::helper {
namespace {

namespace fs = std::filesystem;

class factory_test : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = fs::temp_directory_path() / ("volpol-helper-factory-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    testing::add_objects(c, R"(
apiVersion: v1
kind: PersistentVolume
metadata: {name: pv-1}
spec: {storageClassName: gold}
)");
  }
  void TearDown() override { fs::remove_all(dir); }
  std::string write(const char* name, const char* text) {
    const fs::path p = dir / name;
    std::ofstream(p) << text;
    return p.string();
  }
  fs::path dir;
  k8s::cluster c;
};

TEST_F(factory_test, no_files_means_no_policies) {
  const auto h = make_volume_helper({}, {.snapshot_volumes = false}, c);
  ASSERT_TRUE(h.ok());
  EXPECT_EQ(h->policies(), nullptr);
  const auto d = h->should_perform_snapshot(*c.find_pv("pv-1"));
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d->why, reason::snapshot_volumes_false);
}

TEST_F(factory_test, global_policies_come_after_the_backup_ones) {
  const std::string own = write("own.yaml", R"(version: v1
volumePolicies:
- conditions: {storageClass: [silver]}
  action: {type: skip}
)");
  const std::string global = write("global.yaml", R"(version: v1
volumePolicies:
- conditions: {storageClass: [gold]}
  action: {type: custom, parameters: {owner: me}}
)");
  const auto h = make_volume_helper({.policy_file = own, .global_policy_file = global}, {}, c);
  ASSERT_TRUE(h.ok()) << h.error()->to_string();
  ASSERT_EQ(h->policies()->volume_policies().size(), 2u);
  const action_parameters p = h->get_action_parameters(*c.find_pv("pv-1"));
  ASSERT_TRUE(p.matched);
  EXPECT_EQ(p.type, "custom");
  EXPECT_EQ(p.policy->scope, policy::policy_scope::global);
}

TEST_F(factory_test, invalid_policy_is_refused_unless_validation_is_off) {
  const std::string bad = write("bad.yaml", R"(version: v2
volumePolicies:
- conditions: {storageClass: [gold]}
  action: {type: snapshot}
)");
  EXPECT_FALSE(make_volume_helper({.policy_file = bad}, {}, c).ok());
  const auto lax = make_volume_helper({.policy_file = bad, .validate = false}, {}, c);
  ASSERT_TRUE(lax.ok());
  const auto d = lax->should_perform_snapshot(*c.find_pv("pv-1"));
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d->why, reason::policy_action);
}

TEST_F(factory_test, unreadable_file_is_an_error) {
  const auto h = make_volume_helper({.policy_file = (dir / "missing.yaml").string()}, {}, c);
  ASSERT_FALSE(h.ok());
  EXPECT_NE(h.error()->to_string().find("missing.yaml"), std::string::npos);
}

}  // namespace
}  // namespace volpol::helper
