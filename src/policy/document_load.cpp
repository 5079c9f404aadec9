// Reading a policy file: a policy document or a ConfigMap holding one.
#include <fmt/format.h>

#include "config_map.h"
#include "decode_document.h"
#include "volpol/detail/text_file.h"

namespace volpol::policy {

std::optional<resource_policies> load_policy_file(const std::string& path, diagnostics& out,
                                                  const k8s::input_limits& limits, velero_version version) {
  // Bounded as one object of the objects' inputs is (--max-object-bytes).
  const result<std::string> text = read_text_file(path, limits.max_object_bytes);
  text_origin origin;
  origin.file = path;
  origin.limits = limits;
  origin.version = version;
  if (const diagnostic* e = text.error()) {
    std::string why = e->message;
    if (why == "it is a folder") why += "; give the policy file itself";
    if (why.starts_with("larger than")) why += " (--max-object-bytes)";
    out.add(origin.diagnose({}, "", fmt::format("cannot read the policy file: {}", why)));
    return std::nullopt;
  }
  return detail::decode_policy_or_config_map(*text, origin, out);
}

namespace detail {

std::optional<resource_policies> decode_policy_or_config_map(std::string_view text, const text_origin& origin,
                                                             diagnostics& out) {
  node_decoder d(origin, out);
  const std::optional<YAML::Node> root = parse_first_document(text, d);
  if (!root) return std::nullopt;
  if (is_config_map(*root)) return decode_config_map_node(*root, text, origin, out);
  return decode_document_node(*root, origin, d);
}

}  // namespace detail

result<resource_policies> load_policy_file(const std::string& path, const k8s::input_limits& limits,
                                           velero_version version) {
  diagnostics out;
  std::optional<resource_policies> doc = load_policy_file(path, out, limits, version);
  for (const diagnostic& e : out)
    if (e.level == severity::error) return e;
  if (!doc) return make_error(fmt::format("no policy document in `{}`", path));
  return std::move(*doc);
}

}  // namespace volpol::policy
