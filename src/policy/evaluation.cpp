// Judging every condition of every volume policy against one volume (see evaluation.h).
// The per-condition checks are the ones `Policies.match` uses (volume_conditions.h); only the
// bookkeeping is new.
#include "volpol/policy/evaluation.h"

#include <fmt/format.h>

namespace volpol::policy {

std::string_view to_string(condition_kind k) {
  switch (k) {
    case condition_kind::capacity: return "capacity";
    case condition_kind::storage_class: return "storageClass";
    case condition_kind::nfs: return "nfs";
    case condition_kind::csi: return "csi";
    case condition_kind::volume_types: return "volumeTypes";
    case condition_kind::pvc_labels: return "pvcLabels";
    case condition_kind::pvc_phase: return "pvcPhase";
    case condition_kind::pvc_volume_mode: return "pvcVolumeMode";
    case condition_kind::pvc_access_modes: return "pvcAccessModes";
    case condition_kind::volume_name: return "volumeName";
  }
  return "";
}

bool has_condition(const volume_conditions& c, condition_kind kind) {
  switch (kind) {
    case condition_kind::capacity: return !c.capacity_text.empty() || !c.capacity.is_unbounded();
    case condition_kind::storage_class: return !c.storage_class.empty();
    case condition_kind::nfs: return c.nfs.has_value();
    case condition_kind::csi: return c.csi.has_value();
    case condition_kind::volume_types: return !c.volume_types.empty();
    case condition_kind::pvc_labels: return !c.pvc_labels.empty();
    case condition_kind::pvc_phase: return !c.pvc_phase.empty();
    case condition_kind::pvc_volume_mode: return !c.pvc_volume_mode.empty();
    case condition_kind::pvc_access_modes: return !c.pvc_access_modes.empty();
    case condition_kind::volume_name: return !c.volume_name.empty();
  }
  return false;
}

bool condition_holds(const volume_conditions& c, condition_kind kind, const structured_volume& v) {
  switch (kind) {
    case condition_kind::capacity: return c.capacity.is_unbounded() || capacity_condition_matches(c.capacity, v);
    case condition_kind::storage_class: return storage_class_condition_matches(c.storage_class, v);
    case condition_kind::nfs: return nfs_condition_matches(c.nfs, v);
    case condition_kind::csi: return csi_condition_matches(c.csi, v);
    case condition_kind::volume_types: return volume_types_condition_matches(c.volume_types, v);
    case condition_kind::pvc_labels: return pvc_labels_condition_matches(c.pvc_labels, v);
    case condition_kind::pvc_phase: return pvc_phase_condition_matches(c.pvc_phase, v);
    case condition_kind::pvc_volume_mode: return pvc_volume_mode_condition_matches(c.pvc_volume_mode, v);
    case condition_kind::pvc_access_modes: return pvc_access_modes_condition_matches(c.pvc_access_modes, v);
    case condition_kind::volume_name: return volume_name_condition_matches(c.volume_name, v);
  }
  return true;
}

std::size_t policy_evaluation::failed() const {
  std::size_t n = 0;
  for (const condition_verdict& c : verdicts()) n += c.holds ? 0 : 1;
  return n;
}

const condition_verdict* policy_evaluation::only_failure() const {
  const condition_verdict* found = nullptr;
  for (const condition_verdict& c : verdicts()) {
    if (c.holds) continue;
    if (found != nullptr) return nullptr;
    found = &c;
  }
  return found;
}

policy_evaluation evaluate_policy(const volume_policy& p, const structured_volume& v) {
  policy_evaluation e;
  e.policy = &p;
  for (std::size_t i = 0; i < condition_kind_count; ++i) {
    const auto kind = static_cast<condition_kind>(i);
    if (!has_condition(p.conditions, kind)) continue;
    e.items[e.count++] = {kind, condition_holds(p.conditions, kind, v)};
  }
  return e;
}

std::vector<policy_evaluation> evaluate_policies(std::span<const volume_policy> list, const structured_volume& v) {
  std::vector<policy_evaluation> out;
  out.reserve(list.size());
  for (const volume_policy& p : list) out.push_back(evaluate_policy(p, v));
  return out;
}

bool volume_has_value(condition_kind kind, const structured_volume& v) {
  switch (kind) {
    case condition_kind::capacity: return v.capacity != nullptr;
    case condition_kind::storage_class: return !v.storage_class.empty();
    case condition_kind::nfs: return v.nfs != nullptr;
    case condition_kind::csi: return v.csi != nullptr;
    case condition_kind::volume_types: return !v.volume_type.empty();
    case condition_kind::pvc_labels: return v.pvc_labels != nullptr;
    case condition_kind::pvc_phase: return !v.pvc_phase.empty();
    case condition_kind::pvc_volume_mode: return !v.pvc_volume_mode.empty();
    case condition_kind::pvc_access_modes: return !v.pvc_access_modes.empty();
    case condition_kind::volume_name: return !v.pv_name.empty() || !v.pvc_name.empty() || !v.pod_volume_name.empty();
  }
  return false;
}

namespace {

std::string list_text(const std::vector<std::string>& items) { return fmt::format("[{}]", fmt::join(items, ", ")); }

std::string map_text(const k8s::string_map& m) {
  std::string out = "{";
  for (const auto& [k, v] : m) out += fmt::format("{}{}: {}", out.size() > 1 ? ", " : "", k, v);
  return out + "}";
}

std::string quoted_or_none(std::string_view s, std::string_view none) {
  return s.empty() ? std::string(none) : std::string(s);
}

}  // namespace

std::string condition_text(const volume_conditions& c, condition_kind kind) {
  switch (kind) {
    case condition_kind::capacity: return c.capacity_text;
    case condition_kind::storage_class: return list_text(c.storage_class);
    case condition_kind::nfs: {
      if (!c.nfs) return "{}";
      std::string out = "{";
      if (!c.nfs->server.empty()) out += "server: " + c.nfs->server;
      if (!c.nfs->path.empty()) out += (out.size() > 1 ? ", path: " : "path: ") + c.nfs->path;
      return out + "}";
    }
    case condition_kind::csi: {
      if (!c.csi) return "{}";
      std::string out = "{";
      if (!c.csi->driver.empty()) out += "driver: " + c.csi->driver;
      if (c.csi->volume_attributes)
        out += (out.size() > 1 ? ", volumeAttributes: " : "volumeAttributes: ") + map_text(*c.csi->volume_attributes);
      return out + "}";
    }
    case condition_kind::volume_types: return list_text(c.volume_types);
    case condition_kind::pvc_labels: return map_text(c.pvc_labels);
    case condition_kind::pvc_phase: return list_text(c.pvc_phase);
    case condition_kind::pvc_volume_mode: return c.pvc_volume_mode;
    case condition_kind::pvc_access_modes: return list_text(c.pvc_access_modes);
    case condition_kind::volume_name: return list_text(c.volume_name);
  }
  return {};
}

std::string volume_value_text(condition_kind kind, const structured_volume& v) {
  switch (kind) {
    case condition_kind::capacity:
      return v.capacity != nullptr ? v.capacity->to_string() : std::string("no capacity (counts as 0)");
    case condition_kind::storage_class: return quoted_or_none(v.storage_class, "no storage class");
    case condition_kind::nfs:
      if (v.nfs == nullptr) return "not an NFS volume";
      return fmt::format("{{server: {}, path: {}}}", v.nfs->server.view(), v.nfs->path.view());
    case condition_kind::csi:
      if (v.csi == nullptr) return "not a CSI volume";
      if (v.csi->volume_attributes.empty()) return fmt::format("{{driver: {}}}", v.csi->driver.view());
      return fmt::format("{{driver: {}, volumeAttributes: {}}}", v.csi->driver.view(),
                         map_text(v.csi->volume_attributes));
    case condition_kind::volume_types: return quoted_or_none(v.volume_type, "no volume type");
    case condition_kind::pvc_labels: return v.pvc_labels != nullptr ? map_text(*v.pvc_labels) : "no PVC labels";
    case condition_kind::pvc_phase: return quoted_or_none(v.pvc_phase, "no PVC");
    case condition_kind::pvc_volume_mode: return quoted_or_none(v.pvc_volume_mode, "no volumeMode");
    case condition_kind::pvc_access_modes: {
      if (v.pvc_access_modes.empty()) return "no accessModes";
      return fmt::format("[{}]", fmt::join(v.pvc_access_modes, ", "));
    }
    case condition_kind::volume_name: {
      std::vector<std::string> names;
      if (!v.pv_name.empty()) names.push_back(fmt::format("PV {}", v.pv_name));
      if (!v.pod_volume_name.empty()) names.push_back(fmt::format("pod volume {}", v.pod_volume_name));
      if (!v.pvc_name.empty()) names.push_back(fmt::format("PVC {}", v.pvc_name));
      return names.empty() ? std::string("no name") : fmt::format("{}", fmt::join(names, ", "));
    }
  }
  return {};
}

}  // namespace volpol::policy
