// `volpol validate`, run in-process: exact output, positions and exit codes.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli_runner.h"

namespace volpol {
namespace {

using testing::run_cli;

/// A file in a fresh temporary folder, removed with the fixture.
class validate_command : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("volpol-validate-" + std::to_string(::getpid()) + "-" +
                                                     ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string write(const std::string& name, const std::string& text) {
    const std::filesystem::path p = dir_ / name;
    std::ofstream(p) << text;
    return p.string();
  }

  std::filesystem::path dir_;
};

TEST_F(validate_command, reports_every_problem_with_its_position) {
  const std::string file = write("broken.yaml",
                                 "version: v1\n"                    // 1
                                 "volumePolicies:\n"                // 2
                                 "  - conditions:\n"                // 3
                                 "      capacity: \"10Gi,1Gi\"\n"   // 4
                                 "      storageClass: [gp2]\n"      // 5
                                 "    action:\n"                    // 6
                                 "      type: snapshot\n"           // 7
                                 "      parameters:\n"              // 8
                                 "        dataMover: velero-fss\n"  // 9
                                 "  - conditions:\n"                // 10
                                 "      pvcPhase: Bound\n"          // 11
                                 "    action:\n"                    // 12
                                 "      type: Skip\n"               // 13
                                 "namespacedFilterPolicies:\n"      // 14
                                 "  - namespaces: [\"team-**\"]\n"  // 15
                                 "    resourceFilters:\n"           // 16
                                 "      - kinds: [Pod]\n"           // 17
                                 "        names: [\"[web\"]\n");    // 18
  const auto r = run_cli({"validate", file});
  EXPECT_EQ(r.exit, 1);
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, file +
                       ":4:17: volumePolicies[0].conditions.capacity: capacity lower bound `10Gi` is greater than its "
                       "upper bound `1Gi` (in `10Gi,1Gi`)\n"
                       "  help: write `lower,upper` with lower ≤ upper, or leave upper empty for no upper bound\n" +
                       file +
                       ":9:20: volumePolicies[0].action.parameters.dataMover: invalid `dataMover` value `velero-fss`\n"
                       "  help: did you mean `velero-fs`? valid values are `velero`, `velero-fs` and `velero-block` "
                       "(or empty)\n" +
                       file +
                       ":11:17: volumePolicies[1].conditions.pvcPhase: `pvcPhase` must be a list of strings, got "
                       "string `Bound`\n"
                       "  help: write a list: `pvcPhase: [Bound]`\n" +
                       file +
                       ":13:13: volumePolicies[1].action.type: unknown action type `Skip`\n"
                       "  help: did you mean `skip`? action types are case-sensitive\n" +
                       file +
                       ":15:18: namespacedFilterPolicies[0].namespaces[0]: invalid namespace pattern `team-**`: "
                       "wildcard pattern contains consecutive asterisks (only single * allowed)\n"
                       "  help: namespace patterns use `*`, `?` and `[abc]` only\n" +
                       file +
                       ":18:17: namespacedFilterPolicies[0].resourceFilters[0].names[0]: invalid glob pattern "
                       "`[web`: unexpected end of input\n"
                       "  help: globs use `*`, `?`, `[abc]`, `[a-z]` and `{a,b}`; escape a literal `[` as `\\[`\n");
}

TEST_F(validate_command, valid_files_print_ok_and_exit_zero) {
  const std::string a = write("a.yaml", "version: v1\nvolumePolicies:\n- action: {type: skip}\n");
  const std::string b = write("b.json", "{\"version\": \"v1\"}\n");
  const auto r = run_cli({"validate", a, b});
  EXPECT_EQ(r.exit, 0);
  EXPECT_EQ(r.out, a + ": OK\n" + b + ": OK\n");
}

TEST_F(validate_command, config_maps_are_checked_with_positions_in_their_file) {
  const std::string cm = write("cm.yaml",
                               "apiVersion: v1\n"
                               "kind: ConfigMap\n"
                               "metadata: {name: policy, namespace: velero}\n"
                               "data:\n"
                               "  policy.yaml: |\n"
                               "    version: v1\n"
                               "    volumePolicies:\n"
                               "    - conditions: {pvcLabels: production}\n"
                               "      action: {type: skip}\n");
  const auto r = run_cli({"validate", cm});
  EXPECT_EQ(r.exit, 1);
  EXPECT_EQ(r.out, cm + ":8:31: ConfigMap velero/policy: volumePolicies[0].conditions.pvcLabels: `pvcLabels` must be "
                        "a map of label names to values, got string `production`\n"
                        "  help: write labels as `key: value` lines under `pvcLabels:`\n");
}

TEST_F(validate_command, restore_and_global_modes) {
  const std::string f = write("p.yaml",
                              "version: v1\n"
                              "volumePolicies: [{action: {type: skip}}]\n"
                              "clusterScopedFilterPolicy: {resourceFilters: [{kinds: [ClusterRole]}]}\n");
  const auto restore = run_cli({"validate", "--restore", f});
  EXPECT_EQ(restore.exit, 1);
  EXPECT_EQ(restore.out, f + ":2:18: volumePolicies: volumePolicies are not supported for restore\n"
                             "  help: volume policies apply to backups; remove them from the restore's policy\n");
  const auto global = run_cli({"validate", "--global", f});
  EXPECT_EQ(global.exit, 0);
  EXPECT_EQ(global.out, f +
                            ":1:1: warning: includeExcludePolicy, clusterScopedFilterPolicy and "
                            "namespacedFilterPolicies are ignored in a global policy: only volumePolicies apply "
                            "globally\n"
                            "  help: move these sections to the policy of each backup that needs them\n" +
                            f + ": OK\n");
}

TEST_F(validate_command, unreadable_files_and_bad_usage) {
  const auto missing = run_cli({"validate", (dir_ / "nope.yaml").string()});
  EXPECT_EQ(missing.exit, 3);  // input that cannot be read
  EXPECT_EQ(missing.err, "error: " + (dir_ / "nope.yaml").string() + ": cannot read: No such file or directory\n");
  EXPECT_EQ(missing.out, "");
  EXPECT_EQ(run_cli({"validate"}).exit, 2);
  EXPECT_EQ(run_cli({"validate", "--global", "--restore", "x.yaml"}).exit, 2);
  EXPECT_EQ(run_cli({"validate", "--bogus", "x.yaml"}).exit, 2);
}

TEST_F(validate_command, a_folder_means_every_policy_file_in_it) {
  const std::string good = write("a.yaml", "version: v1\nvolumePolicies:\n- conditions: {}\n  action: {type: skip}\n");
  const std::string bad = write("b.json", R"({"version": "v1", "volumePolicies": [{"action": {"type": "Skip"}}]})");
  write("notes.txt", "not a policy");
  const auto r = run_cli({"validate", dir_.string()});
  EXPECT_EQ(r.exit, 1);
  EXPECT_EQ(r.out.find(good + ": OK\n"), 0u) << r.out;  // sorted: a.yaml first
  EXPECT_NE(r.out.find(bad + ":1:"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("notes.txt"), std::string::npos);
  const std::filesystem::path empty = dir_ / "empty";
  std::filesystem::create_directories(empty);
  const auto e = run_cli({"validate", empty.string()});
  EXPECT_EQ(e.exit, 3);
  EXPECT_EQ(e.err, "error: " + empty.string() + ": no policy files (*.yaml, *.yml, *.json) in this folder\n");
}

}  // namespace
}  // namespace volpol
