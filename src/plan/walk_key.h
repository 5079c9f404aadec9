// src/plan/walk_key.h (private to the plan layer) — the key of one volume in the walk's
// indexes and in the skipped-PV tracker, as views (no allocation per lookup).
//
// Velero keys its skipped-PV tracker by `getVolumeKey` (pkg/backup/pv_skip_tracker.go):
// "pv:NAME" when the volume has a PV, else "pvc:NS/NAME". The walk also keys pod volumes
// without a claim ("pod:NS/POD/VOLUME") and the extra row of a second pod mounting a shared
// PVC ("podpvc:NS/POD/VOLUME"). The views point into the cluster the walk reads: a key is
// valid while the cluster lives.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "volpol/detail/zstring_view.h"

namespace volpol::plan::detail {

/// 32 bytes: the walk's indexes hold one per PV and PVC (NUL-terminated views: the names are
/// the cluster's and the records', all NUL-terminated).
struct walk_key {
  enum class kind : std::uint8_t { none, pv, pvc, pod_volume, shared_pvc_row };
  kind k = kind::none;
  zstring_view namespace_;  ///< pvc, pod_volume, shared_pvc_row: the namespace
  zstring_view name;        ///< the PV's, PVC's or pod's name
  zstring_view volume;      ///< pod_volume, shared_pvc_row: the volume's name in the pod

  [[nodiscard]] bool empty() const { return k == kind::none; }
  friend bool operator==(const walk_key&, const walk_key&) = default;

  /// Velero's getVolumeKey: a PV's key when `pv_name` is set, else the PVC's when both its
  /// namespace and name are set, else an empty key.
  /// (NUL-terminated names, as records hold them: which are empty is known before any size
  /// is counted.)
  [[nodiscard]] static walk_key of(zstring_view pv_name, zstring_view pvc_namespace, zstring_view pvc_name) {
    if (!pv_name.empty()) return {kind::pv, {}, pv_name, {}};
    if (!pvc_name.empty() && !pvc_namespace.empty()) return {kind::pvc, pvc_namespace, pvc_name, {}};
    return {};
  }
  [[nodiscard]] static walk_key pvc(zstring_view ns, zstring_view name) { return {kind::pvc, ns, name, {}}; }
  [[nodiscard]] static walk_key pv(zstring_view name) { return {kind::pv, {}, name, {}}; }

  /// "pv:NAME", "pvc:NS/NAME", "pod:NS/POD/VOLUME", "podpvc:NS/POD/VOLUME", "" (for messages
  /// and tests; Velero's spelling for the first two).
  [[nodiscard]] std::string to_string() const {
    switch (k) {
      case kind::none: return {};
      case kind::pv: return "pv:" + std::string(name.view());
      case kind::pvc: return "pvc:" + std::string(namespace_.view()) + "/" + std::string(name.view());
      case kind::pod_volume:
        return "pod:" + std::string(namespace_.view()) + "/" + std::string(name.view()) + "/" +
               std::string(volume.view());
      case kind::shared_pvc_row:
        return "podpvc:" + std::string(namespace_.view()) + "/" + std::string(name.view()) + "/" +
               std::string(volume.view());
    }
    return {};
  }
};

static_assert(sizeof(walk_key) == 32);

struct walk_key_hash {
  [[nodiscard]] std::size_t operator()(const walk_key& key) const noexcept {
    const std::hash<std::string_view> h;
    std::size_t seed = static_cast<std::size_t>(key.k);
    for (const zstring_view part : {key.namespace_, key.name, key.volume})
      seed ^= h(part.view()) + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2);
    return seed;
  }
};

}  // namespace volpol::plan::detail
