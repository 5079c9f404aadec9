// volpol::value: constructors, lookups, Go type names, rendering and structural equality.
#include "volpol/core/value.h"

#include <fmt/format.h>

#include "yaml_resolve.h"

namespace volpol {

value value::make_bool(bool b) {
  value v;
  v.kind_ = kind::boolean;
  v.b_ = b;
  return v;
}

value value::make_int(std::int64_t i) {
  value v;
  v.kind_ = kind::integer;
  v.i_ = i;
  return v;
}

value value::make_float(double d) {
  value v;
  v.kind_ = kind::floating;
  v.d_ = d;
  return v;
}

value value::make_string(std::string s) {
  value v;
  v.kind_ = kind::string;
  v.s_ = std::move(s);
  return v;
}

value value::make_sequence(std::vector<value> items) {
  value v;
  v.kind_ = kind::sequence;
  v.seq_ = std::move(items);
  return v;
}

value value::make_mapping(std::vector<entry> entries) {
  value v;
  v.kind_ = kind::mapping;
  v.map_ = std::move(entries);
  return v;
}

const value* value::find(std::string_view key) const {
  if (kind_ != kind::mapping) return nullptr;
  for (const auto& [k, v] : map_)
    if (k == key) return &v;
  return nullptr;
}

std::string_view value::go_type_name() const {
  switch (kind_) {
    case kind::null: return "<nil>";
    case kind::boolean: return "bool";
    case kind::integer: return "int";
    case kind::floating: return "float64";
    case kind::string: return "string";
    case kind::sequence: return "[]interface {}";
    case kind::mapping: return "map[string]interface {}";
  }
  return "<nil>";
}

std::string value::scalar_text() const {
  switch (kind_) {
    case kind::boolean: return b_ ? "true" : "false";
    case kind::integer: return std::to_string(i_);
    case kind::floating: return detail::go_format_float(d_);
    case kind::string: return s_;
    default: return {};
  }
}

namespace {

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out + "\"";
}

/// A string that reads back as the same string when written plain inside a flow collection.
bool plain_safe(const std::string& s) {
  if (s.empty() || s.front() == ' ' || s.back() == ' ') return false;
  if (s.find_first_of(":,[]{}#&*!|>'\"%@`\n\t") != std::string::npos) return false;
  if (s.front() == '-' || s.front() == '?') return false;
  return detail::resolve_plain_scalar(s).kind == detail::scalar_kind::string;
}

std::string render(const value& v, bool nested) {
  switch (v.type()) {
    case value::kind::null: return "null";
    case value::kind::string: return nested && plain_safe(v.as_string()) ? v.as_string() : quoted(v.as_string());
    case value::kind::sequence: {
      std::string out = "[";
      for (std::size_t i = 0; i < v.items().size(); ++i) out += (i ? ", " : "") + render(v.items()[i], true);
      return out + "]";
    }
    case value::kind::mapping: {
      std::string out = "{";
      for (std::size_t i = 0; i < v.entries().size(); ++i) {
        const auto& [k, e] = v.entries()[i];
        out += (i ? ", " : "") + (plain_safe(k) ? k : quoted(k)) + ": " + render(e, true);
      }
      return out + "}";
    }
    default: return v.scalar_text();
  }
}

}  // namespace

std::string value::to_string() const { return render(*this, false); }

bool operator==(const value& a, const value& b) {
  if (a.kind_ != b.kind_) return false;
  switch (a.kind_) {
    case value::kind::null: return true;
    case value::kind::boolean: return a.b_ == b.b_;
    case value::kind::integer: return a.i_ == b.i_;
    case value::kind::floating: return a.d_ == b.d_;  // NaN != NaN, as in Go
    case value::kind::string: return a.s_ == b.s_;
    case value::kind::sequence: return a.seq_ == b.seq_;
    case value::kind::mapping:
      if (a.map_.size() != b.map_.size()) return false;
      for (const auto& [k, v] : a.map_) {
        const value* other = b.find(k);
        if (!other || !(*other == v)) return false;
      }
      return true;
  }
  return false;
}

}  // namespace volpol
