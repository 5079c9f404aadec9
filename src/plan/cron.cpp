// A Schedule's timing: Go durations (Velero's `ttl`, cron's `@every`) and robfig/cron v3's
// standard specs as pkg/controller/schedule_controller.go `parseCronSchedule` parses them
// (cron.ParseStandard: parser.go `Parse`, `getField`, `getRange`, `parseDescriptor`; spec.go
// `dayMatches`). See coverage.h.
#include <fmt/format.h>

#include <array>
#include <charconv>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "volpol/plan/coverage.h"

namespace volpol::plan {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

// Go's time.ParseDuration: [-+]? ( digits [. digits] unit )+ ; "0" alone. Units ns us µs ms s m h.
result<std::int64_t> parse_go_duration(std::string_view text) {
  const auto invalid = [&] { return make_error(fmt::format("invalid duration `{}`", escape_text(text))); };
  std::string_view s = text;
  bool negative = false;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
    negative = s[0] == '-';
    s.remove_prefix(1);
  }
  if (s == "0") return std::int64_t{0};
  if (s.empty()) return invalid();
  long double total = 0;  // nanoseconds
  while (!s.empty()) {
    std::size_t i = 0;
    long double number = 0;
    bool digits = false;
    while (i < s.size() && is_digit(s[i])) {
      number = number * 10 + (s[i] - '0');
      digits = true;
      ++i;
    }
    if (i < s.size() && s[i] == '.') {
      ++i;
      long double scale = 0.1L;
      while (i < s.size() && is_digit(s[i])) {
        number += (s[i] - '0') * scale;
        scale /= 10;
        digits = true;
        ++i;
      }
    }
    if (!digits) return invalid();
    s.remove_prefix(i);
    static constexpr std::pair<std::string_view, long double> units[] = {{"ns", 1.0L},        {"us", 1e3L},
                                                                         {"\xC2\xB5s", 1e3L}, {"\xCE\xBCs", 1e3L},
                                                                         {"ms", 1e6L},        {"s", 1e9L},
                                                                         {"m", 60e9L},        {"h", 3600e9L}};
    bool matched = false;
    for (const auto& [unit, ns] : units)  // "ms" before "m" and "s": the longest first
      if (s.starts_with(unit) && !(unit == "m" && s.starts_with("ms"))) {
        total += number * ns;
        s.remove_prefix(unit.size());
        matched = true;
        break;
      }
    if (!matched)
      return make_error(
          fmt::format("invalid duration `{}`: {}", escape_text(text), s.empty() ? "missing unit" : "unknown unit"));
    if (total > 9.3e18L) return make_error(fmt::format("invalid duration `{}`: too long", escape_text(text)));
  }
  const auto seconds = static_cast<std::int64_t>(total / 1e9L);
  return negative ? -seconds : seconds;
}

std::string go_duration_text(std::int64_t seconds) {
  if (seconds == 0) return "0s";
  std::string sign = seconds < 0 ? "-" : "";
  const std::uint64_t s = seconds < 0 ? 0 - static_cast<std::uint64_t>(seconds) : static_cast<std::uint64_t>(seconds);
  if (s < 60) return fmt::format("{}{}s", sign, s);
  if (s < 3600) return fmt::format("{}{}m{}s", sign, s / 60, s % 60);
  return fmt::format("{}{}h{}m{}s", sign, s / 3600, s % 3600 / 60, s % 60);
}

std::string short_duration_text(std::int64_t s) {
  if (s == 0) return "0s";
  const std::string sign = s < 0 ? "-" : "";
  const std::uint64_t u = s < 0 ? 0 - static_cast<std::uint64_t>(s) : static_cast<std::uint64_t>(s);
  std::string out = sign;
  const std::pair<std::uint64_t, char> units[] = {{86400, 'd'}, {3600, 'h'}, {60, 'm'}, {1, 's'}};
  std::uint64_t left = u;
  for (const auto& [size, unit] : units)
    if (left >= size) {
      out += fmt::format("{}{}", left / size, unit);
      left %= size;
    }
  return out;
}

