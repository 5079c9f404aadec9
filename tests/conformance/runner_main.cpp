// volpol-conformance [-v] [--velero-version TAG] PATH... — runs every case of every corpus file
// under PATHs, each judged for a Velero release (its `veleroVersion:`, its file's, else TAG,
// else main), and ends with `N passed, M failed`. Exit code 1 on any failure (including an unknown op or a
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

using namespace volpol;
using namespace volpol::conformance;

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc), paths;
  bool verbose = false;
  velero_version version = default_velero_version;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "-v" || a == "--verbose") {
      verbose = true;
    } else if (a == "--velero-version" || a.starts_with("--velero-version=")) {
      const std::string name = a.size() > 16 ? a.substr(17) : (i + 1 < args.size() ? args[++i] : "");
      const auto v = parse_velero_version(name);
      if (!v) {
        std::fprintf(stderr, "error: unknown Velero version `%s`: known are %s\n", name.c_str(),
                     known_velero_versions_text().c_str());
        return 2;
      }
      version = *v;
    } else {
      paths.push_back(a);
    }
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
  const auto cases = load_corpus(paths, file_errors, version);

  std::size_t passed = 0, failed = 0;
  for (const auto& e : file_errors) {
    std::printf("FAIL %s: %s\n", e.file.c_str(), e.message.c_str());
    ++failed;
  }
  for (const auto& c : cases) {
    outcome o;
    const auto it = ops.find(c.op);
    if (!c.version_error.empty()) {
      o = outcome::fail(c.version_error);
    } else if (it == ops.end()) {
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
