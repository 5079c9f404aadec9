#include "volpol/plan/volume_snapshot_location.h"

#include <string>

namespace volpol::plan {

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
  const std::string& id = pv.sources.volume_id;
  if (id.empty()) return {"", "spec.awsElasticBlockStore.volumeID not found"};
  const auto at = id.find("vol-");
  if (at == std::string::npos) return {};
  return {id.substr(at), ""};
}

volume_id_answer gcp(const k8s::persistent_volume& pv) {
  if (pv.sources.has(k8s::volume_source::csi) && pv.sources.csi.driver == "pd.csi.storage.gke.io") {
    const std::string& h = pv.sources.csi.volume_handle;
    if (!is_gce_disk_handle(h))
      return {"", "invalid volumeHandle for CSI driver:pd.csi.storage.gke.io, expected "
                  "projects/{project}/zones/{zone}/disks/{name}, got " + h};
    return {h.substr(h.rfind('/') + 1), ""};
  }
  if (!pv.sources.has(k8s::volume_source::gce_persistent_disk)) return {};
  if (pv.sources.volume_id.empty()) return {"", "spec.gcePersistentDisk.pdName not found"};
  return {pv.sources.volume_id, ""};
}

volume_id_answer azure(const k8s::persistent_volume& pv) {
  if (!pv.sources.has(k8s::volume_source::azure_disk)) return {};
  if (pv.sources.volume_id.empty()) return {"", "spec.azureDisk.diskName not found"};
  return {pv.sources.volume_id, ""};
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
