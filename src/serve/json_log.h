// src/serve/json_log.h — internal: one JSON object per line on a stream (stderr), for log
// collectors: {"time":"2026-12-01T17:40:00.123Z","level":"info","msg":"...", ...fields}.
#pragma once

#include <cstdio>
#include <initializer_list>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>

namespace volpol::serve::detail {

enum class log_level : int { debug = 0, info = 1, warn = 2, error = 3 };

/// A field's value, already JSON (use json_field() / number_field()).
struct log_field {
  std::string_view key;
  std::string json;
};

[[nodiscard]] log_field json_field(std::string_view key, std::string_view text);  ///< a string value
[[nodiscard]] log_field number_field(std::string_view key, double value);
[[nodiscard]] log_field bool_field(std::string_view key, bool value);

class json_log {
 public:
  json_log(std::FILE* out, log_level min) : out_(out), min_(min) {}
  [[nodiscard]] bool enabled(log_level l) const { return out_ != nullptr && l >= min_; }
  /// Writes one line (whole lines only: a mutex keeps threads' lines apart).
  void write(log_level level, std::string_view msg, std::initializer_list<log_field> fields = {});

 private:
  std::FILE* out_;
  log_level min_;
  std::mutex mutex_;
};

}  // namespace volpol::serve::detail
