// capped_problems (capped_problems.h).
#include "capped_problems.h"

#include <fmt/format.h>

#include <cctype>

namespace volpol::cli {

namespace {

/// `message` with every run of digits as one `#`: what makes problems alike.
std::string shape(const std::string& message) {
  std::string out;
  out.reserve(message.size());
  for (std::size_t i = 0; i < message.size(); ++i) {
    if (std::isdigit(static_cast<unsigned char>(message[i]))) {
      out += '#';
      while (i + 1 < message.size() && std::isdigit(static_cast<unsigned char>(message[i + 1]))) ++i;
    } else {
      out += message[i];
    }
  }
  return out;
}

/// 199980 → "199,980".
std::string grouped(std::size_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

}  // namespace

void capped_problems::write(const diagnostic& d) {
  kind& k = kinds_[{d.where.file, static_cast<int>(d.level), shape(d.message)}];
  if (k.written < per_kind_) {
    ++k.written;
    std::fprintf(err_, "%s\n", d.to_string().c_str());
    return;
  }
  if (k.held++ == 0) {
    k.file = d.where.file;
    k.level = d.level;
    k.example = d.message;
  }
}

void capped_problems::finish() {
  if (finished_) return;
  finished_ = true;
  for (const auto& [key, k] : kinds_) {
    if (k.held == 0) continue;
    const char* what = k.level == severity::error ? (k.held == 1 ? "error" : "errors")
                                                  : (k.held == 1 ? "warning" : "warnings");
    std::fprintf(err_, "%s\n",
                 fmt::format("{}: ... and {} more {} like it (-o json lists every one)",
                             escape_text(k.file.empty() ? "input" : k.file), grouped(k.held), what)
                     .c_str());
  }
}

}  // namespace volpol::cli
