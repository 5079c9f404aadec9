// Decoding a volume policy's `conditions` map strictly into volume_conditions (velero
// internal/resourcepolicies/volume_resources.go `unmarshalVolConditions`: the decoded map is
// re-encoded with yaml.v3 and decoded with KnownFields into `volumeConditions`).
//
// Re-encoding keeps strings as strings and writes other scalars as Go prints them, so a Go
// string field receives `value::scalar_text()` of any scalar (`storageClass: [123]` is "123",
// `capacity: 1.0` is "1"); a null leaves the field unset.
#include <fmt/format.h>

#include <array>

#include "policies_build.h"

namespace volpol::policy::detail {

namespace {

/// Every condition key of `volumeConditions` (volume_resources_validator.go), with the release
/// feature it needs (none: every release volpol knows has it).
struct condition_row {
  std::string_view key;
  std::optional<velero_feature> feature;
};
constexpr std::array<condition_row, 10> conditions_table = {{
    {"capacity", std::nullopt},
    {"storageClass", std::nullopt},
    {"nfs", std::nullopt},
    {"csi", std::nullopt},
    {"volumeTypes", std::nullopt},
    {"pvcLabels", std::nullopt},
    {"pvcPhase", velero_feature::condition_pvc_phase},
    {"pvcVolumeMode", velero_feature::condition_pvc_volume_mode},
    {"pvcAccessModes", velero_feature::condition_pvc_access_modes},
    {"volumeName", velero_feature::condition_volume_name},
}};

/// The condition keys release `v` decodes, in table order.
std::vector<std::string_view> condition_names(velero_version v) {
  std::vector<std::string_view> out;
  for (const condition_row& r : conditions_table)
    if (!r.feature || has(v, *r.feature)) out.push_back(r.key);
  return out;
}

value_mark at(const value& v, value_mark fallback) { return v.mark().line ? v.mark() : fallback; }

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

void decode_one(std::string_view key, const value& v, const std::string& p, value_mark m, volume_conditions& c,
                conditions_decoder& cd) {
  if (key == "capacity") {
    c.capacity_text = cd.string_field(v, p, key, m);
  } else if (key == "storageClass") {
    c.storage_class = cd.string_list(v, p, key, m);
  } else if (key == "volumeTypes") {
    c.volume_types = cd.string_list(v, p, key, m);
  } else if (key == "pvcPhase") {
    c.pvc_phase = cd.string_list(v, p, key, m);
  } else if (key == "pvcAccessModes") {
    c.pvc_access_modes = cd.string_list(v, p, key, m);
  } else if (key == "volumeName") {
    c.volume_name = cd.string_list(v, p, key, m);
  } else if (key == "pvcVolumeMode") {
    c.pvc_volume_mode = cd.string_field(v, p, key, m);
  } else if (key == "pvcLabels") {
    c.pvc_labels = cd.string_map(v, p, key, m).value_or(k8s::string_map{});
  } else if (key == "nfs") {
    nfs_condition nfs;
    if (cd.struct_fields(v, p, "nfs", {"server", "path"}, m,
                         [&](std::string_view f, const value& x, const std::string& fp, value_mark fm) {
                           (f == "server" ? nfs.server : nfs.path) = cd.string_field(x, fp, f, fm);
                         }))
      c.nfs = std::move(nfs);
  } else {
    csi_condition csi;
    if (cd.struct_fields(v, p, "csi", {"driver", "volumeAttributes"}, m,
                         [&](std::string_view f, const value& x, const std::string& fp, value_mark fm) {
                           if (f == "driver") csi.driver = cd.string_field(x, fp, f, fm);
                           else csi.volume_attributes = cd.string_map(x, fp, f, fm);
                         }))
      c.csi = std::move(csi);
  }
}

}  // namespace

std::optional<volume_conditions> decode_conditions(const value& conditions, const std::string& path,
                                                   value_mark item_mark, node_decoder& d) {
  volume_conditions c;
  if (conditions.is_null()) return c;  // no conditions: every volume matches
  const std::size_t before = d.errors();
  conditions_decoder cd(d);
  for (std::size_t i = 0; i < conditions.entries().size(); ++i) {
    const auto& [key, v] = conditions.entries()[i];
    const std::string p = child_path(path, key);
    const value_mark km = conditions.key_mark(i).line ? conditions.key_mark(i) : item_mark;
    const velero_version release = d.origin().version;
    if (const auto f = condition_feature(key); f && !has(release, *f)) {
      d.error(km, p, not_in_version_text(release, *f), version_help(*f));
      continue;
    }
    const std::vector<std::string_view> names = condition_names(release);
    if (std::find(names.begin(), names.end(), key) == names.end()) {
      const std::string near = closest(key, names);
      d.error(km, p, fmt::format("unknown condition `{}`", key),
              near.empty() ? fmt::format("conditions are {}", list_names(names))
                           : fmt::format("did you mean `{}`?", near));
      continue;
    }
    decode_one(key, v, p, at(v, km), c, cd);
  }
  if (d.errors() != before) return std::nullopt;
  return c;
}

std::optional<velero_feature> condition_feature(std::string_view key) {
  for (const condition_row& r : conditions_table)
    if (r.key == key) return r.feature;
  return std::nullopt;
}

std::string version_help(velero_feature f) {
  const auto& since = feature_row(f).since;
  if (!since) return "no Velero release has it: remove it";
  return fmt::format("remove it, or predict for a Velero that has it: --velero-version {}", to_string(*since));
}

}  // namespace volpol::policy::detail
