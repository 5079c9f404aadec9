// VP111: conditions that no single volume meets together. What each condition reads comes from
// Velero's structuredVolume (parsePV / parsePVC / parsePodVolume, volume_resources.go): an
// unbound PVC has no PV, so no storage class, capacity, nfs, csi or volume type; a pod volume
// that is not a PVC has no PVC fields, no storage class and no capacity.
#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "context.h"

namespace volpol::lint::detail {

namespace {

// Types only a pod's own volume can have (a PV never has these sources; an `ephemeral` pod
// volume is not linked to the PVC Kubernetes makes for it).
constexpr std::array<std::string_view, 8> pod_only_types = {"emptyDir",    "configMap", "secret",    "projected",
                                                            "downwardAPI", "gitRepo",   "ephemeral", "image"};

bool has(const std::vector<std::string>& list, std::string_view s) {
  return std::find(list.begin(), list.end(), s) != list.end();
}

struct conflict {
  std::string key;   // the condition the finding points at
  std::string text;  // why
};

/// Conditions read from the PV, as written in this policy ("storageClass", "capacity" ...).
std::vector<std::string> pv_conditions(const policy::volume_conditions& c) {
  std::vector<std::string> keys;
  if (!c.storage_class.empty()) keys.emplace_back("storageClass");
  if (!c.capacity.contains(k8s::quantity{})) keys.emplace_back("capacity");
  if (c.nfs) keys.emplace_back("nfs");
  if (c.csi) keys.emplace_back("csi");
  if (!c.volume_types.empty()) keys.emplace_back("volumeTypes");
  return keys;
}

std::string join_keys(const std::vector<std::string>& keys) {
  std::string out;
  for (std::size_t i = 0; i < keys.size(); ++i) out += (i ? ", `" : "`") + keys[i] + "`";
  return out;
}

std::vector<conflict> conflicts_of(const policy::volume_conditions& c) {
  std::vector<conflict> out;
  const bool pending_only = !c.pvc_phase.empty() && std::all_of(c.pvc_phase.begin(), c.pvc_phase.end(),
                                                                [](const std::string& s) { return s == "Pending"; });
  if (pending_only) {
    const std::vector<std::string> keys = pv_conditions(c);
    if (!keys.empty())
      out.push_back({"pvcPhase", fmt::format("`pvcPhase: [Pending]` selects unbound PVCs, which have no PV, but {} "
                                             "{} read from the PV",
                                             join_keys(keys), keys.size() == 1 ? "is" : "are")});
  }
  if (c.csi && c.nfs) out.push_back({"nfs", "a volume has one source: it cannot be both `csi` and `nfs`"});
  if (c.csi && !c.volume_types.empty() && !has(c.volume_types, "csi"))
    out.push_back({"csi", "`csi` needs a CSI volume, whose type `csi` is not in `volumeTypes`"});
  if (c.nfs && !c.volume_types.empty() && !has(c.volume_types, "nfs"))
    out.push_back({"nfs", "`nfs` needs an NFS volume, whose type `nfs` is not in `volumeTypes`"});
  const bool pod_only = !c.volume_types.empty() &&
                        std::all_of(c.volume_types.begin(), c.volume_types.end(), [](const std::string& t) {
                          return std::find(pod_only_types.begin(), pod_only_types.end(), t) != pod_only_types.end();
                        });
  if (pod_only) {
    std::vector<std::string> keys;
    if (!c.storage_class.empty()) keys.emplace_back("storageClass");
    if (!c.capacity.contains(k8s::quantity{})) keys.emplace_back("capacity");
    if (!c.pvc_labels.empty()) keys.emplace_back("pvcLabels");
    if (!c.pvc_phase.empty()) keys.emplace_back("pvcPhase");
    if (!c.pvc_volume_mode.empty()) keys.emplace_back("pvcVolumeMode");
    if (!c.pvc_access_modes.empty()) keys.emplace_back("pvcAccessModes");
    if (!keys.empty())
      out.push_back({"volumeTypes", fmt::format("these `volumeTypes` are pod volumes without a PV or PVC, but {} "
                                                "{} read from the PV or PVC",
                                                join_keys(keys), keys.size() == 1 ? "is" : "are")});
  }
  return out;
}

}  // namespace

void check_contradictory_conditions(context& c) {
  for (const policy::volume_policy* p : c.policies()) {
    if (c.said_never_matches(*p)) continue;
    const std::vector<conflict> found = conflicts_of(p->conditions);
    if (found.empty()) continue;
    std::string why;
    for (const conflict& f : found) why += (why.empty() ? "" : "; ") + f.text;
    c.add(rule_id::contradictory_conditions, *p, condition_mark(*p, found[0].key), condition_path(*p, found[0].key),
          fmt::format("{} never matches: {}", label(*p), why), "split the policy in two, or drop one of the conditions")
        .never_matches = true;
  }
}

}  // namespace volpol::lint::detail
