// Strict yaml.v3-style decoding helpers (see decode_node.h).
#include "decode_node.h"

#include "volpol/k8s/spelling.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace volpol::policy::detail {

namespace {

std::string shorten(const std::string& s) { return s.size() > 60 ? s.substr(0, 57) + "..." : s; }

}  // namespace

value_mark mark_of(const YAML::Node& n) {
  const YAML::Mark m = n.Mark();
  if (m.is_null() || m.line < 0) return {};
  return {static_cast<std::uint32_t>(m.line + 1), static_cast<std::uint32_t>(m.column + 1)};
}

value_mark value_position(const YAML::Node& v, value_mark key_mark) {
  const value_mark m = mark_of(v);
  if (v.IsNull() && (m.line == 0 || m.line != key_mark.line)) return key_mark;
  return m.line ? m : key_mark;
}

std::string child_path(const std::string& path, std::string_view key) {
  return path.empty() ? std::string(key) : path + "." + std::string(key);
}

std::string item_path(const std::string& path, std::size_t i) { return fmt::format("{}[{}]", path, i); }

std::string list_names(const std::vector<std::string_view>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i) out += i + 1 == names.size() ? " or " : ", ";
    out += fmt::format("`{}`", names[i]);
  }
  return out;
}

std::string describe(const value& v) {
  switch (v.type()) {
    case value::kind::null: return "null";
    case value::kind::boolean: return fmt::format("boolean `{}`", v.scalar_text());
    case value::kind::integer: return fmt::format("integer `{}`", v.scalar_text());
    case value::kind::floating: return fmt::format("number `{}`", v.scalar_text());
    case value::kind::string: return fmt::format("string `{}`", shorten(v.as_string()));
    case value::kind::sequence: return fmt::format("a list `{}`", shorten(v.to_string()));
    case value::kind::mapping: return fmt::format("a mapping `{}`", shorten(v.to_string()));
  }
  return "null";
}

std::string describe(const YAML::Node& n) {
  if (n.IsSequence()) return "a list";
  if (n.IsMap()) return "a mapping";
  auto v = value_from_yaml(n);
  if (!v.ok()) return fmt::format("`{}`", shorten(n.IsScalar() ? n.Scalar() : std::string()));
  return describe(v.value());
}

void node_decoder::error(value_mark at, std::string path, std::string message, std::string help) {
  ++errors_;
  out_.add(origin_.diagnose(at, std::move(path), std::move(message), std::move(help)));
}

void node_decoder::warn(value_mark at, std::string path, std::string message, std::string help) {
  out_.add(origin_.diagnose(at, std::move(path), std::move(message), std::move(help), severity::warning));
}

bool node_decoder::is_null(const YAML::Node& n) {
  if (!n.IsDefined() || n.IsNull()) return true;
  return n.IsScalar() && n.Tag() == "tag:yaml.org,2002:null";
}

void node_decoder::wrong_kind(const YAML::Node& n, const std::string& path, value_mark m, std::string_view expected) {
  error(m, path, fmt::format("expected {}, got {}", expected, describe(n)));
}

std::optional<std::string> node_decoder::string_field(const YAML::Node& n, const std::string& path, value_mark m) {
  if (is_null(n)) return std::nullopt;
  if (!n.IsScalar()) {
    wrong_kind(n, path, m, "a string");
    return std::nullopt;
  }
  return n.Scalar();
}

std::vector<std::string> node_decoder::string_list(const YAML::Node& n, const std::string& path, value_mark m,
                                                   std::vector<value_mark>* marks) {
  std::vector<std::string> out;
  if (is_null(n)) return out;
  if (!n.IsSequence()) {
    wrong_kind(n, path, m, "a list of strings");
    return out;
  }
  std::size_t i = 0;
  for (const YAML::Node& item : n) {
    const std::string p = item_path(path, i++);
    if (is_null(item)) continue;  // Go skips a null item of a []string
    if (!item.IsScalar()) {
      wrong_kind(item, p, mark_of(item), "a string");
      continue;
    }
    out.push_back(item.Scalar());
    if (marks) marks->push_back(mark_of(item));
  }
  return out;
}

