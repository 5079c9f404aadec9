// The commands about volpol itself: version, help, completion, man, schema; usage hints.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <regex>

#include "cli_runner.h"

namespace volpol {
namespace {

using testing::run_cli;

TEST(app, version_names_volpol_its_commit_and_the_velero_commit) {
  const auto flag = run_cli({"--version"});
  const auto cmd = run_cli({"version"});
  EXPECT_EQ(flag.exit, 0);
  EXPECT_EQ(flag.out, cmd.out);
  EXPECT_EQ(flag.err, "");
  EXPECT_TRUE(std::regex_match(flag.out, std::regex("volpol 0\\.1\\.0 \\(commit ([0-9a-f]{12}(-dirty)?|unknown)\\)\\n"
                                                    "mirrors Velero \\(velero-io/velero\\) at commit d2241adb\\n")))
      << flag.out;
}

TEST(app, no_command_prints_the_overview) {
  const auto r = run_cli({});
  EXPECT_EQ(r.exit, 0);
  EXPECT_EQ(r.out.find("volpol: predict what a Velero backup does with every volume, and why\nUsage: volpol"), 0u)
      << r.out;
  EXPECT_NE(r.out.find("Exit codes: 0 clean"), std::string::npos);
}

TEST(app, help_of_a_command_is_its_usage) {
  const auto r = run_cli({"help", "plan"});
  EXPECT_EQ(r.exit, 0);
  EXPECT_EQ(r.out.find("Predict what a Velero backup will do with every volume, and why\nUsage: volpol plan [OPTIONS]"),
            0u)
      << r.out;
  EXPECT_NE(r.out.find("--cluster"), std::string::npos);
  EXPECT_EQ(run_cli({"plan", "--help"}).out.find("Predict what"), 0u);
  const auto unknown = run_cli({"help", "plans"});
  EXPECT_EQ(unknown.exit, 2);
  EXPECT_EQ(unknown.err,
            "error: no command `plans`: the commands are plan, explain, coverage, lint, validate, test, diff, audit, "
            "serve, "
            "schema, completion, version, help\n"
            "see `volpol --help`\n");
}

TEST(app, errors_end_with_a_usage_hint) {
  const auto r = run_cli({"plan", "--snapshot-volume"});
  EXPECT_EQ(r.exit, 2);
  EXPECT_EQ(r.err,
            "error: unknown flag `--snapshot-volume` for `volpol plan`\n"
            "  help: did you mean `--snapshot-volumes`?\n"
            "see `volpol plan --help`\n");
  const auto v = run_cli({"validate", "--bogus", "x.yaml"});
  EXPECT_NE(v.err.find("see `volpol validate --help`"), std::string::npos) << v.err;
}

TEST(app, bash_completion_completes_commands_options_and_values) {
  const auto r = run_cli({"completion", "bash"});
  ASSERT_EQ(r.exit, 0);
  const std::string script = std::string(VOLPOL_BINARY_DIR) + "/app_test_completion.bash";
  std::ofstream(script) << r.out;
  // The real bash runs the script: complete `volpol pl`, `volpol plan --clu`, `volpol plan -o `.
  const std::string cmd = "bash -c 'source " + script +
                          "; c() { COMP_WORDS=(\"$@\"); COMP_CWORD=$(($# - 1)); _volpol; echo \"${COMPREPLY[*]}\"; };"
                          " c volpol pl; c volpol plan --clu; c volpol plan -o \"\"; c volpol completion \"\";"
                          " c volpol lint -o \"\"; c volpol coverage --output p; c volpol plan --velero-version v1.18;"
                          " c volpol lint --fail-level \"\"' > " +
                          script + ".out";
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  std::ifstream in(script + ".out");
  std::string got((std::istreambuf_iterator<char>(in)), {});
  // Each command's own formats (the output_format table), the release table's names.
  EXPECT_EQ(got,
            "plan\n--cluster\ntable wide json yaml volumeinfo html\n-h --help bash zsh fish\n"
            "text json sarif github\nprometheus\nv1.18.0 v1.18.2 v1.18 v1.18.1\nerror warning info\n");
}

TEST(app, zsh_and_fish_completion_scripts_parse) {
  for (const std::string shell : {"zsh", "fish"}) {
    if (std::system(("command -v " + shell + " >/dev/null").c_str()) != 0) GTEST_SKIP() << shell << " not installed";
    const auto r = run_cli({"completion", shell});
    ASSERT_EQ(r.exit, 0);
    EXPECT_NE(r.out.find("resource-policies-configmap"), std::string::npos) << shell;
    const std::string script = std::string(VOLPOL_BINARY_DIR) + "/app_test_completion." + shell;
    std::ofstream(script) << r.out;
    EXPECT_EQ(std::system((shell + " -n " + script).c_str()), 0) << shell;
  }
  const auto bad = run_cli({"completion", "tcsh"});
  EXPECT_EQ(bad.exit, 2);
}

TEST(app, man_pages_are_roff_with_every_option) {
  const auto page = run_cli({"man", "plan"});
  ASSERT_EQ(page.exit, 0);
  EXPECT_EQ(page.out.find(".TH VOLPOL-PLAN 1 \"\" \"volpol 0.1.0\" \"volpol manual\"\n.SH NAME\nvolpol\\-plan \\- "),
            0u)
      << page.out;
  for (const char* opt : {"\\-\\-cluster", "\\-\\-from\\-backup", "\\-\\-policy", ".SH EXIT STATUS"})
    EXPECT_NE(page.out.find(opt), std::string::npos) << opt;
  const auto top = run_cli({"man"});
  EXPECT_NE(top.out.find(".SH COMMANDS"), std::string::npos);
  // `man` is not listed among the commands (the build runs it).
  EXPECT_EQ(run_cli({"--help"}).out.find("  man "), std::string::npos);
}

TEST(app, help_without_a_command_is_the_overview) {
  const auto overview = run_cli({});
  const auto help = run_cli({"help"});
  EXPECT_EQ(help.exit, 0);
  EXPECT_EQ(help.out, overview.out);
  EXPECT_NE(help.out.find("plan"), std::string::npos);
}

TEST(app, schema_is_draft_2020_12) {
  const auto r = run_cli({"schema"});
  EXPECT_EQ(r.exit, 0);
  EXPECT_NE(r.out.find("\"$schema\": \"https://json-schema.org/draft/2020-12/schema\""), std::string::npos);
  EXPECT_NE(r.out.find("\"volumePolicies\""), std::string::npos);
}

// kubectl skips the files of $KUBECONFIG it cannot read, then finds no context: volpol names
// the files instead of "sets no current context".
TEST(app, cluster_with_kubeconfig_env_naming_no_readable_file) {
  const char* before = std::getenv("KUBECONFIG");
  const std::string saved = before != nullptr ? before : "";
  setenv("KUBECONFIG", "/nonexistent/a.yaml:/nonexistent/b.yaml", 1);
  const auto r = run_cli({"plan", "--cluster"});
  if (before != nullptr) setenv("KUBECONFIG", saved.c_str(), 1);
  else unsetenv("KUBECONFIG");
  EXPECT_EQ(r.exit, 3);
  EXPECT_EQ(r.err,
            "error: --cluster: no kubeconfig: $KUBECONFIG names no file that can be read (`/nonexistent/a.yaml`: No "
            "such file or directory; `/nonexistent/b.yaml`: No such file or directory)\n"
            "  help: set KUBECONFIG to the kubeconfig file(s) kubectl uses, or give --kubeconfig FILE\n");
}

}  // namespace
}  // namespace volpol
