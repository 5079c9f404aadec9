// value_from_yaml: yaml-cpp node → volpol::value, typed as Go's yaml.v3 types `any` targets.
#include <yaml-cpp/yaml.h>

#include <fmt/format.h>

#include <string>
#include <vector>

#include "volpol/detail/value_yaml.h"
#include "yaml_resolve.h"

namespace volpol {

namespace {

constexpr std::string_view core_tag_prefix = "tag:yaml.org,2002:";
constexpr int max_depth = 512;                // deeper means an alias loop or an attack
constexpr std::size_t max_nodes = 2'000'000;  // alias expansion budget ("billion laughs")

value_mark mark_of(const YAML::Node& n) {
  const YAML::Mark m = n.Mark();
  if (m.is_null() || m.line < 0) return {};
  return {static_cast<std::uint32_t>(m.line + 1), static_cast<std::uint32_t>(m.column + 1)};
}

diagnostic error_at(value_mark m, std::string path, std::string message) {
  diagnostic d = make_error(std::move(message), std::move(path));
  d.where.line = m.line;
  d.where.column = m.column;
  return d;
}

value from_resolved(const detail::resolved_scalar& r, const std::string& text) {
  switch (r.kind) {
    case detail::scalar_kind::null: return value{};
    case detail::scalar_kind::boolean: return value::make_bool(r.b);
    case detail::scalar_kind::integer: return value::make_int(r.i);
    case detail::scalar_kind::floating: return value::make_float(r.d);
    case detail::scalar_kind::string: break;
  }
  return value::make_string(text);
}

std::string_view short_name(detail::scalar_kind k) {
  switch (k) {
    case detail::scalar_kind::null: return "null";
    case detail::scalar_kind::boolean: return "bool";
    case detail::scalar_kind::integer: return "int";
    case detail::scalar_kind::floating: return "float";
    case detail::scalar_kind::string: return "str";
  }
  return "str";
}

result<std::string> decode_base64(const std::string& text) {
  std::string out;
  unsigned buffer = 0;
  int bits = 0;
  int padding = 0;
  for (char c : text) {
    int v;
    if (c >= 'A' && c <= 'Z') v = c - 'A';
    else if (c >= 'a' && c <= 'z') v = c - 'a' + 26;
    else if (c >= '0' && c <= '9') v = c - '0' + 52;
    else if (c == '+') v = 62;
    else if (c == '/') v = 63;
    else if (c == '=') {
      ++padding;
      continue;
    } else if (c == '\n' || c == '\r' || c == ' ') continue;
    else return make_error("!!binary value contains invalid base64 data");
    if (padding) return make_error("!!binary value contains invalid base64 data");
    buffer = (buffer << 6) | static_cast<unsigned>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((buffer >> bits) & 0xFF);
    }
  }
  return out;
}

class converter {
 public:
  result<value> convert(const YAML::Node& n, const std::string& path, int depth) {
    if (++nodes_ > max_nodes) return error_at(mark_of(n), path, "document contains excessive aliasing");
    if (depth > max_depth)
      return error_at(mark_of(n), path.substr(0, 80) + "...",
                      "document is nested too deeply (or an alias refers to itself)");
    switch (n.Type()) {
      case YAML::NodeType::Scalar: return scalar(n, path);
      case YAML::NodeType::Sequence: return sequence(n, path, depth);
      case YAML::NodeType::Map: return mapping(n, path, depth);
      default: {
        value v;
        v.set_mark(mark_of(n));
        return v;
      }
    }
  }

 private:
  static result<value> scalar(const YAML::Node& n, const std::string& path) {
    const std::string& tag = n.Tag();
    const std::string& text = n.Scalar();
    result<value> v = typed_scalar(tag, text, mark_of(n), path);
    if (v.ok()) v.value().set_mark(mark_of(n));
    return v;
  }

  static result<value> typed_scalar(const std::string& tag, const std::string& text, value_mark m,
                                    const std::string& path) {
    if (tag == "?") return from_resolved(detail::resolve_plain_scalar(text), text);
    if (tag.rfind(core_tag_prefix, 0) != 0) return value::make_string(text);  // "!", local tags
    const std::string_view name = std::string_view(tag).substr(core_tag_prefix.size());
    if (name == "binary") {
      auto decoded = decode_base64(text);
      if (const diagnostic* e = decoded.error()) return error_at(m, path, e->message);
      return value::make_string(std::move(decoded).value());
    }
    if (name != "int" && name != "float" && name != "bool" && name != "null") return value::make_string(text);
    detail::resolved_scalar r = detail::resolve_plain_scalar(text);
    if (name == "float" && r.kind == detail::scalar_kind::integer) {
      r = {detail::scalar_kind::floating, false, 0, static_cast<double>(r.i)};
    }
    if (short_name(r.kind) != name)
      return error_at(m, path, fmt::format("cannot decode !!{} `{}` as a !!{}", short_name(r.kind), text, name));
    return from_resolved(r, text);
  }

  result<value> sequence(const YAML::Node& n, const std::string& path, int depth) {
    std::vector<value> items;
    items.reserve(n.size());
    std::size_t i = 0;
    for (const YAML::Node& item : n) {
      auto v = convert(item, fmt::format("{}[{}]", path, i++), depth + 1);
      if (!v.ok()) return v;
      items.push_back(std::move(v).value());
    }
    value out = value::make_sequence(std::move(items));
    out.set_mark(mark_of(n));
    return out;
  }

