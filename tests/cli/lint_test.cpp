// `volpol lint`: exit codes, validate's messages for rejected policies, rule selection, the
// examples and Velero's documented examples linting clean.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_runner.h"

using volpol::testing::run_cli;
using volpol::testing::source_path;

TEST(lint_cli, examples_lint_clean) {
  for (const auto& e : std::filesystem::directory_iterator(source_path("examples/policies"))) {
    const std::string path = e.path().string();
    const bool global = e.path().filename() == "global.yaml";
    const auto r = run_cli({"lint", global ? "--global-policy" : "--policy", path});
    EXPECT_EQ(r.exit, 0) << path << "\n" << r.out << r.err;
    EXPECT_EQ(r.out, "no findings\n") << path;
  }
}

TEST(lint_cli, examples_lint_clean_against_the_example_cluster) {
  const auto r = run_cli({"lint", "--policy", source_path("examples/policies/snapshot-class-per-storage-class.yaml"),
                          "--global-policy", source_path("examples/policies/global.yaml"), "-f",
                          source_path("examples/cluster"), "--volume-snapshot-locations", "default=aws",
                          "--snapshot-move-data"});
  EXPECT_EQ(r.exit, 0) << r.out << r.err;
  EXPECT_EQ(r.out, "no findings\n");
}

TEST(lint_cli, velero_documented_examples_lint_clean) {
  for (int i = 1; i <= 6; ++i) {
    const std::string path = source_path("tests/data/docs/example-" + std::to_string(i) + ".yaml");
    const auto r = run_cli({"lint", "--policy", path});
    EXPECT_EQ(r.exit, 0) << path << "\n" << r.out;
    EXPECT_EQ(r.out, "no findings\n");
    const auto c = run_cli({"lint", "--policy", path, "-f", source_path("tests/data/docs/cluster.yaml")});
    EXPECT_EQ(c.exit, 0) << path << "\n" << c.out;
  }
}

TEST(lint_cli, findings_exit_1_and_fail_level_error_ignores_warnings) {
  const std::string p = source_path("tests/data/lint/mistakes.yaml");
  EXPECT_EQ(run_cli({"lint", "--policy", p}).exit, 1);
  // mistakes.yaml has errors: still 1 at --fail-level error; with the errors disabled, 0.
  EXPECT_EQ(run_cli({"lint", "--policy", p, "--fail-level", "error"}).exit, 1);
  const auto w = run_cli(
      {"lint", "--policy", p, "--fail-level", "error", "--disable", "VP101,contradictory-conditions"});
  EXPECT_EQ(w.exit, 0) << w.out;
  EXPECT_NE(w.out.find("warning VP110"), std::string::npos) << w.out;
  EXPECT_EQ(w.out.find("VP101"), std::string::npos) << w.out;
}

TEST(lint_cli, disable_all_then_enable_one) {
  const auto r = run_cli({"lint", "--policy", source_path("tests/data/lint/mistakes.yaml"), "--disable", "all",
                          "--enable", "VP121", "-o", "json"});
  EXPECT_EQ(r.exit, 1);
  const YAML::Node doc = YAML::Load(r.out);
  ASSERT_EQ(doc["findings"].size(), 1u) << r.out;
  EXPECT_EQ(doc["findings"][0]["rule"].as<std::string>(), "VP121");
}

TEST(lint_cli, rejected_policy_exits_2_with_validates_messages) {
  const std::string p = source_path("tests/data/plan/broken-policy.yaml");
  const auto v = run_cli({"validate", p});
  const auto l = run_cli({"lint", "--policy", p});
  EXPECT_EQ(v.exit, 1);
  EXPECT_EQ(l.exit, 2);
  EXPECT_FALSE(l.err.empty());
  EXPECT_EQ(l.err, v.out);
  EXPECT_TRUE(l.out.empty());
}

TEST(lint_cli, usage_errors_exit_2) {
  EXPECT_EQ(run_cli({"lint"}).exit, 2);
  EXPECT_EQ(run_cli({"lint", "--policy", source_path("tests/data/lint/mistakes.yaml"), "--disable", "VP999"}).exit, 2);
  EXPECT_EQ(run_cli({"lint", "--explain", "VP999"}).exit, 2);
  EXPECT_EQ(run_cli({"lint", "--policy", "x.yaml", "--fail-level", "fatal"}).exit, 2);
  EXPECT_EQ(run_cli({"lint", "--policy", "x.yaml", "-o", "xml"}).exit, 2);
}

TEST(lint_cli, explain_prints_the_paragraph) {
  const auto r = run_cli({"lint", "--explain", "unreachable-policy"});
  EXPECT_EQ(r.exit, 0);
  EXPECT_TRUE(r.out.starts_with("VP110 unreachable-policy (warning by default, document rule)")) << r.out;
}

TEST(lint_cli, suppression_comments_silence_findings) {
  const auto r = run_cli({"lint", "--policy", source_path("tests/data/lint/suppressed.yaml")});
  EXPECT_EQ(r.exit, 0) << r.out;
  EXPECT_EQ(r.out, "no findings\n");
}

// The README shows the real output of these two commands (run from the repository root).
TEST(lint_cli, readme_shows_the_real_output) {
  std::ifstream in(source_path("README.md"));
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string readme = ss.str();
  const std::string root = std::string(VOLPOL_SOURCE_DIR) + "/";
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"lint", "--policy", "tests/data/lint/mistakes.yaml"},
        std::vector<std::string>{"lint", "--policy", "tests/data/lint/cluster-policy.yaml", "-f",
                                 "tests/data/lint/cluster.yaml"}}) {
    std::vector<std::string> abs = args;
    for (std::string& a : abs)
      if (a.starts_with("tests/")) a = root + a;
    std::string out = run_cli(abs).out;
    for (std::size_t p; (p = out.find(root)) != std::string::npos;) out.erase(p, root.size());
    EXPECT_NE(readme.find("```text\n" + out + "```"), std::string::npos) << out;
  }
}
