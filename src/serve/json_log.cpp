// JSON lines on stderr (see json_log.h).
#include "json_log.h"

#include <fmt/format.h>

#include <chrono>
#include <ctime>

#include "volpol/detail/json_text.h"

namespace volpol::serve::detail {

namespace {

const char* level_name(log_level l) {
  switch (l) {
    case log_level::debug: return "debug";
    case log_level::info: return "info";
    case log_level::warn: return "warn";
    case log_level::error: return "error";
  }
  return "info";
}

std::string utc_now() {
  const auto now = std::chrono::system_clock::now();
  const std::time_t t = std::chrono::system_clock::to_time_t(now);
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
  std::tm tm{};
  gmtime_r(&t, &tm);
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                     tm.tm_hour, tm.tm_min, tm.tm_sec, ms);
}

/// slog's JSONHandler writes strings as Go's encoding/json does (no HTML escaping).
std::string quote(std::string_view s) { return go_json_string(s, go_escape_html::no); }

}  // namespace

log_field json_field(std::string_view key, std::string_view text) { return {key, quote(text)}; }
log_field number_field(std::string_view key, double value) { return {key, fmt::format("{}", value)}; }
log_field bool_field(std::string_view key, bool value) { return {key, value ? "true" : "false"}; }

void json_log::write(log_level level, std::string_view msg, std::initializer_list<log_field> fields) {
  if (!enabled(level)) return;
  std::string line = fmt::format(R"({{"time":"{}","level":"{}","msg":{})", utc_now(), level_name(level), quote(msg));
  for (const log_field& f : fields) line += fmt::format(",{}:{}", quote(f.key), f.json);
  line += "}\n";
  const std::lock_guard<std::mutex> lock(mutex_);
  std::fwrite(line.data(), 1, line.size(), out_);
  std::fflush(out_);
}

}  // namespace volpol::serve::detail
