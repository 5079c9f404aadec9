// Runs `volpol ARGS...` in-process (the same code path as main) and captures its output.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "volpol/cli/app.h"

namespace volpol::testing {

struct cli_result {
  int exit = -1;
  std::string out;
  std::string err;
};

inline cli_result run_cli(const std::vector<std::string>& args) {
  char* out_buf = nullptr;
  char* err_buf = nullptr;
  std::size_t out_len = 0, err_len = 0;
  std::FILE* out = open_memstream(&out_buf, &out_len);
  std::FILE* err = open_memstream(&err_buf, &err_len);
  cli_result r;
  r.exit = volpol::cli::run(args, out, err);
  std::fclose(out);
  std::fclose(err);
  r.out.assign(out_buf, out_len);
  r.err.assign(err_buf, err_len);
  std::free(out_buf);
  std::free(err_buf);
  return r;
}

inline std::string source_path(const std::string& rel) { return std::string(VOLPOL_SOURCE_DIR) + "/" + rel; }
/// A file of the tests' data (tests/data/REL): the real dumps and the conformance corpus are there too.
inline std::string test_data_path(const std::string& rel) { return std::string(VOLPOL_TEST_DATA_DIR) + "/" + rel; }

}  // namespace volpol::testing
