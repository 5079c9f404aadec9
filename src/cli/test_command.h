// test_command.h (private to the cli layer) — `volpol test`: run policy tests (test files that say what the
// plan must do with each volume; format in doc/test-files.md).
//
//     volpol test [PATH...] [-o text|json|junit] [--update]
//
// PATHs are test files or folders searched recursively for `volpol-test.yaml` and
// `*.volpol-test.yaml` (default: the current folder). Prints PASS/FAIL per test, each failed
// expectation as a diff (`-` expected, `+` got) with the plan's explanation, and ends with
// `N passed, M failed`. `--update` rewrites the files with what the plan says now.
// Exit codes: 0 every test passed (or --update wrote the files); 1 a test failed, or a file
// could not be read or run; 2 bad usage.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace volpol::cli {

struct test_options {
  std::vector<std::string> paths;
  std::string output = "text";
  std::string color = "auto";  ///< --color: auto, always, never (the text output)
  bool update = false;
  std::string velero_version;  ///< --velero-version: for tests whose server names none
};

CLI::App* setup_test(CLI::App& app, test_options& opt);
int run_test_command(const test_options& opt, std::FILE* out, std::FILE* err);

}  // namespace volpol::cli