  result<value> mapping(const YAML::Node& n, const std::string& path, int depth) {
    std::vector<value::entry> entries;
    std::vector<value_mark> key_marks;
    std::vector<std::pair<std::string, value_mark>> seen;  // every key, for duplicates
    for (auto it = n.begin(); it != n.end(); ++it) {
      const YAML::Node key = it->first;  // a copy: `it->` returns a temporary proxy
      const value_mark km = mark_of(key);
      if (!key.IsScalar() && !key.IsNull())
        return error_at(km, path, "a mapping key must be a scalar, not a list or a mapping");
      const std::string text = key.IsNull() ? std::string() : key.Scalar();
      for (const auto& [prev, pm] : seen)
        if (prev == text)
          return error_at(km, join(path, text),
                          fmt::format("mapping key `{}` already defined at line {}", text, pm.line));
      seen.emplace_back(text, km);
      const YAML::Node val = it->second;
      auto v = convert(val, join(path, text), depth + 1);
      if (!v.ok()) return v;
      if (key.IsNull()) continue;  // Go drops a null key when decoding into map[string]any
      value item = std::move(v).value();
      const value_mark vm = item.mark();
      if (val.IsNull() && (vm.line == 0 || vm.line != km.line)) item.set_mark(km);  // `key:` alone
      entries.emplace_back(text, std::move(item));
      key_marks.push_back(km);
    }
    value out = value::make_mapping(std::move(entries));
    out.set_key_marks(std::move(key_marks));
    out.set_mark(mark_of(n));
    return out;
  }

  static std::string join(const std::string& path, const std::string& key) {
    return path.empty() ? key : path + "." + key;
  }

  std::size_t nodes_ = 0;
};

}  // namespace

result<value> value_from_yaml(const YAML::Node& node) {
  try {
    converter c;
    return c.convert(node, "", 0);
  } catch (const YAML::Exception& e) {
    diagnostic d = make_error(e.msg);
    if (!e.mark.is_null()) {
      d.where.line = static_cast<std::uint32_t>(e.mark.line + 1);
      d.where.column = static_cast<std::uint32_t>(e.mark.column + 1);
    }
    return d;
  }
}

namespace {

/// The length of the UTF-8 sequence starting at s[i] when it is whole and valid, else 0.
std::size_t utf8_sequence(const std::string& s, std::size_t i) {
  const auto b = static_cast<unsigned char>(s[i]);
  const std::size_t n = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return 0;
  return n;
}

/// `s` with each stray 0x85 / 0xA0 byte as its character's UTF-8; false when there is none.
bool repaired(const std::string& s, std::string& out) {
  bool changed = false;
  out.clear();
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t n = utf8_sequence(s, i);
    const auto b = static_cast<unsigned char>(s[i]);
    if (n == 0 && (b == 0x85 || b == 0xA0)) {
      out += static_cast<char>(0xC2);
      out += static_cast<char>(b);
      changed = true;
      ++i;
      continue;
    }
    const std::size_t take = n == 0 ? 1 : n;
    out.append(s, i, take);
    i += take;
  }
  return changed;
}

/// One scalar, repaired in place.
void repair_scalar(YAML::Node node) {
  std::string fixed;
  if (repaired(node.Scalar(), fixed)) {
    const std::string tag = node.Tag();
    node = fixed;
    node.SetTag(tag);
  }
}

}  // namespace

// An explicit stack, not recursion: aliases nest a text's collections deeper than the text
// itself (`&b [*a]` inside 400 brackets, forty times over). The walk is bounded as
// value_from_yaml is: it goes no deeper than max_depth and meets at most max_nodes nodes. The
// alias expansion budget of check_yaml does not bound it: yaml-cpp binds an anchor before the
// node's content, so `y: &a [*a]` after an earlier `&a` is a node that contains itself (yaml.v3
// refuses it too), where libyaml's check sees the earlier `&a`; walking it never ended.
//
// Every node met counts, those waiting on the stack too: an alias to a long list, listed many
// times, put 30 million nodes on the stack within the 2 million taken off it (6 s, found by
// fuzz_policy). And a text with no `\N` or `\_` escape has nothing to mend: the walk is skipped.
void repair_yaml_escapes(YAML::Node& node, std::string_view text) {
  if (!may_hold_yaml_escapes(text)) return;
  std::vector<std::pair<YAML::Node, int>> todo{{node, 0}};
  std::size_t met = 1;
  while (!todo.empty()) {
    auto [n, depth] = todo.back();
    todo.pop_back();
    if (n.IsScalar()) {
      repair_scalar(n);
    } else if (depth >= max_depth) {
      continue;  // value_from_yaml refuses a document this deep
    } else if (n.IsSequence()) {
      for (YAML::Node item : n) {
        if (++met > max_nodes) return;  // value_from_yaml refuses so many ("excessive aliasing")
        todo.emplace_back(item, depth + 1);
      }
    } else if (n.IsMap()) {
      for (auto it = n.begin(); it != n.end(); ++it) {
        if ((met += 2) > max_nodes) return;
        todo.emplace_back(it->first, depth + 1);
        todo.emplace_back(it->second, depth + 1);
      }
    }
  }
}

bool may_hold_yaml_escapes(std::string_view text) {
  for (std::size_t i = text.find('\\'); i != std::string_view::npos && i + 1 < text.size(); i = text.find('\\', i + 1))
    if (text[i + 1] == 'N' || text[i + 1] == '_') return true;
  return false;
}

}  // namespace volpol
