// Inputs that never end or are not text are refused at once, with a message and a bounded
// amount of memory: /dev/zero as objects, policy, test file and lint policy; a line longer
// than --max-object-bytes.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cli_runner.h"

namespace volpol::testing {
namespace {

bool has_dev_zero() { return std::filesystem::exists("/dev/zero"); }

TEST(bounded_inputs, dev_zero_is_refused_at_once_by_every_reader) {
  if (!has_dev_zero()) GTEST_SKIP() << "no /dev/zero";
  const std::string cluster = source_path("examples/cluster");
  struct one {
    std::vector<std::string> args;
    int exit;
    std::string message;
  };
  for (const one& c : std::vector<one>{
           {{"plan", "-f", "/dev/zero"},
            3,
            "/dev/zero:1:1: not read: not text (a NUL byte at offset 0); Kubernetes objects are JSON or YAML text"},
           {{"plan", "-f", cluster, "--policy", "/dev/zero"},
            2,
            "/dev/zero: cannot read the policy file: not text (a NUL byte at offset 0)"},
           {{"validate", "/dev/zero"}, 1, "/dev/zero: cannot read the policy file: not text (a NUL byte at offset 0)"},
           {{"lint", "--policy", "/dev/zero"},
            2,
            "/dev/zero: cannot read the policy file: not text (a NUL byte at offset 0)"},
           {{"test", "/dev/zero"}, 1, "cannot read the test file: not text (a NUL byte at offset 0)"},
           {{"audit", "/dev/zero", "-f", cluster},
            3,
            "/dev/zero: not read: neither JSON nor an archive (a NUL byte at offset 0)"},
       }) {
    SCOPED_TRACE(c.args.front() + " " + c.args.back());
    const cli_result r = run_cli(c.args);
    EXPECT_EQ(r.exit, c.exit);
    EXPECT_NE((r.out + r.err).find(c.message), std::string::npos) << r.out << r.err;
  }
}

TEST(bounded_inputs, a_line_longer_than_the_object_limit_ends_the_stream) {
  const std::string path = std::string(VOLPOL_BINARY_DIR) + "/long-line-test.yaml";
  {
    std::ofstream f(path);
    f << "apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n" << std::string(200000, 'a');
  }
  const cli_result r = run_cli({"plan", "-f", path, "--max-object-bytes", "1000"});
  EXPECT_EQ(r.exit, 1);
  EXPECT_NE(r.err.find("long-line-test.yaml:5: line 5 is longer than 1000 bytes (--max-object-bytes) from offset 45: "
                       "the rest of the input is not read"),
            std::string::npos)
      << r.err;
  std::filesystem::remove(path);
}

// 2,000 items without a kind: each warning has its line and column (counted on from the last
// one, not from byte 0), stderr shows 20 and one summary, -o json keeps all 2,000.
TEST(bounded_inputs, many_alike_warnings_are_capped_on_stderr_and_all_in_json) {
  const std::string path = (std::filesystem::temp_directory_path() / "volpol-many-warnings.json").string();
  {
    std::ofstream f(path);
    f << "{\"apiVersion\": \"v1\", \"kind\": \"List\", \"items\": [\n";
    for (int i = 0; i < 2000; ++i) f << (i ? ",\n" : "") << "  {}";
    f << "\n]}\n";
  }
  const cli_result table = run_cli({"plan", "-f", path});
  EXPECT_EQ(table.exit, 0);  // warnings only: the List holds no object, and says so
  EXPECT_NE(table.err.find(path + ":2:3: warning: items[0]: cannot tell the kind"), std::string::npos) << table.err;
  EXPECT_NE(table.err.find(path + ":21:3: warning: items[19]: cannot tell the kind"), std::string::npos);
  EXPECT_EQ(table.err.find("items[20]:"), std::string::npos);
  EXPECT_NE(table.err.find(path + ": ... and 1,980 more warnings like it (-o json lists every one)"),
            std::string::npos);
  const cli_result json = run_cli({"plan", "-f", path, "-o", "json"});
  EXPECT_NE(json.out.find(path + ":2001:3: warning: items[1999]: cannot tell the kind"), std::string::npos);
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace volpol::testing
