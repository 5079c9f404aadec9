// Reading a policy file: a policy document or a ConfigMap holding one.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include <cerrno>
#include <cstring>

#include "config_map.h"
#include "decode_document.h"

namespace volpol::policy {

namespace {

/// The whole text of `path` ("-" = standard input), opened once and read with read(2), so a
/// FIFO or a process substitution (`<(...)`) works. nullopt with `error` set when it cannot
/// be read: a folder, a missing file, a closed standard input.
std::optional<std::string> read_all(const std::string& path, std::string& error) {
  const bool is_stdin = path == "-";
  const int fd = is_stdin ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = std::strerror(errno);
    return std::nullopt;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    error = is_stdin ? fmt::format("standard input is not open ({})", std::strerror(errno)) : std::strerror(errno);
    if (!is_stdin) ::close(fd);
    return std::nullopt;
  }
  if (S_ISDIR(st.st_mode)) {
    error = "it is a folder; give the policy file itself";
    if (!is_stdin) ::close(fd);
    return std::nullopt;
  }
  std::string text;
  char buf[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      error = is_stdin ? fmt::format("cannot read standard input ({})", std::strerror(errno)) : std::strerror(errno);
      if (!is_stdin) ::close(fd);
      return std::nullopt;
    }
    if (n == 0) break;
    text.append(buf, static_cast<std::size_t>(n));
  }
  if (!is_stdin) ::close(fd);
  return text;
}

}  // namespace

std::optional<resource_policies> load_policy_file(const std::string& path, diagnostics& out,
                                                  const k8s::input_limits& limits) {
  std::string why;
  const std::optional<std::string> text = read_all(path, why);
  text_origin origin;
  origin.file = path;
  origin.limits = limits;
  if (!text) {
    out.add(origin.diagnose({}, "", fmt::format("cannot read the policy file: {}", why)));
    return std::nullopt;
  }
  detail::node_decoder d(origin, out);
  const std::optional<YAML::Node> root = detail::parse_first_document(*text, d);
  if (!root) return std::nullopt;
  if (detail::is_config_map(*root)) return detail::decode_config_map_node(*root, *text, origin, out);
  return detail::decode_document_node(*root, origin, d);
}

result<resource_policies> load_policy_file(const std::string& path, const k8s::input_limits& limits) {
  diagnostics out;
  std::optional<resource_policies> doc = load_policy_file(path, out, limits);
  for (const diagnostic& e : out)
    if (e.level == severity::error) return e;
  if (!doc) return make_error(fmt::format("no policy document in `{}`", path));
  return std::move(*doc);
}

}  // namespace volpol::policy
