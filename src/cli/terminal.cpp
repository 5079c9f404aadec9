#include "terminal.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>

namespace volpol::cli {

void add_color_flag(CLI::App* cmd, std::string& into) {
  cmd->add_option("--color", into, "Colour the table: auto (on a terminal, unless NO_COLOR is set), always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
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

}  // namespace volpol::cli