void node_decoder::each_unique_key(const YAML::Node& n, const std::string& path, const key_fn& f) {
  std::vector<std::pair<std::string, value_mark>> seen;
  for (auto it = n.begin(); it != n.end(); ++it) {
    const value_mark km = mark_of(it->first);
    if (!it->first.IsScalar()) {
      if (!is_null(it->first)) error(km, path, "a mapping key must be a scalar, not a list or a mapping");
      continue;  // Go skips a null key
    }
    const std::string key = it->first.Scalar();
    const std::string p = child_path(path, key);
    const auto dup = std::find_if(seen.begin(), seen.end(), [&](const auto& s) { return s.first == key; });
    if (dup != seen.end()) {
      error(km, p, fmt::format("duplicate key `{}` (first defined at line {})", key, dup->second.line));
      continue;
    }
    seen.emplace_back(key, km);
    const YAML::Node v = it->second;  // a copy: `it->` returns a temporary proxy
    f(key, v, km, p);
  }
}

std::vector<std::pair<std::string, std::string>> node_decoder::string_map(const YAML::Node& n, const std::string& path,
                                                                          value_mark m,
                                                                          std::vector<value_mark>* key_marks) {
  std::vector<std::pair<std::string, std::string>> out;
  if (is_null(n)) return out;
  if (!n.IsMap()) {
    wrong_kind(n, path, m, "a map of string to string");
    return out;
  }
  each_unique_key(n, path, [&](const std::string& key, const YAML::Node& v, value_mark km, const std::string& p) {
    if (!is_null(v) && !v.IsScalar()) {
      wrong_kind(v, p, mark_of(v), "a string value");
      return;
    }
    out.emplace_back(key, is_null(v) ? std::string() : v.Scalar());
    if (key_marks) key_marks->push_back(km);
  });
  return out;
}

value node_decoder::any_map(const YAML::Node& n, const std::string& path, value_mark m) {
  if (is_null(n)) return {};
  if (!n.IsMap()) {
    wrong_kind(n, path, m, "a mapping");
    return {};
  }
  auto v = value_from_yaml(n);
  if (const diagnostic* e = v.error()) {
    const std::string p = e->where.path.empty() ? path : child_path(path, e->where.path);
    error({e->where.line, e->where.column}, p, e->message);
    return {};
  }
  return std::move(v).value();
}

bool node_decoder::fields(const YAML::Node& n, const std::string& path, value_mark m, std::string_view what,
                          const std::vector<std::string_view>& known, const field_fn& f) {
  if (is_null(n)) return false;
  if (!n.IsMap()) {
    wrong_kind(n, path, m, fmt::format("{} (a mapping)", what));
    return false;
  }
  each_unique_key(n, path, [&](const std::string& key, const YAML::Node& v, value_mark km, const std::string& p) {
    if (std::find(known.begin(), known.end(), key) == known.end()) {
      const std::string near = closest(key, known);
      std::string help = near.empty() ? fmt::format("{} accepts {}", what, list_names(known))
                                      : fmt::format("did you mean `{}`?", near);
      if (key == "<<") help = "YAML merge keys (`<<`) are not supported";
      error(km, p, fmt::format("unknown field `{}` in {}", key, what), help);
      return;
    }
    f(key, v, km, p);
  });
  return true;
}

void node_decoder::struct_list(const YAML::Node& n, const std::string& path, value_mark m, std::string_view what,
                               const std::function<void(const YAML::Node&, std::size_t, const std::string&)>& f) {
  if (is_null(n)) return;
  if (!n.IsSequence()) {
    wrong_kind(n, path, m, fmt::format("a list of {}", what));
    return;
  }
  std::size_t i = 0;
  for (const YAML::Node& item : n) {
    const std::string p = item_path(path, i);
    if (is_null(item)) warn(value_position(item, m), p, fmt::format("empty list item ignored (expected {})", what));
    else f(item, i, p);
    ++i;
  }
}

}  // namespace volpol::policy::detail
