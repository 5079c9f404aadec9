// Decoding a volume policy's `conditions` map strictly into volume_conditions (velero
// internal/resourcepolicies/volume_resources.go `unmarshalVolConditions`: the decoded map is
// re-encoded with yaml.v3 and decoded with KnownFields into `volumeConditions`).
//
// Re-encoding keeps strings as strings and writes other scalars as Go prints them, so a Go
// string field receives `value::scalar_text()` of any scalar (`storageClass: [123]` is "123",
// `capacity: 1.0` is "1"); a null leaves the field unset.
#include <fmt/format.h>

#include "condition_table.h"
#include "conditions_decoder.h"
#include "policies_build.h"

namespace volpol::policy::detail {

namespace {

/// The condition keys release `v` decodes, in condition_kind order.
std::vector<std::string_view> condition_names(velero_version v) {
  std::vector<std::string_view> out;
  for (const condition_descriptor& r : conditions)
    if (!r.feature || has(v, *r.feature)) out.push_back(r.key);
  return out;
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
    descriptor_of_key(key)->decode(cd, v, p, at(v, km), c);
  }
  if (d.errors() != before) return std::nullopt;
  return c;
}

std::optional<velero_feature> condition_feature(std::string_view key) {
  const condition_descriptor* d = descriptor_of_key(key);
  return d != nullptr ? d->feature : std::nullopt;
}

std::string version_help(velero_feature f) {
  const auto& since = feature_row(f).since;
  if (!since) return "no Velero release has it: remove it";
  return fmt::format("remove it, or predict for a Velero that has it: --velero-version {}", to_string(*since));
}

}  // namespace volpol::policy::detail
