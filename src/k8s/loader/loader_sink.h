// loader_sink.h (private) — where the readers' objects and problems go: the cluster, the
// counts and the diagnostics. Velero backups' second copies of an item are told apart here.
#pragma once

#include <atomic>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "backup_archive.h"
#include "interners.h"
#include "loader_reader.h"
#include "volpol/k8s/loader.h"

namespace volpol::k8s::detail {

class cluster_sink final : public object_sink {
 public:
  /// Objects go to r.objects and r.counts; problems to `pending` (the loader adds line
  /// numbers before they join r.problems).
  cluster_sink(load_result& r, std::vector<diagnostic>& pending) : r_(r), pending_(pending) {}

  /// The stream being read: its label (for problems without a file) and its folder layout
  /// (namespace fallback, Velero copies); `layout` must outlive the stream.
  /// Objects read are counted there too (load_options::objects_read), when set.
  void count_into(std::atomic<std::uint64_t>* counter) { counter_ = counter; }

  void start(std::string_view label, const path_layout* layout) {
    label_ = label;
    layout_ = layout;
  }

  void object(object_fields& f, const classification& c, object_origin origin) override;
  void problem(diagnostic d) override;
  /// Unless the stream's path gives a namespace fallback or is in a Velero backup (copies,
  /// rejected items), a named object of the three kinds is only built and added.
  [[nodiscard]] bool accepts_built() const override;
  void built(any_object o) override;

 private:
  template <class T>
  bool add(T&& o);
  /// add() for whichever of the three kinds `o` holds.
  bool add_object(any_object o);
  /// One of the other kinds volpol reads (f.capture): typed and added (loader_sink_extra.cpp).
  /// @return false when `c` does not name one after all (then it is counted as other).
  bool add_extra(object_fields& f, const classification& c, object_origin origin);
  [[nodiscard]] bool in_velero_backup() const;
  [[nodiscard]] std::string backup_item_key(const object_fields& f, object_kind k) const;
  [[nodiscard]] bool is_backup_copy(const object_fields& f, object_kind k) const;

  load_result& r_;
  std::vector<diagnostic>& pending_;
  std::unordered_set<std::string> rejected_items_;  ///< Velero items refused as duplicates
  interners shared_;                                ///< for the objects built here (workers have their own)
  std::string_view label_;
  const path_layout* layout_ = nullptr;
  std::atomic<std::uint64_t>* counter_ = nullptr;
};

}  // namespace volpol::k8s::detail
