#include "volpol/detail/plan/volume_snapshot_location.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <string>

namespace volpol::plan {

result<std::vector<std::pair<std::string, std::string>>> parse_map_flag(std::string_view text, char kv) {
  // One CSV record (encoding/csv): fields split on ',', a field may be quoted ("" = a quote).
  std::vector<std::string> fields;
  std::string cur;
  bool quoted = false, at_start = true;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    if (quoted) {
      if (ch == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        cur += '"';
        ++i;
      } else if (ch == '"') {
        quoted = false;
      } else {
        cur += ch;
      }
    } else if (ch == '"' && at_start) {
      quoted = true;
      at_start = false;
    } else if (ch == ',') {
      fields.push_back(std::move(cur));
      cur.clear();
      at_start = true;
    } else {
      cur += ch;
      at_start = false;
    }
  }
  if (quoted) return make_error(fmt::format("error parsing `{}`: extraneous or missing \" in quoted-field", text));
  fields.push_back(std::move(cur));
  std::map<std::string, std::string> out;
  for (const std::string& f : fields) {
    const auto at = f.find(kv);
    if (at == std::string::npos) return make_error(fmt::format("error parsing `{}`: expected `key{}value`", f, kv));
    out[f.substr(0, at)] = f.substr(at + 1);
  }
  return std::vector<std::pair<std::string, std::string>>(out.begin(), out.end());
}

snapshot_location_resolution resolve_volume_snapshot_locations(
    std::span<const volume_snapshot_location> vsls, const std::vector<std::string>& spec_locations,
    const std::vector<std::pair<std::string, std::string>>& server_defaults) {
  snapshot_location_resolution r;
  auto find = [&](std::string_view name) -> const volume_snapshot_location* {
    for (const auto& l : vsls)
      if (l.name == name) return &l;
    return nullptr;
  };
  std::map<std::string, const volume_snapshot_location*> by_provider;
  for (const std::string& name : spec_locations) {
    const volume_snapshot_location* l = find(name);
    if (l == nullptr) {
      r.errors.push_back(fmt::format(
          "a VolumeSnapshotLocation CRD for the location {} with the name specified in the backup spec needs to be "
          "created before this snapshot can be executed. Error: volumesnapshotlocations.velero.io \"{}\" not found",
          name, name));
      continue;
    }
    const auto [it, added] = by_provider.try_emplace(l->provider, l);
    if (!added && it->second->name != name)
      r.errors.push_back(
          fmt::format("more than one VolumeSnapshotLocation name specified for provider {}: {}; unexpected name was {}",
                      l->provider, name, it->second->name));
  }
  if (!r.errors.empty()) return r;
  std::map<std::string, std::vector<const volume_snapshot_location*>> all;
  for (const auto& l : vsls) all[l.provider].push_back(&l);
  for (const auto& [provider, locations] : all) {
    if (by_provider.contains(provider)) continue;
    if (locations.size() > 1) {
      std::string def;
      for (const auto& [p, n] : server_defaults)
        if (p == provider) def = n;
      if (def.empty()) {
        r.errors.push_back(fmt::format(
            "provider {} has more than one possible volume snapshot location, and none were specified explicitly "
            "or as a default",
            provider));
        continue;
      }
      const volume_snapshot_location* l = find(def);
      if (l == nullptr) {
        r.errors.push_back(fmt::format(
            "error getting volume snapshot location named {}: volumesnapshotlocations.velero.io \"{}\" not found", def,
            def));
        continue;
      }
      by_provider[provider] = l;
      continue;
    }
    by_provider[provider] = locations.front();
  }
  if (!r.errors.empty()) return r;
  for (const auto& [provider, l] : by_provider) r.locations.push_back(*l);
  return r;
}

result<volume_snapshot_location> parse_volume_snapshot_location(std::string_view text) {
  const auto eq = text.find('=');
  volume_snapshot_location l;
  if (eq == std::string_view::npos) {
    l.name = std::string(text);
    l.provider = std::string(text);
  } else {
    l.name = std::string(text.substr(0, eq));
    l.provider = std::string(text.substr(eq + 1));
  }
  if (l.name.empty() || l.provider.empty())
    return make_error("invalid volume snapshot location `" + std::string(text) +
                      "`, expected `NAME=PROVIDER` (e.g. `default=aws`)");
  return l;
}

namespace {

std::string_view short_provider(std::string_view provider) {
  constexpr std::string_view prefix = "velero.io/";
  if (provider.substr(0, prefix.size()) == prefix) provider.remove_prefix(prefix.size());
  return provider;
}

// projects/{project}/zones/{zone}/disks/{name}
bool is_gce_disk_handle(std::string_view h) {
  std::size_t parts = 0;
  std::string_view expect[] = {"projects", "", "zones", "", "disks", ""};
  while (true) {
    const auto slash = h.find('/');
    const std::string_view part = h.substr(0, slash);
    if (parts >= 6 || part.empty()) return false;
    if (!expect[parts].empty() && part != expect[parts]) return false;
    ++parts;
    if (slash == std::string_view::npos) break;
    h.remove_prefix(slash + 1);
  }
  return parts == 6;
}

volume_id_answer aws(const k8s::persistent_volume& pv) {
  if (!pv.sources.has(k8s::volume_source::aws_elastic_block_store)) return {};
  const std::string& id = pv.sources.volume_id();
  if (id.empty()) return {"", "spec.awsElasticBlockStore.volumeID not found"};
  const auto at = id.find("vol-");
  if (at == std::string::npos) return {};
  return {id.substr(at), ""};
}

volume_id_answer gcp(const k8s::persistent_volume& pv) {
  if (pv.sources.has(k8s::volume_source::csi) && pv.sources.csi().driver == "pd.csi.storage.gke.io") {
    const std::string& h = pv.sources.csi().volume_handle;
    if (!is_gce_disk_handle(h))
      return {"",
              "invalid volumeHandle for CSI driver:pd.csi.storage.gke.io, expected "
              "projects/{project}/zones/{zone}/disks/{name}, got " +
                  h};
    return {h.substr(h.rfind('/') + 1), ""};
  }
  if (!pv.sources.has(k8s::volume_source::gce_persistent_disk)) return {};
  if (pv.sources.volume_id().empty()) return {"", "spec.gcePersistentDisk.pdName not found"};
  return {pv.sources.volume_id(), ""};
}

volume_id_answer azure(const k8s::persistent_volume& pv) {
  if (!pv.sources.has(k8s::volume_source::azure_disk)) return {};
  if (pv.sources.volume_id().empty()) return {"", "spec.azureDisk.diskName not found"};
  return {pv.sources.volume_id(), ""};
}

}  // namespace

volume_id_answer volume_id_for(std::string_view provider, const k8s::persistent_volume& pv) {
  const std::string_view p = short_provider(provider);
  if (p == "aws") return aws(pv);
  if (p == "gcp") return gcp(pv);
  if (p == "azure") return azure(pv);
  volume_id_answer unknown;
  unknown.known_provider = false;
  return unknown;
}

}  // namespace volpol::plan
