// volpol-conformance PATH... — runs every case of every corpus file under PATHs and ends
// with `N passed, M failed`. Exit code 1 on any failure (including an unknown op or a
// corpus file that cannot be read: a failure, never a skip).
//
// Without PATH it reads $VOLPOL_CONFORMANCE_DIR, else tests/data/conformance (run from the
// repository's root).
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "corpus.h"

using namespace volpol::conformance;

int main(int argc, char** argv) {
  std::vector<std::string> paths(argv + 1, argv + argc);
  bool verbose = false;
  if (!paths.empty() && (paths.front() == "-v" || paths.front() == "--verbose")) {
    verbose = true;
    paths.erase(paths.begin());
  }
  if (paths.empty()) {
    const char* env = std::getenv("VOLPOL_CONFORMANCE_DIR");
    paths.emplace_back(env && *env ? env : "tests/data/conformance");
  }

  op_table ops;
  register_quantity_ops(ops);
  register_policy_ops(ops);
  register_match_ops(ops);
  register_helper_ops(ops);
  register_podvolume_ops(ops);
  register_action_ops(ops);

  std::vector<corpus_file_error> file_errors;
  const auto cases = load_corpus(paths, file_errors);

  std::size_t passed = 0, failed = 0;
  for (const auto& e : file_errors) {
    std::printf("FAIL %s: %s\n", e.file.c_str(), e.message.c_str());
    ++failed;
  }
  for (const auto& c : cases) {
    outcome o;
    const auto it = ops.find(c.op);
    if (it == ops.end()) {
      o = outcome::fail("unknown op `" + c.op + "`");
    } else {
      try {
        o = it->second(c);
      } catch (const std::exception& e) {
        o = outcome::fail(std::string("exception: ") + e.what());
      }
    }
    if (o.passed()) {
      ++passed;
      if (verbose) std::printf("ok   %s: %s\n", c.file.c_str(), c.name.c_str());
    } else {
      ++failed;
      std::printf("FAIL %s: %s [%s]\n     from: %s\n     %s\n", c.file.c_str(), c.name.c_str(), c.op.c_str(),
                  c.from.c_str(), o.failure.c_str());
    }
  }
  std::printf("%zu passed, %zu failed\n", passed, failed);
  return failed == 0 && passed > 0 ? 0 : 1;
}
