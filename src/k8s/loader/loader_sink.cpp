// cluster_sink: objects into the cluster and the counts; Velero's mirrored copies skipped.
#include "loader_sink.h"

#include <fmt/format.h>

#include <type_traits>
#include <utility>
#include <variant>

namespace volpol::k8s::detail {
namespace {

std::size_t& counter(load_counts& c, const persistent_volume&) { return c.persistent_volumes; }
std::size_t& counter(load_counts& c, const persistent_volume_claim&) { return c.persistent_volume_claims; }
std::size_t& counter(load_counts& c, const pod&) { return c.pods; }

}  // namespace

void cluster_sink::object(object_fields& f, const classification& c, object_origin origin) {
  if (counter_ != nullptr) counter_->fetch_add(1, std::memory_order_relaxed);
  if (c.kind == object_kind::other && f.capture && add_extra(f, c, origin)) return;
  if (c.kind == object_kind::unknown || c.kind == object_kind::other) {
    ++r_.counts.other_kinds[c.other];
    return;
  }
  if (f.meta.name.empty()) {
    // Every Kubernetes object has a name (the API server refuses one without): a document
    // without one is not an object of the cluster, and a row without a name helps nobody.
    diagnostic d;
    d.where.file = origin.file;
    d.where.line = origin.line;
    d.where.offset = origin.offset;
    d.where.has_offset = origin.line == 0 && !origin.file.empty();
    d.object = std::string(kind_name(c.kind));
    d.message = fmt::format("a {} without metadata.name: not planned", kind_name(c.kind));
    d.help = "every Kubernetes object has a name; dump objects with `kubectl get ... -o yaml`";
    problem(std::move(d));
    return;
  }
  if (layout_ != nullptr && c.kind != object_kind::persistent_volume && f.meta.namespace_.empty())
    f.meta.namespace_ = layout_->namespace_;
  if (is_backup_copy(f, c.kind)) {
    ++r_.counts.backup_copies;
    return;
  }
  std::string key = in_velero_backup() ? backup_item_key(f, c.kind) : std::string();
  const bool added = add_object(build(f, c.kind, std::move(origin), &shared_));
  if (!added && !key.empty()) rejected_items_.insert(std::move(key));
}

bool cluster_sink::accepts_built() const {
  return layout_ == nullptr || (layout_->namespace_.empty() && !in_velero_backup());
}

void cluster_sink::built(any_object o) {
  if (counter_ != nullptr) counter_->fetch_add(1, std::memory_order_relaxed);
  add_object(std::move(o));
}

bool cluster_sink::add_object(any_object o) {
  return std::visit([this](auto&& x) { return add(std::forward<decltype(x)>(x)); }, std::move(o));
}

void cluster_sink::problem(diagnostic d) {
  if (d.where.file.empty()) d.where.file = std::string(label_);
  if (d.level == severity::error) ++r_.counts.rejected;
  pending_.push_back(std::move(d));
}

/// @return false when the cluster refused the object (a duplicate, reported).
template <class T>
bool cluster_sink::add(T&& o) {
  if constexpr (std::is_same_v<std::decay_t<T>, other_object>) {
    ++r_.counts.other_kinds[o.kind];
    return true;
  } else {
    std::size_t& count = counter(r_.counts, o);
    if (auto res = r_.objects.add(std::forward<T>(o)); !res) {
      problem(*res.error());
      return false;
    }
    ++count;
    return true;
  }
}

bool cluster_sink::in_velero_backup() const {
  return layout_ != nullptr && layout_->from == path_layout::source::velero;
}

std::string cluster_sink::backup_item_key(const object_fields& f, object_kind k) const {
  return fmt::format("{}\n{}\n{}\n{}", layout_->root, kind_name(k), f.meta.namespace_, f.meta.name);
}

/// The second copy of an item of the same Velero backup (`<version>-preferredversion`, see
/// loader.h): the first copy is in the cluster, or was refused as a duplicate of another
/// source's object (then the second is not reported again).
bool cluster_sink::is_backup_copy(const object_fields& f, object_kind k) const {
  if (!in_velero_backup()) return false;
  if (!rejected_items_.empty() && rejected_items_.contains(backup_item_key(f, k))) return true;
  const object_origin* first = nullptr;
  if (k == object_kind::pod) {
    if (const auto* p = r_.objects.find_pod(f.meta.namespace_, f.meta.name)) first = &p->origin;
  } else if (k == object_kind::persistent_volume_claim) {
    if (const auto* p = r_.objects.find_pvc(f.meta.namespace_, f.meta.name)) first = &p->origin;
  } else if (const auto* p = r_.objects.find_pv(f.meta.name)) {
    first = &p->origin;
  }
  return first != nullptr && classify_path(first->file).root == layout_->root;
}

}  // namespace volpol::k8s::detail
