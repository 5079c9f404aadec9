// The conditions of a volume policy, one row each (see condition_table.h). Each row's `match`
// is in the condition's own file (condition_<key>.cpp), mirroring its Velero `match` method.
#include "condition_table.h"

#include <fmt/format.h>

#include "conditions_decoder.h"
#include "volpol/policy/policies.h"

namespace volpol::policy::detail {

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

const std::array<condition_descriptor, condition_kind_count> conditions = {{
    {condition_kind::capacity, "capacity", std::nullopt,
     R"json("capacity": {
  "description": "A capacity range \"LOW,HIGH\" in Kubernetes quantities (\"10Gi,100Gi\", \"0,1Ti\", \"50Gi,\").",
  "type": ["string", "number"]
})json",
     [](conditions_decoder& cd, const value& v, const std::string& p, value_mark m, volume_conditions& c) {
       c.capacity_text = cd.string_field(v, p, "capacity", m);
     },
     [](const volume_conditions& c) { return !c.capacity_text.empty() || !c.capacity.is_unbounded(); },
     [](const volume_conditions& c) { return c.capacity.is_unbounded(); },
     [](const volume_conditions& c, const structured_volume& v) {
       return c.capacity.is_unbounded() || capacity_condition_matches(c.capacity, v);
     },
     [](const structured_volume& v) { return v.capacity != nullptr; },
     [](const volume_conditions& c) { return c.capacity_text; },
     [](const structured_volume& v) {
       return v.capacity != nullptr ? v.capacity->to_string() : std::string("no capacity (counts as 0)");
     }},
    {condition_kind::storage_class, "storageClass", std::nullopt,
     R"json("storageClass": {"description": "Storage class names (globs).", "$ref": "#/$defs/stringList"})json",
     [](conditions_decoder& cd, const value& v, const std::string& p, value_mark m, volume_conditions& c) {
       c.storage_class = cd.string_list(v, p, "storageClass", m);
     },
     [](const volume_conditions& c) { return !c.storage_class.empty(); }, nullptr,
     [](const volume_conditions& c, const structured_volume& v) {
       return storage_class_condition_matches(c.storage_class, v);
     },
     [](const structured_volume& v) { return !v.storage_class.empty(); },
     [](const volume_conditions& c) { return list_text(c.storage_class); },
     [](const structured_volume& v) { return quoted_or_none(v.storage_class, "no storage class"); }},
    {condition_kind::nfs, "nfs", std::nullopt,
     R"json("nfs": {
  "description": "An NFS volume; {} matches any NFS volume.",
  "type": ["object", "null"],
  "additionalProperties": false,
  "properties": {"server": {"type": "string"}, "path": {"type": "string"}}
})json",
     [](conditions_decoder& cd, const value& v, const std::string& p, value_mark m, volume_conditions& c) {
       nfs_condition nfs;
       if (cd.struct_fields(v, p, "nfs", {"server", "path"}, m,
                            [&](std::string_view f, const value& x, const std::string& fp, value_mark fm) {
                              (f == "server" ? nfs.server : nfs.path) = cd.string_field(x, fp, f, fm);
                            }))
         c.nfs = std::move(nfs);
     },
     [](const volume_conditions& c) { return c.nfs.has_value(); }, nullptr,
     [](const volume_conditions& c, const structured_volume& v) { return nfs_condition_matches(c.nfs, v); },
     [](const structured_volume& v) { return v.nfs != nullptr; },
     [](const volume_conditions& c) {
       if (!c.nfs) return std::string("{}");
       std::string out = "{";
       if (!c.nfs->server.empty()) out += "server: " + c.nfs->server;
       if (!c.nfs->path.empty()) out += (out.size() > 1 ? ", path: " : "path: ") + c.nfs->path;
       return out + "}";
     },
     [](const structured_volume& v) {
       if (v.nfs == nullptr) return std::string("not an NFS volume");
       return fmt::format("{{server: {}, path: {}}}", v.nfs->server.view(), v.nfs->path.view());
     }},
    {condition_kind::csi, "csi", std::nullopt,
     R"json("csi": {
  "description": "A CSI volume; {} matches any CSI volume. volumeAttributes need a driver.",
  "type": ["object", "null"],
  "additionalProperties": false,
  "properties": {
    "driver": {"type": "string"},
    "volumeAttributes": {"type": ["object", "null"], "additionalProperties": {"type": ["string", "number", "boolean"]}}
  },
  "if": {"required": ["volumeAttributes"], "properties": {"volumeAttributes": {"type": "object"}}},
  "then": {"required": ["driver"], "properties": {"driver": {"minLength": 1}}}
})json",
     [](conditions_decoder& cd, const value& v, const std::string& p, value_mark m, volume_conditions& c) {
       csi_condition csi;
       if (cd.struct_fields(v, p, "csi", {"driver", "volumeAttributes"}, m,
                            [&](std::string_view f, const value& x, const std::string& fp, value_mark fm) {
                              if (f == "driver") csi.driver = cd.string_field(x, fp, f, fm);
                              else csi.volume_attributes = cd.string_map(x, fp, f, fm);
                            }))
         c.csi = std::move(csi);
     },
     [](const volume_conditions& c) { return c.csi.has_value(); }, nullptr,
     [](const volume_conditions& c, const structured_volume& v) { return csi_condition_matches(c.csi, v); },
     [](const structured_volume& v) { return v.csi != nullptr; },
     [](const volume_conditions& c) {
       if (!c.csi) return std::string("{}");
       std::string out = "{";
       if (!c.csi->driver.empty()) out += "driver: " + c.csi->driver;
       if (c.csi->volume_attributes)
         out += (out.size() > 1 ? ", volumeAttributes: " : "volumeAttributes: ") + map_text(*c.csi->volume_attributes);
       return out + "}";
     },
     [](const structured_volume& v) {
       if (v.csi == nullptr) return std::string("not a CSI volume");
       if (v.csi->volume_attributes.empty()) return fmt::format("{{driver: {}}}", v.csi->driver.view());
       return fmt::format("{{driver: {}, volumeAttributes: {}}}", v.csi->driver.view(),
                          map_text(v.csi->volume_attributes));
     }},
    {condition_kind::volume_types, "volumeTypes", std::nullopt,
     R"json("volumeTypes": {
  "description": "Volume source kinds (Velero accepts other names too; they match nothing).",
  "type": ["array", "null"],
  "items": {
    "anyOf": [{"type": "string"}, {"enum": ["awsElasticBlockStore", "azureDisk", "azureFile", "cephfs", "cinder", "configMap", "csi",
             "downwardAPI", "emptyDir", "ephemeral", "fc", "flexVolume", "flocker", "gcePersistentDisk",
             "gitRepo", "glusterfs", "hostPath", "image", "iscsi", "local", "nfs", "photonPersistentDisk",
             "portworxVolume", "projected", "quobyte", "rbd", "scaleIO", "secret", "storageOS",
             "vsphereVolume"]}]
  }
})json",
     [](conditions_decoder& cd, const value& v, const std::string& p, value_mark m, volume_conditions& c) {
       c.volume_types = cd.string_list(v, p, "volumeTypes", m);
     },
     [](const volume_conditions& c) { return !c.volume_types.empty(); }, nullptr,
     [](const volume_conditions& c, const structured_volume& v) {
       return volume_types_condition_matches(c.volume_types, v);
     },
     [](const structured_volume& v) { return !v.volume_type.empty(); },
     [](const volume_conditions& c) { return list_text(c.volume_types); },
     [](const structured_volume& v) { return quoted_or_none(v.volume_type, "no volume type"); }},
    {condition_kind::pvc_labels, "pvcLabels", std::nullopt,
     R"json("pvcLabels": {
  "description": "Labels the PVC must have (all of them).",
  "type": ["object", "null"],
  "additionalProperties": {"type": ["string", "number", "boolean"]}
})json",
     [](conditions_decoder& cd, const value& v, const std::string& p, value_mark m, volume_conditions& c) {
       c.pvc_labels = cd.string_map(v, p, "pvcLabels", m).value_or(k8s::string_map{});
     },
     [](const volume_conditions& c) { return !c.pvc_labels.empty(); }, nullptr,
     [](const volume_conditions& c, const structured_volume& v) {
       return pvc_labels_condition_matches(c.pvc_labels, v);
     },
     [](const structured_volume& v) { return v.pvc_labels != nullptr; },
     [](const volume_conditions& c) { return map_text(c.pvc_labels); },
     [](const structured_volume& v) {
       return v.pvc_labels != nullptr ? map_text(*v.pvc_labels) : std::string("no PVC labels");
     }},
    {condition_kind::pvc_phase, "pvcPhase", velero_feature::condition_pvc_phase,
     R"json("pvcPhase": {"description": "PVC phases: Pending, Bound, Lost.", "$ref": "#/$defs/stringList"})json",
     [](conditions_decoder& cd, const value& v, const std::string& p, value_mark m, volume_conditions& c) {
       c.pvc_phase = cd.string_list(v, p, "pvcPhase", m);
     },
     [](const volume_conditions& c) { return !c.pvc_phase.empty(); }, nullptr,
     [](const volume_conditions& c, const structured_volume& v) { return pvc_phase_condition_matches(c.pvc_phase, v); },
     [](const structured_volume& v) { return !v.pvc_phase.empty(); },
     [](const volume_conditions& c) { return list_text(c.pvc_phase); },
     [](const structured_volume& v) { return quoted_or_none(v.pvc_phase, "no PVC"); }},
    {condition_kind::pvc_volume_mode, "pvcVolumeMode", velero_feature::condition_pvc_volume_mode,
     R"json("pvcVolumeMode": {"description": "Filesystem or Block.", "type": "string"})json",
     [](conditions_decoder& cd, const value& v, const std::string& p, value_mark m, volume_conditions& c) {
       c.pvc_volume_mode = cd.string_field(v, p, "pvcVolumeMode", m);
     },
     [](const volume_conditions& c) { return !c.pvc_volume_mode.empty(); }, nullptr,
     [](const volume_conditions& c, const structured_volume& v) {
       return pvc_volume_mode_condition_matches(c.pvc_volume_mode, v);
     },
     [](const structured_volume& v) { return !v.pvc_volume_mode.empty(); },
     [](const volume_conditions& c) { return c.pvc_volume_mode; },
     [](const structured_volume& v) { return quoted_or_none(v.pvc_volume_mode, "no volumeMode"); }},
    {condition_kind::pvc_access_modes, "pvcAccessModes", velero_feature::condition_pvc_access_modes,
     R"json("pvcAccessModes": {
  "description": "PVC access modes (ReadWriteOnce, ReadOnlyMany, ReadWriteMany, ReadWriteOncePod).",
  "type": ["array", "null"],
  "items": {"type": "string"}
})json",
     [](conditions_decoder& cd, const value& v, const std::string& p, value_mark m, volume_conditions& c) {
       c.pvc_access_modes = cd.string_list(v, p, "pvcAccessModes", m);
     },
     [](const volume_conditions& c) { return !c.pvc_access_modes.empty(); }, nullptr,
     [](const volume_conditions& c, const structured_volume& v) {
       return pvc_access_modes_condition_matches(c.pvc_access_modes, v);
     },
     [](const structured_volume& v) { return !v.pvc_access_modes.empty(); },
     [](const volume_conditions& c) { return list_text(c.pvc_access_modes); },
     [](const structured_volume& v) {
       if (v.pvc_access_modes.empty()) return std::string("no accessModes");
       return fmt::format("[{}]", fmt::join(v.pvc_access_modes, ", "));
     }},
    {condition_kind::volume_name, "volumeName", velero_feature::condition_volume_name,
     R"json("volumeName": {"description": "Volume names: the PV's, the PVC's or the pod volume's (exact).", "$ref": "#/$defs/stringList"})json",
     [](conditions_decoder& cd, const value& v, const std::string& p, value_mark m, volume_conditions& c) {
       c.volume_name = cd.string_list(v, p, "volumeName", m);
     },
     [](const volume_conditions& c) { return !c.volume_name.empty(); }, nullptr,
     [](const volume_conditions& c, const structured_volume& v) {
       return volume_name_condition_matches(c.volume_name, v);
     },
     [](const structured_volume& v) { return !v.pv_name.empty() || !v.pvc_name.empty() || !v.pod_volume_name.empty(); },
     [](const volume_conditions& c) { return list_text(c.volume_name); },
     [](const structured_volume& v) {
       std::vector<std::string> names;
       if (!v.pv_name.empty()) names.push_back(fmt::format("PV {}", v.pv_name));
       if (!v.pod_volume_name.empty()) names.push_back(fmt::format("pod volume {}", v.pod_volume_name));
       if (!v.pvc_name.empty()) names.push_back(fmt::format("PVC {}", v.pvc_name));
       return names.empty() ? std::string("no name") : fmt::format("{}", fmt::join(names, ", "));
     }},
}};

