// src/cli/capped_problems.h — internal: input problems on stderr, at most `per_kind` alike.
// 200,000 objects with the same warning print 20 of them and one summary line; every problem
// is still in the machine outputs (-o json / yaml carry them all).
#pragma once

#include <cstdio>
#include <map>
#include <string>
#include <tuple>

#include "volpol/core/diagnostic.h"

namespace volpol::cli {

class capped_problems {
 public:
  explicit capped_problems(std::FILE* err, std::size_t per_kind = 20) : err_(err), per_kind_(per_kind) {}
  capped_problems(const capped_problems&) = delete;
  capped_problems& operator=(const capped_problems&) = delete;
  /// Writes the summaries ("... and 199,980 more warnings like it").
  ~capped_problems() { finish(); }

  /// Writes `d`, unless `per_kind` problems alike (same file, severity and message once digits
  /// are set aside: `items[7]` is like `items[9]`) were written already; then counts it.
  void write(const diagnostic& d);
  /// The summaries, once.
  void finish();

 private:
  struct kind {
    std::size_t written = 0, held = 0;
    std::string file, example;
    severity level = severity::warning;
  };
  std::FILE* err_;
  std::size_t per_kind_;
  std::map<std::tuple<std::string, int, std::string>, kind> kinds_;
  bool finished_ = false;
};

}  // namespace volpol::cli
