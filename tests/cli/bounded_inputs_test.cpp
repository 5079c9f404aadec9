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

}  // namespace
}  // namespace volpol::testing