const condition_descriptor* descriptor_of_key(std::string_view key) {
  for (const condition_descriptor& d : conditions)
    if (d.key == key) return &d;
  return nullptr;
}

}  // namespace volpol::policy::detail

namespace volpol::policy {

// The hot path: every row's `holds`, written out by hand, cheapest and most selective first
// (a new row adds its line here; tests/policy/condition_table_test.cpp fails until it does),
// and the loop over the policies that calls it (Policies.match), in the same unit so that it
// inlines.
bool all_conditions_match(const volume_conditions& c, const structured_volume& v) {
  // Cheapest and most selective first; conditions are pure, so the order does not change
  // the answer (Velero tries capacity, storageClass, nfs, csi, volumeTypes, pvc*).
  if (!c.storage_class.empty() && !storage_class_condition_matches(c.storage_class, v)) return false;
  if (!c.volume_types.empty() && !volume_types_condition_matches(c.volume_types, v)) return false;
  if (c.csi && !csi_condition_matches(c.csi, v)) return false;
  if (c.nfs && !nfs_condition_matches(c.nfs, v)) return false;
  if (!c.pvc_phase.empty() && !pvc_phase_condition_matches(c.pvc_phase, v)) return false;
  if (!c.pvc_volume_mode.empty() && !pvc_volume_mode_condition_matches(c.pvc_volume_mode, v)) return false;
  if (!c.pvc_access_modes.empty() && !pvc_access_modes_condition_matches(c.pvc_access_modes, v)) return false;
  if (!c.pvc_labels.empty() && !pvc_labels_condition_matches(c.pvc_labels, v)) return false;
  if (!c.volume_name.empty() && !volume_name_condition_matches(c.volume_name, v)) return false;
  return c.capacity.is_unbounded() || capacity_condition_matches(c.capacity, v);
}

bool matches(const volume_policy& p, const structured_volume& v) { return all_conditions_match(p.conditions, v); }

const volume_policy* first_match(std::span<const volume_policy> list, const structured_volume& v) {
  for (const volume_policy& p : list)
    if (all_conditions_match(p.conditions, v)) return &p;
  return nullptr;
}

}  // namespace volpol::policy
