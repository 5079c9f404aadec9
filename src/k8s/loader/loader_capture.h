// loader_capture.h (private) — reads any subtree into a generic value through the loader's
// adapter (json_adapter.h / yaml_tree_adapter.h), for the other kinds volpol reads whole
// (object_value.h). Numbers keep their type (int when the text is an integer, else float);
// YAML scalars arrive as strings or booleans (the adapter decides), which object_value's
// readers accept.
#pragma once

#include <charconv>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "loader_values.h"
#include "volpol/core/value.h"

namespace volpol::k8s::detail {

/// How deep a captured subtree may nest before the reader refuses (a limit, not a hang).
inline constexpr int max_capture_depth = 64;

/// Reads `n` into `out`. @return false on a parse error (the adapter knows which) or when
/// the subtree nests deeper than max_capture_depth (`too_deep` is then set).
template <class A>
bool capture_value(A& a, typename A::node& n, value& out, bool& too_deep, int depth = 0) {
  using node = typename A::node;
  if (depth > max_capture_depth) {
    too_deep = true;
    return false;
  }
  switch (a.type(n)) {
    case node_type::null: out = value(); return true;
    case node_type::boolean: {
      bool b = false;
      if (!a.boolean(n, b)) return false;
      out = value::make_bool(b);
      return true;
    }
    case node_type::string: {
      std::string_view s;
      if (!a.text(n, s)) return false;
      out = value::make_string(std::string(s));
      return true;
    }
    case node_type::number: {
      std::string_view s;
      if (!a.number_text(n, s)) return false;
      std::int64_t i = 0;
      const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), i);
      if (ec == std::errc() && end == s.data() + s.size()) {
        out = value::make_int(i);
      } else {
        double d = 0;
        const auto [end2, ec2] = std::from_chars(s.data(), s.data() + s.size(), d);
        out = (ec2 == std::errc() && end2 == s.data() + s.size()) ? value::make_float(d)
                                                                  : value::make_string(std::string(s));
      }
      return true;
    }
    case node_type::array: {
      std::vector<value> items;
      const bool ok = a.elements(n, [&](node& e) {
        items.emplace_back();
        return capture_value(a, e, items.back(), too_deep, depth + 1);
      });
      if (!ok) return false;
      out = value::make_sequence(std::move(items));
      return true;
    }
    case node_type::object: {
      std::vector<value::entry> entries;
      const bool ok = a.entries(n, [&](std::string_view key, node& v) {
        for (auto& e : entries)  // a repeated key: the last one wins, as Go's decoder does
          if (e.first == key) return capture_value(a, v, e.second, too_deep, depth + 1);
        entries.emplace_back(std::string(key), value());
        return capture_value(a, v, entries.back().second, too_deep, depth + 1);
      });
      if (!ok) return false;
      out = value::make_mapping(std::move(entries));
      return true;
    }
    default: return false;
  }
}

}  // namespace volpol::k8s::detail
