// Reading a policy file: a policy document or a ConfigMap holding one.
#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>

#include "config_map.h"
#include "decode_document.h"

namespace volpol::policy {

namespace {

std::optional<std::string> read_all(const std::string& path, std::string& error) {
  std::ostringstream buffer;
  if (path == "-") {
    buffer << std::cin.rdbuf();
    return buffer.str();
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = std::strerror(errno);
    return std::nullopt;
  }
  buffer << in.rdbuf();
  return buffer.str();
}

}  // namespace

std::optional<resource_policies> load_policy_file(const std::string& path, diagnostics& out) {
  std::string why;
  const std::optional<std::string> text = read_all(path, why);
  text_origin origin;
  origin.file = path;
  if (!text) {
    out.add(origin.diagnose({}, "", fmt::format("cannot read the policy file: {}", why)));
    return std::nullopt;
  }
  detail::node_decoder d(origin, out);
  const std::optional<YAML::Node> root = detail::parse_first_document(*text, d);
  if (!root) return std::nullopt;
  if (detail::is_config_map(*root)) return detail::decode_config_map_node(*root, *text, path, out);
  return detail::decode_document_node(*root, origin, d);
}

result<resource_policies> load_policy_file(const std::string& path) {
  diagnostics out;
  std::optional<resource_policies> doc = load_policy_file(path, out);
  for (const diagnostic& e : out)
    if (e.level == severity::error) return e;
  if (!doc) return make_error(fmt::format("no policy document in `{}`", path));
  return std::move(*doc);
}

}  // namespace volpol::policy