namespace {

struct bounds {
  unsigned min, max;
  std::array<std::string_view, 12> names{};  // names[i] = value min + i (months) or i (days)
  unsigned name_base = 0;
};
constexpr bounds minutes{0, 59}, hours{0, 23}, dom{1, 31};
constexpr bounds months{1, 12, {"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}, 1};
constexpr bounds dow{0, 6, {"sun", "mon", "tue", "wed", "thu", "fri", "sat"}, 0};
constexpr std::uint64_t star_bit = std::uint64_t{1} << 63;

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

/// robfig's mustParseInt (strconv.Atoi: an optional sign, digits).
result<unsigned> parse_int(std::string_view expr) {
  std::string_view digits = expr;
  bool negative = false;
  if (!digits.empty() && (digits[0] == '+' || digits[0] == '-')) {
    negative = digits[0] == '-';
    digits.remove_prefix(1);
  }
  unsigned long long n = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
  if (digits.empty() || ec != std::errc{} || end != digits.data() + digits.size() || n > 1000000)
    return make_error(fmt::format("failed to parse int from {}", escape_text(expr)));
  if (negative && n > 0) return make_error(fmt::format("negative number ({}) not allowed: {}", n, escape_text(expr)));
  return static_cast<unsigned>(n);
}

result<unsigned> parse_int_or_name(std::string_view expr, const bounds& r) {
  const std::string l = lower(expr);
  for (std::size_t i = 0; i < r.names.size(); ++i)
    if (!r.names[i].empty() && r.names[i] == l) return static_cast<unsigned>(i + r.name_base);
  return parse_int(expr);
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= s.size(); ++i)
    if (i == s.size() || s[i] == sep) {
      out.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  return out;
}

// parser.go `getRange`.
result<std::uint64_t> get_range(std::string_view expr, const bounds& r) {
  const std::vector<std::string_view> range_and_step = split(expr, '/');
  const std::vector<std::string_view> low_and_high = split(range_and_step[0], '-');
  const bool single_digit = low_and_high.size() == 1;
  unsigned start = 0, end = 0, step = 1;
  std::uint64_t extra = 0;
  if (low_and_high[0] == "*" || low_and_high[0] == "?") {
    start = r.min;
    end = r.max;
    extra = star_bit;
  } else {
    auto s = parse_int_or_name(low_and_high[0], r);
    if (const diagnostic* e = s.error()) return *e;
    start = *s;
    if (low_and_high.size() == 1) {
      end = start;
    } else if (low_and_high.size() == 2) {
      auto e2 = parse_int_or_name(low_and_high[1], r);
      if (const diagnostic* e = e2.error()) return *e;
      end = *e2;
    } else {
      return make_error(fmt::format("too many hyphens: {}", escape_text(expr)));
    }
  }
  if (range_and_step.size() == 2) {
    auto st = parse_int(range_and_step[1]);
    if (const diagnostic* e = st.error()) return *e;
    step = *st;
    if (single_digit) end = r.max;  // "N/step" means "N-max/step"
    if (step > 1) extra = 0;
  } else if (range_and_step.size() > 2) {
    return make_error(fmt::format("too many slashes: {}", escape_text(expr)));
  }
  if (start < r.min)
    return make_error(fmt::format("beginning of range ({}) below minimum ({}): {}", start, r.min, escape_text(expr)));
  if (end > r.max)
    return make_error(fmt::format("end of range ({}) above maximum ({}): {}", end, r.max, escape_text(expr)));
  if (start > end)
    return make_error(
        fmt::format("beginning of range ({}) beyond end of range ({}): {}", start, end, escape_text(expr)));
  if (step == 0) return make_error(fmt::format("step of range should be a positive number: {}", escape_text(expr)));
  std::uint64_t bits = 0;
  for (unsigned i = start; i <= end; i += step) bits |= std::uint64_t{1} << i;
  return bits | extra;
}

// parser.go `getField`: a comma-separated list of ranges (empty pieces dropped, as FieldsFunc).
result<std::uint64_t> get_field(std::string_view field, const bounds& r) {
  std::uint64_t bits = 0;
  for (std::string_view expr : split(field, ',')) {
    if (expr.empty()) continue;
    auto b = get_range(expr, r);
    if (const diagnostic* e = b.error()) return *e;
    bits |= *b;
  }
  return bits;
}

struct spec_schedule {
  std::uint64_t minute = 0, hour = 0, dom = 0, month = 0, dow = 0;
};

bool leap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }
int days_in(int y, int m) {
  static constexpr int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return m == 2 && leap(y) ? 29 : days[m - 1];
}

// spec.go `dayMatches`.
bool day_matches(const spec_schedule& s, int day, int weekday) {
  const bool dom_match = (std::uint64_t{1} << day & s.dom) != 0;
  const bool dow_match = (std::uint64_t{1} << weekday & s.dow) != 0;
  if ((s.dom & star_bit) != 0 || (s.dow & star_bit) != 0) return dom_match && dow_match;
  return dom_match || dow_match;
}

/// Runs over eight years from 2024-01-01 (a Monday), UTC: the longest gap and the runs of 2025.
cron_timing timing_of(const spec_schedule& s) {
  cron_timing t;
  std::int64_t day_start = 0;  // seconds since 2024-01-01
  int weekday = 1;
  std::optional<std::int64_t> previous;
  std::int64_t longest = 0;
  for (int y = 2024; y < 2032; ++y)
    for (int m = 1; m <= 12; ++m)
      for (int d = 1; d <= days_in(y, m); ++d, day_start += 86400, weekday = (weekday + 1) % 7) {
        if ((std::uint64_t{1} << m & s.month) == 0 || !day_matches(s, d, weekday)) continue;
        for (int h = 0; h < 24; ++h) {
          if ((std::uint64_t{1} << h & s.hour) == 0) continue;
          for (int mi = 0; mi < 60; ++mi) {
            if ((std::uint64_t{1} << mi & s.minute) == 0) continue;
            const std::int64_t at = day_start + h * 3600 + mi * 60;
            if (previous) longest = std::max(longest, at - *previous);
            previous = at;
            if (y == 2025) ++t.runs_per_year;
          }
        }
      }
  if (!previous) {
    // robfig's Next finds no time within five years and returns the zero time; Velero's
    // getNextRunTime: `asOf.After(nextRunTime)` is then always true: due at every check.
    t.never_matches = true;
    t.longest_interval = schedule_sync_period_seconds;
    t.runs_per_year = 365 * 86400 / schedule_sync_period_seconds;
    return t;
  }
  t.longest_interval = std::max(longest > 0 ? longest : std::int64_t{8} * 365 * 86400, schedule_sync_period_seconds);
  return t;
}

/// Whether Go's time.LoadLocation knows `zone`: UTC, Local, or a file of the time zone database
/// (a name of letters, digits, `/`, `_`, `-`, `+`; no `..`). Without a database here, any name.
bool known_zone(std::string_view zone) {
  if (zone.empty() || zone == "UTC" || zone == "Local") return true;
  if (zone.find("..") != std::string_view::npos || zone.front() == '/') return false;
  for (char c : zone)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '/' || c == '_' ||
          c == '-' || c == '+'))
      return false;
  std::error_code ec;
  if (!std::filesystem::is_directory("/usr/share/zoneinfo", ec)) return true;
  return std::filesystem::is_regular_file(std::filesystem::path("/usr/share/zoneinfo") / std::string(zone), ec);
}

}  // namespace

