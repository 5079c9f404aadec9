// object_fields: classification and conversion to the typed objects.
#include "loader_fields.h"
#include "interners.h"

#include <fmt/format.h>

#include <algorithm>

namespace volpol::k8s::detail {

std::string_view kind_name(object_kind k) {
  switch (k) {
    case object_kind::persistent_volume: return "PersistentVolume";
    case object_kind::persistent_volume_claim: return "PersistentVolumeClaim";
    case object_kind::pod: return "Pod";
    default: return {};
  }
}

object_kind kind_from_name(std::string_view kind) {
  if (kind.empty()) return object_kind::unknown;
  if (kind == "Pod") return object_kind::pod;
  if (kind == "PersistentVolumeClaim") return object_kind::persistent_volume_claim;
  if (kind == "PersistentVolume") return object_kind::persistent_volume;
  return object_kind::other;
}

std::string_view item_kind_of_list(std::string_view list_kind) {
  constexpr std::string_view suffix = "List";
  if (list_kind.size() <= suffix.size() || !list_kind.ends_with(suffix)) return {};
  return list_kind.substr(0, list_kind.size() - suffix.size());
}

std::string items_of_non_list_kind(std::string_view kind) {
  if (kind.empty() || kind == "List" || !item_kind_of_list(kind).empty()) return {};
  return fmt::format(
      "`kind: {}` has an `items` list: it is read as a list of objects, as Kubernetes reads any object with "
      "`items`; its own fields are not read",
      kind);
}

field_mask field_mask::for_kind(object_kind k) {
  switch (k) {
    case object_kind::persistent_volume: return {true, true, false, false};
    case object_kind::persistent_volume_claim: return {true, false, true, false};
    case object_kind::pod: return {true, false, false, true};
    case object_kind::other: return {false, false, false, false};
    default: return {};
  }
}

void object_fields::clear() {
  kind.clear();
  api_version.clear();
  meta = object_meta{};
  storage_class_name.reset();
  volume_mode.reset();
  access_modes.clear();
  capacity.reset();
  claim_ref.reset();
  reclaim_policy.clear();
  sources = volume_sources{};
  volume_name.clear();
  requested.reset();
  volumes.clear();
  mounted_volumes.clear();
  device_volumes.clear();
  node_name.clear();
  has_deletion_timestamp = false;
  phase.clear();
  status_capacity.reset();
  pod_shape = pv_shape = pvc_shape = false;
  capture = false;
  captured.clear();
}

namespace {

object_kind by_shape(const object_fields& f) {
  if (f.pod_shape && !f.pv_shape && !f.pvc_shape) return object_kind::pod;
  if (f.pv_shape && !f.pod_shape) return object_kind::persistent_volume;
  if (f.pvc_shape && !f.pod_shape) return object_kind::persistent_volume_claim;
  return object_kind::unknown;
}

}  // namespace

classification classify(const object_fields& f, std::string_view hint) {
  if (!f.kind.empty()) {
    const object_kind k = kind_from_name(f.kind);
    if (k != object_kind::other && (f.api_version.empty() || f.api_version == "v1")) return {k, {}};
    if (k != object_kind::other) return {object_kind::other, fmt::format("{} ({})", f.kind, f.api_version)};
    return {object_kind::other, f.kind};
  }
  if (const object_kind k = kind_from_name(hint); k != object_kind::unknown) {
    if (k == object_kind::other) return {k, std::string(hint)};
    return {k, {}};
  }
  return {by_shape(f), {}};
}

std::string identity(const object_fields& f, object_kind k) {
  std::string_view kind = kind_name(k);
  if (kind.empty()) kind = f.kind;
  if (f.meta.name.empty()) return std::string(kind);
  const bool scoped = k != object_kind::persistent_volume && !f.meta.namespace_.empty();
  const std::string key = scoped ? f.meta.key() : f.meta.name.str();
  return kind.empty() ? key : fmt::format("{} {}", kind, key);
}

namespace {

/// The elements of `from` in a vector of their exact size; `from` is left empty with its
/// capacity, for the next object (a moved vector would keep its growth slack: ~25% memory).
template <class T>
std::vector<T> take_exact(std::vector<T>& from) {
  std::vector<T> out;
  out.reserve(from.size());
  for (auto& x : from) out.push_back(std::move(x));
  from.clear();
  return out;
}

/// `s` as a compact string: a copy of the equal value kept in `strings` when there is one.
compact_string repeated(string_interner* strings, std::string_view s) {
  return strings != nullptr ? strings->intern(s) : compact_string(s);
}

/// The source details' values that many PVs and pod volumes repeat.
void intern_sources(string_interner* strings, volume_sources& s) {
  if (strings == nullptr) return;
  if (s.has(volume_source::csi)) strings->intern_in_place(s.edit_csi().driver);
  if (s.has(volume_source::nfs)) strings->intern_in_place(s.edit_nfs().server);
}

persistent_volume build_pv(object_fields& f, object_origin origin, string_interner* strings) {
  persistent_volume pv;
  pv.metadata = std::move(f.meta);
  pv.origin = std::move(origin);
  pv.has_capacity = f.capacity.has_value();
  if (f.capacity) pv.capacity = std::move(*f.capacity);
  if (f.storage_class_name) pv.storage_class_name = repeated(strings, *f.storage_class_name);
  pv.claim_ref = std::move(f.claim_ref);
  if (pv.claim_ref && strings != nullptr) strings->intern_in_place(pv.claim_ref->namespace_);
  pv.volume_mode = f.volume_mode.value_or(std::string{});
  pv.access_modes.assign(f.access_modes.begin(), f.access_modes.end());  // exact size; well-known modes take no block
  pv.reclaim_policy = std::move(f.reclaim_policy);
  pv.phase = std::move(f.phase);
  pv.sources = std::move(f.sources);
  intern_sources(strings, pv.sources);
  return pv;
}

persistent_volume_claim build_pvc(object_fields& f, object_origin origin, string_interner* strings) {
  persistent_volume_claim pvc;
  pvc.metadata = std::move(f.meta);
  pvc.origin = std::move(origin);
  if (f.storage_class_name) pvc.storage_class_name = repeated(strings, *f.storage_class_name);
  pvc.volume_name = std::move(f.volume_name);
  pvc.volume_mode = std::move(f.volume_mode);
  pvc.access_modes.assign(f.access_modes.begin(), f.access_modes.end());
  pvc.requested = std::move(f.requested);
  pvc.status_capacity = std::move(f.status_capacity);
  pvc.phase = std::move(f.phase);
  return pvc;
}

/// Sorts `names` for binary_search.
void sort_names(std::vector<std::string>& names) { std::sort(names.begin(), names.end()); }

bool has_name(const std::vector<std::string>& sorted, std::string_view name) {
  return std::binary_search(sorted.begin(), sorted.end(), name);
}

/// Flags each volume that a container mounts (volumeMounts) or attaches (volumeDevices); the
/// name lists are scratch, left empty with their capacity for the next object.
void flag_used_volumes(object_fields& f) {
  sort_names(f.mounted_volumes);
  sort_names(f.device_volumes);
  for (pod_volume& v : f.volumes) {
    v.mounted = has_name(f.mounted_volumes, v.name);
    v.device = has_name(f.device_volumes, v.name);
  }
  f.mounted_volumes.clear();
  f.device_volumes.clear();
}

pod build_pod(object_fields& f, object_origin origin, string_interner* strings) {
  pod p;
  flag_used_volumes(f);
  p.has_deletion_timestamp = f.has_deletion_timestamp;
  p.metadata = std::move(f.meta);
  p.origin = std::move(origin);
  p.volumes = take_exact(f.volumes);
  for (pod_volume& v : p.volumes) intern_sources(strings, v.sources);
  p.node_name = repeated(strings, f.node_name);
  p.phase = std::move(f.phase);
  return p;
}

}  // namespace

any_object build(object_fields& f, object_kind k, object_origin origin, interners* shared) {
  string_interner* strings = shared != nullptr ? &shared->strings : nullptr;
  if (shared != nullptr) {
    shared->maps.intern(f.meta);
    strings->intern_in_place(f.meta.namespace_);
  }
  switch (k) {
    case object_kind::persistent_volume: return build_pv(f, std::move(origin), strings);
    case object_kind::persistent_volume_claim: return build_pvc(f, std::move(origin), strings);
    case object_kind::pod: return build_pod(f, std::move(origin), strings);
    default: return other_object{f.kind, f.meta.name};
  }
}

}  // namespace volpol::k8s::detail
