// src/plan/backed_up_items.h (private to the plan layer) — which PVCs and PVs the walk has
// already backed up.
//
// Mirrors Velero's BackedUpItems (pkg/backup/backed_up_items_map.go), which item_backupper.go
// `backupItemInternal` checks before it backs an item up ("Skipping item because it's already
// been backed up"). Velero keys it by resource, namespace and name; a cluster holds one object
// per kind and namespace/name (cluster.h drops duplicates), so the object's position in the
// cluster is the same key, and a flag per position replaces a hash set of names: no hashing,
// no allocation per item.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace volpol::plan::detail {

template <class T>
class backed_up_items {
 public:
  /// `objects`: the cluster's objects of this kind (cluster::persistent_volumes() ...);
  /// every object later passed in must be one of them.
  explicit backed_up_items(std::span<const T> objects) : objects_(objects), done_(objects.size(), false) {}

  /// Marks `obj` backed up; false when it already was.
  bool insert(const T& obj) {
    const std::size_t i = position(obj);
    if (done_[i]) return false;
    done_[i] = true;
    return true;
  }
  [[nodiscard]] bool contains(const T& obj) const { return done_[position(obj)]; }

 private:
  [[nodiscard]] std::size_t position(const T& obj) const { return static_cast<std::size_t>(&obj - objects_.data()); }
  std::span<const T> objects_;
  std::vector<bool> done_;
};

}  // namespace volpol::plan::detail
