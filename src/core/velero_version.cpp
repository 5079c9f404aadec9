// The release table and the feature table (velero_version.h). Each feature row was read from
// Velero's code at each tag (git show TAG:path), not from the changelogs alone:
//   - document keys: `ResourcePolicies` in internal/resourcepolicies/resource_policies.go;
//   - conditions: `volumeConditions` in volume_resources_validator.go (decoded with KnownFields);
//   - action types and parameter checks: `(*Action).validate` in volume_resources_validator.go;
//   - PVC-only matching: `Policies.GetMatchAction` (`case data.PVC != nil`, v1.18.0) and the
//     deferred `pvNotFoundErr` in volume_policy_helper.go ShouldPerformSnapshot / ShouldPerformFSBackup;
//   - `image`: getVolumeTypeFromVolume in volume_types_conditions.go;
//   - snapshotClass / dataMover / node-agent: pkg/backup/actions/csi/pvc_action.go Execute on main.
#include "volpol/core/velero_version.h"

#include <fmt/format.h>

#include <array>
#include <cctype>

namespace volpol {

namespace {

// v1.17.0 and v1.17.1 differ from v1.17.2 in no volume-policy code (git diff v1.17.0 v1.17.2 --
// internal/resourcepolicies internal/volumehelper pkg/backup/item_backupper.go ...: a snapshotter
// cache only); v1.18.1 and v1.18.2 have the same code.
constexpr std::array<std::string_view, 3> v1_17_aliases = {"v1.17", "v1.17.0", "v1.17.1"};
constexpr std::array<std::string_view, 2> v1_18_aliases = {"v1.18", "v1.18.1"};

constexpr std::array<velero_release, 4> releases = {{
    {velero_version::v1_17_2, "v1.17.2", "v1.17.2", v1_17_aliases},
    {velero_version::v1_18_0, "v1.18.0", "v1.18.0", {}},
    {velero_version::v1_18_2, "v1.18.2", "v1.18.2", v1_18_aliases},
    {velero_version::main, "main", "d2241adb", {}},
}};

using enum velero_feature;
using k = velero_feature_kind;
constexpr auto v1_18_0 = velero_version::v1_18_0;
constexpr auto v1_18_2 = velero_version::v1_18_2;
constexpr auto main_ = velero_version::main;

constexpr std::array<velero_feature_row, 14> features = {{
    {filter_policies, k::document_key, "namespacedFilterPolicies", main_, "velero-io/velero#9821"},
    {restore_policies, k::behaviour, "a Restore's resourcePolicy", main_, "velero-io/velero#9939"},
    {global_policies, k::behaviour, "global backup volume policies", main_, "velero-io/velero#9928"},
    {condition_pvc_phase, k::condition, "pvcPhase", v1_18_0, "velero-io/velero#9166"},
    {condition_pvc_volume_mode, k::condition, "pvcVolumeMode", main_, "velero-io/velero#9906"},
    {condition_pvc_access_modes, k::condition, "pvcAccessModes", main_, "velero-io/velero#9906"},
    {condition_volume_name, k::condition, "volumeName", std::nullopt, "velero-io/velero#10356"},
    {action_custom, k::action_type, "custom", v1_18_2, "velero-io/velero#9678", "v1.18.1"},
    {parameter_validation, k::behaviour, "checking `dataMover` and `snapshotClass`", main_, "velero-io/velero#10004"},
    {policy_snapshot_class, k::parameter, "snapshotClass", main_, "velero-io/velero#10070"},
    {policy_data_mover, k::parameter, "dataMover", main_, "velero-io/velero#10176"},
    {volume_type_image, k::behaviour, "the `image` volume type", main_, "velero-io/velero#9978"},
    {pvc_only_match, k::behaviour, "matching a PVC without its PV", v1_18_0, "velero-io/velero#9537"},
    {node_agent_check, k::behaviour, "the node-agent check for data movement", main_, "velero-io/velero#9697"},
}};

constexpr bool rows_in_enum_order() {
  for (std::size_t i = 0; i < features.size(); ++i)
    if (static_cast<std::size_t>(features[i].id) != i) return false;
  for (std::size_t i = 0; i < releases.size(); ++i)
    if (static_cast<std::size_t>(releases[i].id) != i) return false;
  return true;
}
static_assert(rows_in_enum_order(), "one row per enum value, in enum order");

std::string_view without_v(std::string_view s) { return !s.empty() && (s[0] == 'v' || s[0] == 'V') ? s.substr(1) : s; }

std::string_view kind_text(velero_feature_kind kind) {
  switch (kind) {
    case k::document_key: return "a field of the policy document";
    case k::condition: return "a condition";
    case k::action_type: return "an action type";
    case k::parameter: return "a parameter Velero reads";
    case k::behaviour: return "";
  }
  return "";
}

/// "1.18.1" → {1, 18, 1}; false when not MAJOR.MINOR[.PATCH] with an optional -suffix.
bool semver(std::string_view s, int& major, int& minor, int& patch) {
  int parts[3] = {0, 0, 0};
  int n = 0;
  std::size_t i = 0;
  while (n < 3) {
    if (i >= s.size() || !std::isdigit(static_cast<unsigned char>(s[i]))) return false;
    int x = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])) && x < 100000) x = x * 10 + (s[i++] - '0');
    parts[n++] = x;
    if (i == s.size() || s[i] == '-' || s[i] == '+') break;
    if (s[i] != '.') return false;
    ++i;
  }
  if (n < 2) return false;
  major = parts[0];
  minor = parts[1];
  patch = parts[2];
  return true;
}

}  // namespace

