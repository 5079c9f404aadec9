// read_text_file (see volpol/detail/text_file.h).
#include "volpol/detail/text_file.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>

namespace volpol {

result<std::string> read_text_file(const std::string& path, std::uint64_t max_bytes) {
  const bool is_stdin = path == "-";
  const int fd = is_stdin ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return make_error(std::strerror(errno));
  struct closer {
    int fd;
    bool own;
    ~closer() {
      if (own) ::close(fd);
    }
  } close_it{fd, !is_stdin};
  struct stat st {};
  if (::fstat(fd, &st) != 0)
    return make_error(is_stdin ? fmt::format("standard input is not open ({})", std::strerror(errno))
                               : std::string(std::strerror(errno)));
  if (S_ISDIR(st.st_mode)) return make_error("it is a folder");
  std::string text;
  char buf[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0)
      return make_error(is_stdin ? fmt::format("cannot read standard input ({})", std::strerror(errno))
                                 : std::string(std::strerror(errno)));
    if (n == 0) break;
    const auto got = static_cast<std::size_t>(n);
    if (const void* nul = std::memchr(buf, '\0', got))
      return make_error(
          fmt::format("not text (a NUL byte at offset {})", text.size() + (static_cast<const char*>(nul) - buf)));
    if (text.size() + got > max_bytes) return make_error(fmt::format("larger than {} bytes", max_bytes));
    text.append(buf, got);
  }
  return text;
}

std::optional<std::string> unreadable_reason(const std::string& path, bool folder_ok) {
  if (path.empty() || path == "-") return std::nullopt;
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::string(std::strerror(errno));
  if (S_ISDIR(st.st_mode)) return folder_ok ? std::nullopt : std::optional<std::string>("it is a folder");
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::string(errno != 0 ? std::strerror(errno) : "it cannot be opened");
  return std::nullopt;
}

std::optional<diagnostic> unreadable_file_problem(std::string named, const std::string& path, bool folder_ok) {
  const std::optional<std::string> why = unreadable_reason(path, folder_ok);
  if (!why) return std::nullopt;
  diagnostic d = make_error("cannot read: " + *why);
  d.where.file = std::move(named);
  if (*why == "it is a folder") d.help = "give the file itself";
  return d;
}

}  // namespace volpol