result<cron_timing> parse_cron(std::string_view spec) {
  const auto invalid = [&](const std::string& why) { return make_error(fmt::format("invalid schedule: {}", why)); };
  if (spec.empty()) return invalid("empty spec string");
  // parser.go `Parse`: a leading TZ= or CRON_TZ= names the zone; the rest is the spec.
  if (spec.starts_with("TZ=") || spec.starts_with("CRON_TZ=")) {
    const std::size_t space = spec.find(' ');
    if (space == std::string_view::npos) return invalid(fmt::format("provided bad location {}", escape_text(spec)));
    // time.LoadLocation: "" and "UTC" are UTC, "Local" the server's zone, any other name a file
    // of the IANA database (tzdata; checked here where the machine has it).
    const std::string_view zone = spec.substr(spec.find('=') + 1, space - spec.find('=') - 1);
    if (!known_zone(zone))
      return invalid(
          fmt::format("provided bad location {}: unknown time zone {}", escape_text(zone), escape_text(zone)));
    spec.remove_prefix(space);
    while (!spec.empty() && (spec.front() == ' ' || spec.front() == '\t')) spec.remove_prefix(1);
    while (!spec.empty() && (spec.back() == ' ' || spec.back() == '\t')) spec.remove_suffix(1);
  }
  spec_schedule s;
  if (spec.starts_with("@")) {
    // parser.go `parseDescriptor`.
    const auto at = [](std::uint64_t minute, std::uint64_t hour, std::uint64_t day, std::uint64_t month,
                       std::uint64_t weekday) {
      return spec_schedule{minute, hour, day, month, weekday};
    };
    const std::uint64_t all_dom = 0xFFFFFFFEull | star_bit, all_months = 0x1FFEull | star_bit,
                        all_dow = 0x7Full | star_bit, all_hours = 0xFFFFFFull | star_bit;
    if (spec == "@yearly" || spec == "@annually") s = at(1, 1, 2, 2, all_dow);
    else if (spec == "@monthly") s = at(1, 1, 2, all_months, all_dow);
    else if (spec == "@weekly") s = at(1, 1, all_dom, all_months, 1);
    else if (spec == "@daily" || spec == "@midnight") s = at(1, 1, all_dom, all_months, all_dow);
    else if (spec == "@hourly") s = at(1, all_hours, all_dom, all_months, all_dow);
    else if (spec.starts_with("@every ")) {
      auto d = parse_go_duration(spec.substr(7));
      if (const diagnostic* e = d.error())
        return invalid(fmt::format("failed to parse duration {}: {}", escape_text(spec), e->message));
      cron_timing t;
      // constantdelay.go `Every`: below a second is a second; the controller checks once a minute.
      // The controller finds a Schedule due at its next check after the interval: a whole number
      // of sync periods (`@every 90s` runs every 2 minutes).
      const std::int64_t every = std::max<std::int64_t>(*d, 1);
      t.longest_interval = (every + schedule_sync_period_seconds - 1) / schedule_sync_period_seconds *
                           schedule_sync_period_seconds;
      t.runs_per_year = static_cast<std::size_t>(365 * 86400 / *t.longest_interval);
      return t;
    } else {
      return invalid(fmt::format("unrecognized descriptor: {}", escape_text(spec)));
    }
    return timing_of(s);
  }
  std::vector<std::string_view> fields;
  for (std::size_t i = 0; i < spec.size();) {
    while (i < spec.size() && (spec[i] == ' ' || spec[i] == '\t' || spec[i] == '\n' || spec[i] == '\r')) ++i;
    const std::size_t start = i;
    while (i < spec.size() && !(spec[i] == ' ' || spec[i] == '\t' || spec[i] == '\n' || spec[i] == '\r')) ++i;
    if (i > start) fields.push_back(spec.substr(start, i - start));
  }
  if (fields.size() != 5)
    return invalid(fmt::format("expected exactly 5 fields, found {}: {}", fields.size(), escape_text(spec)));
  const bounds* field_bounds[] = {&minutes, &hours, &dom, &months, &dow};
  std::uint64_t* targets[] = {&s.minute, &s.hour, &s.dom, &s.month, &s.dow};
  for (std::size_t i = 0; i < 5; ++i) {
    auto bits = get_field(fields[i], *field_bounds[i]);
    if (const diagnostic* e = bits.error()) return invalid(e->message);
    *targets[i] = *bits;
  }
  return timing_of(s);
}

}  // namespace volpol::plan
