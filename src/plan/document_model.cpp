// The plan layer's document model and its JSON / YAML writers (document_model.h).
#include "document_model.h"

#include <fmt/format.h>

namespace volpol::plan::detail {

node str(std::string_view s) {
  node n;
  n.k = node::kind::string;
  n.text = std::string(s);
  return n;
}
node num(std::size_t v) {
  node n;
  n.k = node::kind::number;
  n.text = std::to_string(v);
  return n;
}
node boolean(bool v) {
  node n;
  n.k = node::kind::boolean;
  n.b = v;
  return n;
}
node object(fields f) {
  node n;
  n.k = node::kind::object;
  n.members = std::move(f);
  return n;
}
node list(std::vector<node> items) {
  node n;
  n.k = node::kind::list;
  n.items = std::move(items);
  return n;
}

node from_value(const value& v) {
  switch (v.type()) {
    case value::kind::null: return {};
    case value::kind::boolean: return boolean(v.as_bool());
    case value::kind::integer: {
      node n;
      n.k = node::kind::number;
      n.text = std::to_string(v.as_int());
      return n;
    }
    case value::kind::floating: {
      node n;
      n.k = node::kind::number;
      n.text = fmt::format("{}", v.as_float());
      return n;
    }
    case value::kind::string: return str(v.as_string());
    case value::kind::sequence: {
      std::vector<node> items;
      for (const value& i : v.items()) items.push_back(from_value(i));
      return list(std::move(items));
    }
    case value::kind::mapping: {
      fields f;
      for (const auto& [k, i] : v.entries()) f.emplace_back(k, from_value(i));
      return object(std::move(f));
    }
  }
  return {};
}

void write_json(const node& n, std::string& out, int indent) {
  const std::size_t pad = static_cast<std::size_t>(indent) * 2, inner = pad + 2;
  switch (n.k) {
    case node::kind::null: out += "null"; break;
    case node::kind::boolean: out += n.b ? "true" : "false"; break;
    case node::kind::number: out += n.text; break;
    case node::kind::string: append_json_string(out, n.text); break;
    case node::kind::list:
      if (n.items.empty()) {
        out += "[]";
        break;
      }
      out += "[\n";
      for (std::size_t i = 0; i < n.items.size(); ++i) {
        out.append(inner, ' ');
        write_json(n.items[i], out, indent + 1);
        out += i + 1 < n.items.size() ? ",\n" : "\n";
      }
      out.append(pad, ' ');
      out += ']';
      break;
    case node::kind::object:
      if (n.members.empty()) {
        out += "{}";
        break;
      }
      out += "{\n";
      for (std::size_t i = 0; i < n.members.size(); ++i) {
        out.append(inner, ' ');
        append_json_string(out, n.members[i].first);
        out += ": ";
        write_json(n.members[i].second, out, indent + 1);
        out += i + 1 < n.members.size() ? ",\n" : "\n";
      }
      out.append(pad, ' ');
      out += '}';
      break;
  }
}

namespace {

/// `text` double-quoted. yaml-cpp writes a DEL (0x7F) raw, which YAML does not allow in any
/// scalar: a text with one (only a name the API server would refuse has one) is written with
/// every byte past 0x7E escaped (`\x7F`, `\xE9`), for that scalar only.
void double_quoted(YAML::Emitter& e, const std::string& text) {
  if (text.find('\x7f') == std::string::npos) {
    e << YAML::DoubleQuoted << text;
    return;
  }
  e << YAML::EscapeNonAscii << YAML::DoubleQuoted << text << YAML::EmitNonAscii;
}

/// A mapping key as yaml-cpp chooses to write it, unless it holds a DEL (a user's key:
/// parameters, conditions), which is written as double_quoted() writes it.
void key_text(YAML::Emitter& e, const std::string& key) {
  if (key.find('\x7f') == std::string::npos) {
    e << key;
  } else {
    double_quoted(e, key);
  }
}

}  // namespace

void write_yaml(const node& n, YAML::Emitter& e) {
  switch (n.k) {
    case node::kind::null: e << YAML::Null; break;
    case node::kind::boolean: e << n.b; break;
    case node::kind::number: e << n.text; break;
    case node::kind::string: double_quoted(e, n.text); break;
    case node::kind::list:
      e << YAML::BeginSeq;
      for (const node& i : n.items) write_yaml(i, e);
      e << YAML::EndSeq;
      break;
    case node::kind::object:
      e << YAML::BeginMap;
      for (const auto& [k, v] : n.members) {
        e << YAML::Key;
        key_text(e, k);
        e << YAML::Value;
        write_yaml(v, e);
      }
      e << YAML::EndMap;
      break;
  }
}

}  // namespace volpol::plan::detail
