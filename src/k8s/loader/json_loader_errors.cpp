// JSON error messages, positions and object names — the failure path of json_loader.cpp.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <string>

#include "json_adapter.h"
#include "loader_stream.h"

namespace volpol::k8s::detail {

std::string json_error_message(simdjson::error_code e, std::uint32_t max_depth) {
  switch (e) {
    case simdjson::TAPE_ERROR: return "invalid JSON: missing or extra comma, colon, brace or bracket";
    case simdjson::UNCLOSED_STRING: return "invalid JSON: unclosed string";
    case simdjson::T_ATOM_ERROR:
    case simdjson::F_ATOM_ERROR:
    case simdjson::N_ATOM_ERROR: return "invalid JSON: bad literal (expected true, false or null)";
    case simdjson::NUMBER_ERROR: return "invalid JSON: bad number";
    case simdjson::UTF8_ERROR: return "invalid JSON: invalid UTF-8";
    case simdjson::STRING_ERROR: return "invalid JSON: bad string escape";
    case simdjson::INCOMPLETE_ARRAY_OR_OBJECT: return "invalid JSON: unclosed object or array";
    case simdjson::EMPTY: return "invalid JSON: no value";
    case simdjson::DEPTH_ERROR:
      return fmt::format("invalid JSON: nested more than {} levels (raise with --max-depth)", max_depth);
    default: {
      std::string m = simdjson::error_message(e);
      if (!m.empty()) m[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(m[0])));
      while (!m.empty() && (m.back() == '.' || m.back() == ' ')) m.pop_back();
      return "invalid JSON: " + m;
    }
  }
}

void line_column(std::string_view text, std::uint64_t offset, std::uint32_t& line, std::uint32_t& column) {
  const std::size_t end = std::min<std::uint64_t>(offset, text.size());
  const std::string_view head = text.substr(0, end);
  line = static_cast<std::uint32_t>(std::count(head.begin(), head.end(), '\n')) + 1;
  const std::size_t nl = head.rfind('\n');
  column = static_cast<std::uint32_t>(nl == std::string_view::npos ? end + 1 : end - nl);
}

/// kind, metadata.namespace and metadata.name of a JSON object, best effort (for messages).
std::string recover_identity(simdjson::ondemand::parser& parser, simdjson::padded_string_view text) {
  simdjson::ondemand::document doc;
  if (parser.iterate(text).get(doc)) return {};
  simdjson::ondemand::object obj;
  if (doc.get_object().get(obj)) return {};
  std::string kind, ns, name;
  for (auto r : obj) {
    simdjson::ondemand::field f;
    if (std::move(r).get(f)) break;
    const std::string_view key = json_adapter::raw_key(f.key());
    std::string_view s;
    if (key == "kind" && !f.value().get_string().get(s)) kind = s;
    if (key != "metadata") continue;
    simdjson::ondemand::object meta;
    if (f.value().get_object().get(meta)) break;
    for (auto m : meta) {
      simdjson::ondemand::field mf;
      if (std::move(m).get(mf)) break;
      const std::string_view mk = json_adapter::raw_key(mf.key());
      if (mk == "name" && !mf.value().get_string().get(s)) name = s;
      if (mk == "namespace" && !mf.value().get_string().get(s)) ns = s;
    }
    break;
  }
  if (name.empty()) return kind;
  const std::string key = ns.empty() || kind == "PersistentVolume" ? name : ns + "/" + name;
  return kind.empty() ? key : kind + " " + key;
}

}  // namespace volpol::k8s::detail
