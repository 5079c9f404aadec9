// A failed write of the output is an error (exit 4, a message naming the output), for every
// command: `volpol plan ... > /dev/full` must not exit 0 as if the plan had been written.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "cli_runner.h"

namespace volpol::testing {
namespace {

cli_result run_to_full(const std::vector<std::string>& args) {
  std::FILE* full = std::fopen("/dev/full", "w");
  if (full == nullptr) return {};
  char* err_buf = nullptr;
  std::size_t err_len = 0;
  std::FILE* err = open_memstream(&err_buf, &err_len);
  cli_result r;
  r.exit = volpol::cli::run(args, full, err);
  std::fclose(full);
  std::fclose(err);
  r.err.assign(err_buf, err_len);
  std::free(err_buf);
  return r;
}

TEST(output_errors, a_full_disk_fails_every_command_with_exit_4) {
  if (std::FILE* probe = std::fopen("/dev/full", "w"); probe == nullptr) GTEST_SKIP() << "no /dev/full";
  else std::fclose(probe);
  for (const std::vector<std::string>& args : {std::vector<std::string>{"plan", "-f", source_path("examples/cluster")},
                                               {"validate", source_path("examples/policies")},
                                               {"schema"},
                                               {"version"},
                                               {"lint", "--policy", source_path("examples/policies/global.yaml")}}) {
    SCOPED_TRACE(args.front());
    const cli_result r = run_to_full(args);
    EXPECT_EQ(r.exit, volpol::cli::exit_output_failed);
    EXPECT_NE(r.err.find("error: cannot write the output to standard output: No space left on device"),
              std::string::npos)
        << r.err;
  }
}

TEST(output_errors, a_written_output_exits_as_the_command_does) {
  const cli_result r = run_cli({"version"});
  EXPECT_EQ(r.exit, 0);
  EXPECT_TRUE(r.err.empty()) << r.err;
}

}  // namespace
}  // namespace volpol::testing