std::span<const velero_release> velero_releases() { return releases; }
const velero_release& release_of(velero_version v) { return releases[static_cast<std::size_t>(v)]; }
std::string_view to_string(velero_version v) { return release_of(v).name; }

std::optional<velero_version> parse_velero_version(std::string_view text) {
  for (const velero_release& r : releases) {
    if (text == r.name || (r.name[0] == 'v' && text == without_v(r.name))) return r.id;
    for (std::string_view a : r.aliases)
      if (text == a || text == without_v(a)) return r.id;
  }
  return std::nullopt;
}

std::string known_velero_versions_text() {
  std::string out;
  for (const velero_release& r : releases) {
    if (!out.empty()) out += ", ";
    if (!r.aliases.empty()) out += fmt::format("{} ({})", r.aliases[0], r.name);
    else out += r.name;
  }
  return out;
}

std::optional<detected_release> velero_version_from_image_tag(std::string_view tag) {
  if (const auto exact = parse_velero_version(tag)) return detected_release{*exact, true};
  // hack/docker-push.sh tags the newest release (not a pre-release) `latest`.
  if (tag == "latest") return detected_release{velero_version::v1_18_2, false};
  int major = 0, minor = 0, patch = 0;
  if (!semver(without_v(tag), major, minor, patch) || major != 1 || minor < 17) return std::nullopt;
  if (minor == 17) return detected_release{velero_version::v1_17_2, false};
  if (minor == 18) return detected_release{patch == 0 ? velero_version::v1_18_0 : velero_version::v1_18_2, false};
  return detected_release{velero_version::main, false};
}

std::span<const velero_feature_row> velero_features() { return features; }
const velero_feature_row& feature_row(velero_feature f) { return features[static_cast<std::size_t>(f)]; }

bool has(velero_version v, velero_feature f) {
  const auto& since = feature_row(f).since;
  return since && static_cast<int>(v) >= static_cast<int>(*since);
}

std::string where_feature_is(velero_feature f) {
  const velero_feature_row& row = feature_row(f);
  if (!row.since) return fmt::format("(proposed in {}, in no release)", row.reference);
  if (*row.since == velero_version::main) return fmt::format("(main has it, {})", row.reference);
  return fmt::format("({} and later have it, {})", row.first_tag.empty() ? to_string(*row.since) : row.first_tag,
                     row.reference);
}

std::string not_in_version_text(velero_version v, velero_feature f, std::string_view name) {
  const velero_feature_row& row = feature_row(f);
  const std::string_view what = kind_text(row.kind);
  if (!name.empty() && what.empty())
    return fmt::format("`{}`: Velero {} does not have {} {}", name, to_string(v), row.name, where_feature_is(f));
  if (!name.empty())
    return fmt::format("`{}` is not {} in Velero {} {}", name, what, to_string(v), where_feature_is(f));
  if (what.empty()) return fmt::format("Velero {} does not have {} {}", to_string(v), row.name, where_feature_is(f));
  return fmt::format("`{}` is not {} in Velero {} {}", row.name, what, to_string(v), where_feature_is(f));
}

}  // namespace volpol
