// Volume source field names (core/v1 PersistentVolumeSpec and VolumeSource JSON fields).
#include "volpol/detail/k8s/volume_source.h"

#include <algorithm>
#include <array>
#include <utility>

namespace volpol::k8s {
namespace {

constexpr const auto& names = volume_source_field_names;

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

namespace {
const nfs_source no_nfs;
const csi_source no_csi;
}  // namespace

const nfs_source& volume_sources::nfs() const noexcept { return details_ ? details_->nfs : no_nfs; }
const csi_source& volume_sources::csi() const noexcept { return details_ ? details_->csi : no_csi; }

nfs_source& volume_sources::edit_nfs() { return details_.get_or_make().nfs; }
csi_source& volume_sources::edit_csi() { return details_.get_or_make().csi; }

const compact_string& volume_sources::volume_id() const noexcept {
  static const compact_string none;
  return details_ ? details_->volume_id : none;
}

void volume_sources::set_volume_id(std::string_view id) {
  if (id.empty() && !details_) return;
  details_.get_or_make().volume_id = id;
}

}  // namespace volpol::k8s
