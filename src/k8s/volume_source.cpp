// Volume source field names (core/v1 PersistentVolumeSpec and VolumeSource JSON fields).
#include "volpol/k8s/volume_source.h"

#include <algorithm>
#include <array>
#include <utility>

namespace volpol::k8s {
namespace {

using entry = std::pair<std::string_view, volume_source>;

// Indexed by the enum; the order matches volume_source.
constexpr std::array<std::string_view, volume_source_count> names = {
    "awsElasticBlockStore", "azureDisk",   "azureFile",       "cephfs",
    "cinder",               "configMap",   "csi",             "downwardAPI",
    "emptyDir",             "ephemeral",   "fc",              "flexVolume",
    "flocker",              "gcePersistentDisk", "gitRepo",   "glusterfs",
    "hostPath",             "image",       "iscsi",           "local",
    "nfs",                  "persistentVolumeClaim", "photonPersistentDisk",
    "portworxVolume",       "projected",   "quobyte",         "rbd",
    "scaleIO",              "secret",      "storageos",       "vsphereVolume"};

// The same names sorted for binary search (they already are: the enum is alphabetical).
constexpr bool sorted() {
  for (std::size_t i = 1; i < names.size(); ++i)
    if (!(names[i - 1] < names[i])) return false;
  return true;
}
static_assert(sorted(), "volume_source names must stay sorted");

}  // namespace

std::string_view field_name(volume_source s) {
  const auto i = static_cast<std::size_t>(s);
  return i < names.size() ? names[i] : std::string_view{};
}

std::optional<volume_source> volume_source_from_field(std::string_view field) {
  const auto it = std::lower_bound(names.begin(), names.end(), field);
  if (it == names.end() || *it != field) return std::nullopt;
  return static_cast<volume_source>(it - names.begin());
}

}  // namespace volpol::k8s
