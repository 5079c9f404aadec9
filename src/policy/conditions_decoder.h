// src/policy/conditions_decoder.h — internal: decoding one condition's value strictly, as
// yaml.v3 decodes it into a Go field of `volumeConditions` (velero
// internal/resourcepolicies/volume_resources.go `unmarshalVolConditions`): strings, lists of
// strings, maps of strings, and the pointer-to-struct conditions (`nfs`, `csi`).
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "decode_node.h"
#include "volpol/detail/k8s/object_meta.h"
#include "volpol/k8s/spelling.h"

namespace volpol::policy::detail {

inline value_mark at(const value& v, value_mark fallback) { return v.mark().line ? v.mark() : fallback; }

class conditions_decoder {
 public:
  conditions_decoder(node_decoder& d) : d_(d) {}

  std::string string_field(const value& v, const std::string& path, std::string_view name, value_mark m) {
    if (v.is_sequence() || v.is_mapping()) {
      d_.error(at(v, m), path, fmt::format("`{}` must be a string, got {}", name, describe(v)));
      return {};
    }
    return v.scalar_text();
  }

  std::vector<std::string> string_list(const value& v, const std::string& path, std::string_view name, value_mark m) {
    std::vector<std::string> out;
    if (v.is_null()) return out;
    if (!v.is_sequence()) {
      const std::string help = v.is_string() ? fmt::format("write a list: `{}: [{}]`", name, v.as_string()) : "";
      d_.error(at(v, m), path, fmt::format("`{}` must be a list of strings, got {}", name, describe(v)), help);
      return out;
    }
    for (std::size_t i = 0; i < v.items().size(); ++i) {
      const value& item = v.items()[i];
      if (item.is_null()) continue;  // Go skips a null item of a []string
      if (item.is_sequence() || item.is_mapping()) {
        d_.error(at(item, at(v, m)), item_path(path, i),
                 fmt::format("`{}` must be a list of strings, got {} as an item", name, describe(item)));
        continue;
      }
      out.push_back(item.scalar_text());
    }
    return out;
  }

  std::optional<k8s::string_map> string_map(const value& v, const std::string& path, std::string_view name,
                                            value_mark m) {
    if (v.is_null()) return std::nullopt;
    if (!v.is_mapping()) {
      d_.error(at(v, m), path, fmt::format("`{}` must be a map of string to string, got {}", name, describe(v)));
      return k8s::string_map{};
    }
    std::vector<k8s::string_map::entry> entries;
    for (std::size_t i = 0; i < v.entries().size(); ++i) {
      const auto& [key, item] = v.entries()[i];
      if (item.is_sequence() || item.is_mapping()) {
        d_.error(at(item, v.key_mark(i)), child_path(path, key),
                 fmt::format("the value of `{}` in `{}` must be a string, got {}", key, name, describe(item)));
        continue;
      }
      entries.emplace_back(key, item.scalar_text());
    }
    return k8s::string_map(std::move(entries));
  }

  /// A pointer-to-struct condition (`nfs`, `csi`): null → absent, a mapping → its fields.
  template <class F>
  bool struct_fields(const value& v, const std::string& path, std::string_view name,
                     const std::vector<std::string_view>& known, value_mark m, F on_field) {
    if (v.is_null()) return false;
    if (!v.is_mapping()) {
      d_.error(at(v, m), path,
               fmt::format("`{}` must be a mapping with {}, got {}", name, list_names(known), describe(v)));
      return false;
    }
    for (std::size_t i = 0; i < v.entries().size(); ++i) {
      const auto& [key, item] = v.entries()[i];
      if (std::find(known.begin(), known.end(), key) == known.end()) {
        const std::string near = closest(key, known);
        d_.error(v.key_mark(i), child_path(path, key), fmt::format("unknown field `{}` in `{}`", key, name),
                 near.empty() ? fmt::format("`{}` accepts {}", name, list_names(known))
                              : fmt::format("did you mean `{}`?", near));
        continue;
      }
      on_field(key, item, child_path(path, key), at(item, v.key_mark(i)));
    }
    return true;
  }

 private:
  node_decoder& d_;
};

}  // namespace volpol::policy::detail
