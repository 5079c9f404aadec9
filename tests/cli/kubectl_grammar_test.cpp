// The command line as kubectl users type it (issue 35): one value per flag occurrence,
// positionals anywhere, -f=x, --bool false, -A, -n qualifying a bare name, -o in any case,
// did-you-mean for commands and flags, CLI11's messages in volpol's voice; and the table's
// -o wide, --no-headers and --color.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.h"
#include "volpol/cli/app.h"

using volpol::testing::run_cli;

namespace {

const std::string policy = VOLPOL_SOURCE_DIR "/examples/policies/csi-snapshot-else-fs-backup.yaml";
const std::string cluster = VOLPOL_SOURCE_DIR "/examples/cluster";
const std::string shop = VOLPOL_SOURCE_DIR "/examples/cluster/shop.yaml";
const std::string pvs = VOLPOL_SOURCE_DIR "/examples/cluster/persistentvolumes.yaml";
const std::string media = VOLPOL_SOURCE_DIR "/examples/cluster/media.yaml";

std::size_t lines(const std::string& s) { return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n')); }

TEST(kubectl_grammar, a_flag_takes_one_value_and_positionals_go_anywhere) {
  // kubectl: `-f` takes one value; the volume after it is a positional.
  const auto r = run_cli({"explain", "--policy", policy, "-f", shop, "shop/data-postgres-0", "-f", pvs});
  EXPECT_EQ(r.exit, 0) << r.err;
  EXPECT_EQ(r.out.find("shop/data-postgres-0\n"), 0u) << r.out;
  // Repeated -f adds inputs; the positional first works too.
  const auto two = run_cli({"explain", "media/media-library", "-f", shop, "-f", media, "-f", pvs, "--policy", policy});
  EXPECT_EQ(two.exit, 0) << two.err;
  EXPECT_EQ(two.out.find("media/media-library\n"), 0u) << two.out;
  // Commas separate files, as in kubectl's -f.
  const auto commas = run_cli(
      {"explain", "media/media-library", "-f", shop + "," + media + "," + pvs, "--policy", policy});
  EXPECT_EQ(commas.exit, 0) << commas.err;
  EXPECT_EQ(commas.out, two.out);
}

TEST(kubectl_grammar, equals_forms_booleans_and_output_case) {
  const auto eq = run_cli({"plan", "-f=" + shop, "--filename=" + pvs, "--policy=" + policy, "-o=JSON"});
  EXPECT_EQ(eq.exit, 0) << eq.err;
  EXPECT_EQ(eq.out.find("{"), 0u) << eq.out.substr(0, 80);
  const auto yml = run_cli({"plan", "-f", shop, "-f", pvs, "--policy", policy, "-o", "yml"});
  EXPECT_EQ(yml.exit, 0) << yml.err;
  EXPECT_EQ(yml.out.find("apiVersion"), std::string::npos);  // a plan, not an object
  // `--snapshot-volumes false` is `--snapshot-volumes=false`, in any case.
  const auto spaced = run_cli({"plan", "-f", shop, "-f", pvs, "--snapshot-volumes", "FALSE", "-o", "json"});
  const auto joined = run_cli({"plan", "-f", shop, "-f", pvs, "--snapshot-volumes=false", "-o", "json"});
  EXPECT_EQ(spaced.exit, 0) << spaced.err;
  EXPECT_EQ(spaced.out, joined.out);
  EXPECT_NE(spaced.out.find("snapshotVolumes is false"), std::string::npos) << spaced.out.substr(0, 2000);
}

TEST(kubectl_grammar, all_namespaces_and_namespace_qualified_names) {
  const auto all = run_cli({"plan", "-A", "-f", cluster, "--policy", policy});
  const auto plain = run_cli({"plan", "-f", cluster, "--policy", policy});
  EXPECT_EQ(all.exit, 0) << all.err;
  EXPECT_EQ(all.out, plain.out);
  const auto both = run_cli({"plan", "-A", "-n", "shop", "-f", cluster});
  EXPECT_EQ(both.exit, 2);
  EXPECT_EQ(both.err, "error: --namespace and --all-namespaces cannot go together\nsee `volpol plan --help`\n");
  // A bare name is qualified by -n, as kubectl does.
  const auto bare = run_cli({"explain", "data-postgres-0", "-n", "shop", "-f", cluster, "--policy", policy});
  EXPECT_EQ(bare.exit, 0) << bare.err;
  EXPECT_EQ(bare.out.find("shop/data-postgres-0\n"), 0u) << bare.out;
  const auto pod_volume = run_cli({"explain", "postgres-0/scratch", "-n", "shop", "-f", cluster});
  EXPECT_EQ(pod_volume.exit, 0) << pod_volume.err;
  EXPECT_EQ(pod_volume.out.find("shop/postgres-0/scratch\n"), 0u) << pod_volume.out;
}

TEST(kubectl_grammar, the_last_value_of_a_flag_given_twice_wins_and_short_flags_combine) {
  const auto twice = run_cli(
      {"plan", "-f", cluster, "-o", "yaml", "-o", "json", "--policy", "nope", "--policy", policy});
  EXPECT_EQ(twice.exit, 0) << twice.err;
  EXPECT_EQ(twice.out.find("{"), 0u);
  const auto combined = run_cli({"plan", "-Af", cluster, "--policy", policy});
  const auto apart = run_cli({"plan", "-A", "-f", cluster, "--policy", policy});
  EXPECT_EQ(combined.exit, 0) << combined.err;
  EXPECT_EQ(combined.out, apart.out);
}

TEST(kubectl_grammar, explain_prints_what_it_found_and_fails_for_the_rest) {
  const auto r = run_cli({"explain", "shop/data-postgres-0", "nope/x", "-f", cluster, "--policy", policy});
  EXPECT_EQ(r.exit, 2);
  EXPECT_EQ(r.out.find("shop/data-postgres-0\n"), 0u) << r.out;
  EXPECT_EQ(r.err, "error: no volume `nope/x` in the plan\n") << r.err;
  const auto filtered = run_cli({"explain", "shop/data-postgres-0", "-n", "media", "-f", cluster});
  EXPECT_EQ(filtered.exit, 2);
  EXPECT_NE(filtered.err.find("-n media leaves other namespaces out of the plan"), std::string::npos) << filtered.err;
}

TEST(kubectl_grammar, did_you_mean_for_commands_and_flags) {
  const auto cmd = run_cli({"plna", "-f", "x"});
  EXPECT_EQ(cmd.exit, 2);
  EXPECT_EQ(cmd.err, "error: unknown command `plna`\n  help: did you mean `plan`?\nsee `volpol --help`\n");
  const auto flag = run_cli({"plan", "--polcy", "p.yaml"});
  EXPECT_EQ(flag.exit, 2);
  EXPECT_EQ(flag.err,
            "error: unknown flag `--polcy` for `volpol plan`\n  help: did you mean `--policy`?\nsee `volpol plan "
            "--help`\n");
  const auto far = run_cli({"zzzzzz"});
  EXPECT_EQ(far.exit, 2);
  EXPECT_NE(far.err.find("  help: the commands are `"), std::string::npos) << far.err;
}

TEST(kubectl_grammar, cli11_messages_in_volpols_voice) {
  struct expected {
    std::vector<std::string> args;
    std::string err;
  } cases[] = {
      {{"plan", "--policy"}, "error: --policy needs a value\nsee `volpol plan --help`\n"},
      {{"plan", "--threads", "abc", "-f", "x"},
       "error: --threads: `abc` is not a number from 0 to 256\nsee `volpol plan --help`\n"},
      {{"plan", "-o", "xml", "-f", "x"},
       "error: --output: `xml` is not one of table, wide, json, yaml, volumeinfo, html\nsee `volpol plan --help`\n"},
      {{"validate", "--global", "--restore", "x"},
       "error: --global and --restore cannot go together\nsee `volpol validate --help`\n"},
      {{"completion"}, "error: missing SHELL\nsee `volpol completion --help`\n"},
      {{"serve"}, "error: --tls-cert is required: give it\nsee `volpol serve --help`\n"},
      {{"plan", "--policy", "", "examples/policies/global.yaml", "-f", "x"},
       "error: --policy needs a value, and it is empty\nsee `volpol plan --help`\n"},
      {{"plan", "-f", "x", "-n="}, "error: -n needs a value, and it is empty\nsee `volpol plan --help`\n"},
      {{"plan", "-f", "x", "--threads", ""},
       "error: --threads needs a value, and it is empty\nsee `volpol plan --help`\n"},
      {{"plan", "-f", "x", "--snapshot-volumes="},
       "error: --snapshot-volumes: an empty value\n  help: give --snapshot-volumes, --snapshot-volumes=true or "
       "--snapshot-volumes=false\nsee `volpol plan --help`\n"},
      {{"--polcy"},
       "error: unknown flag `--polcy`\n  help: flags go after the command: `volpol plan -f PATH`\nsee `volpol "
       "--help`\n"},
      {{"plan", "-f", "x", "extra"},
       "error: unexpected argument `extra` for `volpol plan`\n"
       "  help: each flag takes one value (`-f a -f b`, or `-f a,b`)\n"
       "see `volpol plan --help`\n"},
  };
  for (const expected& c : cases) {
    const auto r = run_cli(c.args);
    EXPECT_EQ(r.exit, 2) << c.args[0] << " " << c.args[1];
    EXPECT_EQ(r.err, c.err);
  }
}

TEST(kubectl_grammar, help_has_no_cli11_notation) {
  const auto r = run_cli({"plan", "--help"});
  ASSERT_EQ(r.exit, 0);
  for (const char* notation : {"{true}", ":UINT", "in [", "TEXT", ":{", "=table"})
    EXPECT_EQ(r.out.find(notation), std::string::npos) << notation << "\n" << r.out;
  EXPECT_NE(r.out.find("--threads N "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(default 0)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("-o, --output FORMAT"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Output format (one of table, wide, json, yaml, volumeinfo, html; default table)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("-A, --all-namespaces"), std::string::npos) << r.out;
}

TEST(plan_table, wide_no_headers_and_color) {
  const auto table = run_cli({"plan", "-f", cluster, "--policy", policy});
  ASSERT_EQ(table.exit, 0) << table.err;
  EXPECT_EQ(table.out.find("NAMESPACE  VOLUME  "), 0u) << table.out;
  EXPECT_EQ(table.out.find("STORAGECLASS"), std::string::npos);
  EXPECT_EQ(table.out.find('\x1b'), std::string::npos);  // not a terminal: no colour
  const auto wide = run_cli({"plan", "-f", cluster, "--policy", policy, "-o", "wide"});
  ASSERT_EQ(wide.exit, 0) << wide.err;
  for (const char* h : {"POD/VOLUME", "PVC", "PV", "STORAGECLASS", "SNAPSHOTCLASS", "DATAMOVER"})
    EXPECT_NE(wide.out.find(h), std::string::npos) << h;
  const auto rows = run_cli({"plan", "-f", cluster, "--policy", policy, "--no-headers"});
  ASSERT_EQ(rows.exit, 0) << rows.err;
  // One line per row: the table's lines before its summary, less the header.
  const std::string table_rows = table.out.substr(0, table.out.find("\n\n") + 1);
  EXPECT_EQ(lines(rows.out), lines(table_rows) - 1) << rows.out;
  // Columns are sized by the rows alone (kubectl's --no-headers): the same cells, words apart.
  const auto words = [](const std::string& line) {
    std::vector<std::string> w;
    std::istringstream in(line);
    for (std::string s; in >> s;) w.push_back(s);
    return w;
  };
  const std::string first_row = table_rows.substr(table_rows.find('\n') + 1);
  EXPECT_EQ(words(rows.out.substr(0, rows.out.find('\n'))), words(first_row.substr(0, first_row.find('\n'))));
  const auto color = run_cli({"plan", "-f", cluster, "--policy", policy, "--color=always"});
  EXPECT_NE(color.out.find("\x1b[32mcsi-snapshot\x1b[0m"), std::string::npos) << color.out;
  EXPECT_NE(color.out.find("\x1b[36mfs-backup\x1b[0m"), std::string::npos) << color.out;
  const auto never = run_cli({"plan", "-f", cluster, "--policy", policy, "--color", "never"});
  EXPECT_EQ(never.out, table.out);
}

}  // namespace
