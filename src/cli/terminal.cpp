#include "terminal.h"
#include "choice_option.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>

namespace volpol::cli {

void add_color_flag(CLI::App* cmd, std::string& into) {
  add_choice_option(cmd, "--color", into, {"auto", "always", "never"},
                    "Colour the table: auto (on a terminal, unless NO_COLOR is set), always, never")
      ->default_str("auto");
}

bool use_color(const std::string& mode, std::FILE* out) {
  if (mode == "always") return true;
  if (mode == "never") return false;
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color != nullptr && *no_color != '\0') return false;
  const char* term = std::getenv("TERM");
  if (term != nullptr && std::strcmp(term, "dumb") == 0) return false;
  return ::isatty(::fileno(out)) == 1;
}

std::size_t terminal_width(std::FILE* out) {
  const int fd = ::fileno(out);
  if (fd < 0 || ::isatty(fd) != 1) return 0;
  winsize ws{};
  if (::ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
  if (const char* c = std::getenv("COLUMNS")) {
    const long n = std::strtol(c, nullptr, 10);
    if (n > 0 && n < 100000) return static_cast<std::size_t>(n);
  }
  return 0;
}

std::string colorized(std::string_view text, std::span<const color_rule> rules) {
  static constexpr std::string_view codes[] = {"\x1b[31m", "\x1b[32m", "\x1b[33m", "\x1b[36m"};
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    const std::string_view line = text.substr(0, nl == std::string_view::npos ? text.size() : nl + 1);
    text.remove_prefix(line.size());
    std::size_t at = std::string_view::npos;
    const color_rule* hit = nullptr;
    for (const color_rule& r : rules) {
      const std::size_t pos = r.line_start ? (line.starts_with(r.needle) ? 0 : std::string_view::npos)
                                           : line.find(r.needle);
      if (pos != std::string_view::npos) {
        at = pos + r.offset;
        hit = &r;
        break;
      }
    }
    if (hit == nullptr || at + hit->length > line.size()) {
      out += line;
      continue;
    }
    out += line.substr(0, at);
    out += codes[static_cast<std::size_t>(hit->c)];
    out += line.substr(at, hit->length);
    out += "\x1b[0m";
    out += line.substr(at + hit->length);
  }
  return out;
}

void write_colorized(std::string_view text, std::span<const color_rule> rules, const std::string& mode,
                     std::FILE* out) {
  if (!use_color(mode, out)) {
    std::fwrite(text.data(), 1, text.size(), out);
    return;
  }
  const std::string colored = colorized(text, rules);
  std::fwrite(colored.data(), 1, colored.size(), out);
}

}  // namespace volpol::cli
