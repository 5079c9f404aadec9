// VP101-VP104: condition values that no volume can have (volumeTypes, pvcPhase, pvcAccessModes,
// pvcVolumeMode). Velero accepts any string there; these compare exactly, case included.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>

#include "context.h"
#include "volpol/detail/policy/structured_volume.h"
#include "volpol/k8s/spelling.h"

namespace volpol::lint::detail {

namespace {

constexpr std::array<std::string_view, 3> pvc_phases = {"Pending", "Bound", "Lost"};
constexpr std::array<std::string_view, 4> access_modes = {"ReadWriteOnce", "ReadOnlyMany", "ReadWriteMany",
                                                          "ReadWriteOncePod"};
constexpr std::array<std::string_view, 2> volume_modes = {"Filesystem", "Block"};

bool contains(std::span<const std::string_view> list, std::string_view s) {
  return std::find(list.begin(), list.end(), s) != list.end();
}

/// Values that are lists of names: one finding per unknown item.
template <class Help>
void check_list(context& c, rule_id rule, std::string_view key,
                const std::vector<std::string>& (*get)(const policy::volume_conditions&),
                std::span<const std::string_view> known, std::string_view what, Help help) {
  for (const policy::volume_policy* p : c.policies()) {
    const std::vector<std::string>& list = get(p->conditions);
    auto bad = [&](const std::string& v) {
      return !contains(known, v) || (rule == rule_id::unknown_volume_type && v == "awsAzureDisk");
    };
    // pvcAccessModes must equal the PVC's set: one unknown mode is enough to never match.
    const bool all_bad = rule == rule_id::unknown_access_mode ? std::any_of(list.begin(), list.end(), bad)
                                                              : std::all_of(list.begin(), list.end(), bad);
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string& v = list[i];
      if (!bad(v)) continue;
      const std::string consequence = all_bad ? fmt::format("{} never matches", label(*p))
                                              : std::string("this entry never matches");
      c.add(rule, *p, condition_item_mark(*p, key, i), fmt::format("{}[{}]", condition_path(*p, key), i),
            fmt::format("{} `{}` {}: {}", key, v, what, consequence), help(v))
          .never_matches = all_bad;
    }
  }
}

const std::vector<std::string>& volume_types_of(const policy::volume_conditions& c) { return c.volume_types; }
const std::vector<std::string>& pvc_phase_of(const policy::volume_conditions& c) { return c.pvc_phase; }
const std::vector<std::string>& access_modes_of(const policy::volume_conditions& c) { return c.pvc_access_modes; }

}  // namespace

void check_unknown_volume_types(context& c) {
  const std::span<const std::string_view> known = policy::supported_volume_types();
  check_list(c, rule_id::unknown_volume_type, "volumeTypes", volume_types_of, known, "is no volume's type",
             [&](const std::string& v) -> std::string {
               if (v == "awsAzureDisk")
                 return "Velero lists `awsAzureDisk`, but a volume's type is its source field: `azureDisk` or "
                        "`awsElasticBlockStore`";
               const std::string l = ascii_lower(v);
               if (l == "pvc" || l == "persistentvolumeclaim" || l == "persistentvolume" || l == "pv")
                 return "a PVC-backed volume has its PV's type (csi, nfs, awsElasticBlockStore ...); match PVCs with "
                        "pvcLabels, pvcPhase, pvcVolumeMode or pvcAccessModes";
               const std::string near = closest(v, known);
               return near.empty() ? fmt::format(
                                         "volume types are source field names, case included (csi, nfs, "
                                         "emptyDir, hostPath ...)")
                                   : did_you_mean(near);
             });
}

void check_unknown_pvc_phases(context& c) {
  check_list(c, rule_id::unknown_pvc_phase, "pvcPhase", pvc_phase_of, pvc_phases, "is no PVC phase",
             [](const std::string& v) -> std::string {
               if (v == "Available" || v == "Released" || v == "Failed")
                 return "`" + v + "` is a PersistentVolume phase; a PVC is Pending, Bound or Lost";
               const std::string near = closest(v, pvc_phases);
               return near.empty() ? std::string("a PVC's phase is Pending, Bound or Lost") : did_you_mean(near);
             });
}

void check_unknown_access_modes(context& c) {
  check_list(c, rule_id::unknown_access_mode, "pvcAccessModes", access_modes_of, access_modes,
             "is no Kubernetes access mode", [](const std::string& v) -> std::string {
               const std::string u = ascii_lower(v);
               if (u == "rwo") return did_you_mean("ReadWriteOnce");
               if (u == "rox") return did_you_mean("ReadOnlyMany");
               if (u == "rwx") return did_you_mean("ReadWriteMany");
               if (u == "rwop") return did_you_mean("ReadWriteOncePod");
               const std::string near = closest(v, access_modes);
               return near.empty()
                          ? std::string("access modes are ReadWriteOnce, ReadOnlyMany, ReadWriteMany, ReadWriteOncePod")
                          : did_you_mean(near);
             });
}

void check_unknown_volume_modes(context& c) {
  for (const policy::volume_policy* p : c.policies()) {
    const std::string& v = p->conditions.pvc_volume_mode;
    if (v.empty() || contains(volume_modes, v)) continue;
    const std::string near = closest(v, volume_modes);
    const value* raw = condition_value(*p, "pvcVolumeMode");
    const value_mark at = raw != nullptr && raw->mark().line ? raw->mark() : condition_mark(*p, "pvcVolumeMode");
    c.add(rule_id::unknown_volume_mode, *p, at, condition_path(*p, "pvcVolumeMode"),
          fmt::format("pvcVolumeMode `{}` is no volume mode: {} never matches", v, label(*p)),
          near.empty() ? std::string("a PVC's volumeMode is Filesystem or Block") : did_you_mean(near))
        .never_matches = true;
  }
}

}  // namespace volpol::lint::detail
