// Folder layouts that name an object's kind: Velero backups and insights archives.
#include <vector>

#include "backup_archive.h"

namespace volpol::k8s::detail {
namespace {

std::vector<std::string_view> split(std::string_view path) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (start <= path.size()) {
    const std::size_t slash = path.find('/', start);
    const std::size_t stop = slash == std::string_view::npos ? path.size() : slash;
    if (stop > start) parts.push_back(path.substr(start, stop - start));
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  return parts;
}

std::string_view velero_kind(std::string_view resource) {
  if (resource == "pods") return "Pod";
  if (resource == "persistentvolumes") return "PersistentVolume";
  if (resource == "persistentvolumeclaims") return "PersistentVolumeClaim";
  // Other kinds volpol reads (volpol/detail/k8s/object_value.h) that a Velero backup holds.
  if (resource == "storageclasses.storage.k8s.io") return "StorageClass";
  if (resource == "volumesnapshotclasses.snapshot.storage.k8s.io") return "VolumeSnapshotClass";
  if (resource == "namespaces") return "Namespace";
  if (resource == "daemonsets.apps") return "DaemonSet";
  if (resource == "deployments.apps") return "Deployment";
  if (resource == "configmaps") return "ConfigMap";
  return {};
}

bool velero_at(const std::vector<std::string_view>& c, std::size_t i, std::string_view path, path_layout& out) {
  std::size_t j = i + 2;
  if (j >= c.size()) return false;
  std::string_view version;
  if (c[j] != "namespaces" && c[j] != "cluster") version = c[j++];
  if (j >= c.size()) return false;
  std::string_view ns;
  if (c[j] == "namespaces") {
    if (j + 3 != c.size()) return false;
    ns = c[j + 1];
  } else if (c[j] != "cluster" || j + 2 != c.size()) {
    return false;
  }
  if (!c.back().ends_with(".json")) return false;
  out.from = path_layout::source::velero;
  out.resource = std::string(c[i + 1]);
  out.kind = velero_kind(c[i + 1]);
  out.other_resource = out.kind.empty();
  out.namespace_ = std::string(ns);
  constexpr std::string_view preferred = "-preferredversion";
  out.preferred_copy = !version.empty() && version.ends_with(preferred);
  out.other_version = !version.empty() && !out.preferred_copy;
  // The root: everything up to and including this `resources/`.
  const std::size_t at = static_cast<std::size_t>(c[i].data() - path.data());
  out.root = std::string(path.substr(0, at + c[i].size() + 1));
  return true;
}

bool insights_at(const std::vector<std::string_view>& c, std::size_t i, path_layout& out) {
  if (i + 1 >= c.size() || !c.back().ends_with(".json")) return false;
  if (c[i + 1] == "pod" && i + 4 == c.size()) {
    out.from = path_layout::source::insights;
    out.kind = "Pod";
    out.namespace_ = std::string(c[i + 2]);
    return true;
  }
  if (c[i + 1] == "persistentvolumes" && i + 3 == c.size()) {
    out.from = path_layout::source::insights;
    out.kind = "PersistentVolume";
    return true;
  }
  return false;
}

}  // namespace

path_layout classify_path(std::string_view path) {
  path_layout out;
  const std::vector<std::string_view> c = split(path);
  for (std::size_t i = c.size(); i-- > 0;) {
    if (c[i] == "resources" && velero_at(c, i, path, out)) return out;
    if (c[i] == "config" && insights_at(c, i, out)) return out;
  }
  return path_layout{};
}

}  // namespace volpol::k8s::detail
