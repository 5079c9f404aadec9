// cluster: objects in insertion order plus flat hash indexes (see flat_index.h).
#include "volpol/k8s/cluster.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <type_traits>
#include <utility>
#include <variant>

#include "volpol/detail/flat_index.h"

namespace volpol::k8s {
namespace {

// PersistentVolumes are cluster-scoped: indexed by name alone, whatever metadata.namespace
// says (the API server clears it; generated fixtures may fill it).
template <class T>
constexpr bool namespaced = !std::is_same_v<T, persistent_volume> && !std::is_same_v<T, storage_class> &&
                            !std::is_same_v<T, volume_snapshot_class> && !std::is_same_v<T, namespace_object> &&
                            !std::is_same_v<T, node>;

template <class T>
std::string_view namespace_of(const T& object) {
  if constexpr (namespaced<T>) return object.metadata.namespace_;
  return {};
}

template <class T>
std::string key_of(const T& object) {
  if constexpr (namespaced<T>) return object.metadata.key();
  return object.metadata.name;
}

template <class T>
bool same_key(const T& object, std::string_view namespace_, std::string_view name) {
  return object.metadata.name == name && namespace_of(object) == namespace_;
}

template <class T>
std::uint32_t find_in(const flat_index& index, const std::vector<T>& objects, std::string_view namespace_,
                      std::string_view name) {
  return index.find(key_hash(namespace_, name),
                    [&](std::uint32_t i) { return same_key(objects[i], namespace_, name); });
}

/// A diagnostic located where the object was read (a YAML line, or a JSON byte offset).
diagnostic at_origin(const object_origin& o) {
  diagnostic d;
  d.where.file = o.file;
  d.where.line = o.line;
  d.where.offset = o.offset;
  d.where.has_offset = o.line == 0 && !o.file.empty();
  return d;
}

template <class T>
diagnostic duplicate_error(std::string_view kind, const T& first, const T& second) {
  diagnostic d = at_origin(second.origin);
  d.object = fmt::format("{} {}", kind, key_of(second));
  const std::string at = describe(first.origin);
  d.message = at.empty()
                  ? fmt::format("duplicate {} `{}`: the first one is kept", kind, key_of(second))
                  : fmt::format("duplicate {} `{}`: the first one, read at {}, is kept", kind, key_of(second), at);
  return d;
}

bool has_nul(std::string_view s) { return s.find('\0') != std::string_view::npos; }

/// The first name of `o` that a plan's records view (zstring_view: up to the first NUL) and
/// that holds a NUL character, as its field path; "" when none does. Kubernetes validates
/// every one of them as a DNS name, so no object of a cluster has one.
std::string_view nul_field(const pod& o) {
  if (has_nul(o.metadata.name)) return "metadata.name";
  if (has_nul(o.metadata.namespace_)) return "metadata.namespace";
  for (const pod_volume& v : o.volumes) {
    if (has_nul(v.name)) return "spec.volumes[].name";
    if (has_nul(v.sources.claim_name)) return "spec.volumes[].persistentVolumeClaim.claimName";
  }
  return {};
}
std::string_view nul_field(const persistent_volume_claim& o) {
  if (has_nul(o.metadata.name)) return "metadata.name";
  if (has_nul(o.metadata.namespace_)) return "metadata.namespace";
  if (has_nul(o.volume_name)) return "spec.volumeName";
  if (o.storage_class_name && has_nul(*o.storage_class_name)) return "spec.storageClassName";
  return {};
}
std::string_view nul_field(const persistent_volume& o) {
  if (has_nul(o.metadata.name)) return "metadata.name";
  if (has_nul(o.storage_class_name)) return "spec.storageClassName";
  if (o.claim_ref && (has_nul(o.claim_ref->name) || has_nul(o.claim_ref->namespace_))) return "spec.claimRef";
  return {};
}
template <class T>
std::string_view nul_field(const T&) {
  return {};
}

template <class T>
diagnostic nul_error(std::string_view kind, const T& o, std::string_view field) {
  diagnostic d = at_origin(o.origin);
  d.object = fmt::format("{} {}", kind, spell_nul(key_of(o)));
  d.message = fmt::format("{} holds a NUL character (\\u0000): not planned", field);
  d.help = "Kubernetes accepts no NUL in a name: the dump is damaged, or was not made by kubectl";
  return d;
}

/// `obj` is an rvalue reference, not a forwarding one: T is deduced from `objects` alone.
template <class T>
result<void> add_to(std::vector<T>& objects, flat_index& index, std::string_view kind, std::type_identity_t<T>&& obj) {
  if (const std::string_view field = nul_field(obj); !field.empty()) return nul_error(kind, obj, field);
  const std::string_view ns = namespace_of(obj);
  const std::uint32_t found = find_in(index, objects, ns, obj.metadata.name);
  if (found != flat_index::npos) return duplicate_error(kind, objects[found], obj);
  index.insert(key_hash(ns, obj.metadata.name), static_cast<std::uint32_t>(objects.size()));
  // Grow by half, not double: the old and new arrays coexist while moving, and the peak
  // memory of a big load is what counts.
  if (objects.size() == objects.capacity()) objects.reserve(objects.size() + objects.size() / 2 + 16);
  objects.push_back(std::move(obj));
  return {};
}

}  // namespace

namespace detail {

/// PVC→pods: groups of pod pointers, one group per (pod namespace, claimName).
struct claim_index {
  struct group {
    std::uint32_t pod = 0;     ///< first pod of the group: its namespace is the key's
    std::uint32_t volume = 0;  ///< its volume: the claimName is the key's
    std::uint32_t begin = 0;   ///< range in `pods`
    std::uint32_t count = 0;
    std::uint32_t volumes_begin = 0;  ///< range in `volumes`
    std::uint32_t volumes_count = 0;
  };
  flat_index index;
  std::vector<group> groups;
  std::vector<const pod*> pods;
  std::vector<pod_claim_volume> volumes;  ///< every volume naming the claim, pod then volume order
};

}  // namespace detail

using detail::claim_index;

struct cluster::impl {
  std::vector<persistent_volume> pvs;
  std::vector<persistent_volume_claim> pvcs;
  std::vector<pod> pods;
  flat_index pv_index;
  flat_index pvc_index;
  flat_index pod_index;

  /// One store per other kind (object_value.h).
  template <class T>
  struct store {
    std::vector<T> objects;
    flat_index index;
  };
  store<storage_class> storage_classes;
  store<volume_snapshot_class> snapshot_classes;
  store<volume_snapshot_location_object> snapshot_locations;
  store<backup> backups;
  store<schedule> schedules;
  store<namespace_object> namespaces;
  store<node> nodes;
  store<daemon_set> daemon_sets;
  store<config_map> config_maps;
  store<deployment> deployments;

  mutable std::mutex claims_mutex;
  mutable std::atomic<bool> claims_built{false};
  mutable claim_index claims;

  const claim_index& ensure_claims() const;
  void build_claims() const;
};

namespace {

std::string_view claim_of(const pod& p, std::uint32_t volume) { return p.volumes[volume].sources.claim_name; }

/// The group of (pod namespace, claim), or npos.
std::uint32_t find_group(const claim_index& c, const std::vector<pod>& pods, std::string_view namespace_,
                         std::string_view claim) {
  return c.index.find(key_hash(namespace_, claim), [&](std::uint32_t i) {
    const auto& grp = c.groups[i];
    const pod& first = pods[grp.pod];
    return claim_of(first, grp.volume) == claim && first.metadata.namespace_ == namespace_;
  });
}

/// Calls f(pod index, volume index) for each persistentVolumeClaim volume, in pod order.
template <class F>
void each_claim_volume(const std::vector<pod>& pods, F&& f) {
  for (std::uint32_t p = 0; p < pods.size(); ++p)
    for (std::uint32_t v = 0; v < pods[p].volumes.size(); ++v)
      if (pods[p].volumes[v].sources.has(volume_source::persistent_volume_claim)) f(p, v);
}

}  // namespace

void cluster::impl::build_claims() const {
  claim_index c;
  std::vector<std::uint32_t> last_pod;  // per group: the last pod counted (a pod counts once)
  // Pass 1: the groups, and how many distinct pods each has.
  each_claim_volume(pods, [&](std::uint32_t p, std::uint32_t v) {
    const std::string& ns = pods[p].metadata.namespace_;
    const std::string_view claim = claim_of(pods[p], v);
    std::uint32_t g = find_group(c, pods, ns, claim);
    if (g == flat_index::npos) {
      g = static_cast<std::uint32_t>(c.groups.size());
      c.groups.push_back({p, v, 0, 0, 0, 0});
      last_pod.push_back(flat_index::npos);
      c.index.insert(key_hash(ns, claim), g);
    }
    ++c.groups[g].volumes_count;
    if (last_pod[g] != p) {
      last_pod[g] = p;
      ++c.groups[g].count;
    }
  });
  // Pass 2: prefix sums, then fill in pod order (each group keeps insertion order).
  std::uint32_t total = 0, volumes_total = 0;
  for (auto& grp : c.groups) {
    grp.begin = total;
    total += grp.count;
    grp.count = 0;
    grp.volumes_begin = volumes_total;
    volumes_total += grp.volumes_count;
    grp.volumes_count = 0;
  }
  c.pods.resize(total);
  c.volumes.resize(volumes_total);
  std::fill(last_pod.begin(), last_pod.end(), flat_index::npos);
  each_claim_volume(pods, [&](std::uint32_t p, std::uint32_t v) {
    const std::uint32_t g = find_group(c, pods, pods[p].metadata.namespace_, claim_of(pods[p], v));
    auto& grp = c.groups[g];
    c.volumes[grp.volumes_begin + grp.volumes_count++] = {&pods[p], &pods[p].volumes[v]};
    if (last_pod[g] == p) return;
    last_pod[g] = p;
    c.pods[grp.begin + grp.count++] = &pods[p];
  });
  claims = std::move(c);
}

const claim_index& cluster::impl::ensure_claims() const {
  if (!claims_built.load(std::memory_order_acquire)) {
    std::lock_guard<std::mutex> lock(claims_mutex);
    if (!claims_built.load(std::memory_order_relaxed)) {
      build_claims();
      claims_built.store(true, std::memory_order_release);
    }
  }
  return claims;
}

cluster::cluster() : impl_(std::make_unique<impl>()) {}
cluster::~cluster() = default;
cluster::cluster(cluster&&) noexcept = default;
cluster& cluster::operator=(cluster&&) noexcept = default;

diagnostics cluster::merge(cluster&& other) {
  diagnostics rejected;
  impl& o = *other.impl_;
  const auto take = [&](auto& objects, auto&& put) {
    for (auto& x : objects)
      if (auto r = put(std::move(x)); !r) rejected.add(*r.error());
  };
  take(o.pvs, [&](persistent_volume&& x) { return add(std::move(x)); });
  take(o.pvcs, [&](persistent_volume_claim&& x) { return add(std::move(x)); });
  take(o.pods, [&](pod&& x) { return add(std::move(x)); });
  const auto extra = [&](auto& st) { take(st.objects, [&](auto&& x) { return add(extra_object(std::move(x))); }); };
  extra(o.storage_classes);
  extra(o.snapshot_classes);
  extra(o.snapshot_locations);
  extra(o.backups);
  extra(o.schedules);
  extra(o.namespaces);
  extra(o.nodes);
  extra(o.daemon_sets);
  extra(o.config_maps);
  extra(o.deployments);
  other = cluster{};
  return rejected;
}

result<void> cluster::add(persistent_volume pv) {
  return add_to(impl_->pvs, impl_->pv_index, "PersistentVolume", std::move(pv));
}

result<void> cluster::add(persistent_volume_claim pvc) {
  return add_to(impl_->pvcs, impl_->pvc_index, "PersistentVolumeClaim", std::move(pvc));
}

namespace {

/// Sets v.*flag for each volume of `p`: strings.Split(list, ",") holds its name. A pod with a
/// few volumes scans the text (no allocation: every pod with annotations comes here, usually
/// with an empty or short list); more are looked up in the items, sorted once.
void mark_listed(pod& p, std::string_view list, bool pod_volume::*flag) {
  constexpr std::size_t scanned = 8;
  if (p.volumes.size() <= scanned) {
    for (pod_volume& v : p.volumes)
      v.*flag = for_each_split_item(list, [&](std::string_view item) { return item == v.name.view(); });
    return;
  }
  std::vector<std::string_view> items;
  for_each_split_item(list, [&](std::string_view item) {
    items.push_back(item);
    return false;
  });
  std::sort(items.begin(), items.end());
  for (pod_volume& v : p.volumes) v.*flag = std::binary_search(items.begin(), items.end(), v.name.view());
}

}  // namespace

void index_annotation_lists(pod& p) {
  p.annotation_lists_indexed = true;
  const string_map::found in = p.metadata.annotation(backup_volumes_annotation);
  if (in && !in->empty()) mark_listed(p, *in, &pod_volume::listed_in_backup_volumes);
  if (p.metadata.annotations)
    mark_listed(p, p.metadata.annotation(backup_volumes_excludes_annotation).value_or(std::string_view()),
                &pod_volume::listed_in_backup_volumes_excludes);
}

result<void> cluster::add(pod p) {
  index_annotation_lists(p);
  auto r = add_to(impl_->pods, impl_->pod_index, "Pod", std::move(p));
  if (r) impl_->claims_built.store(false, std::memory_order_release);
  return r;
}

result<void> cluster::add(extra_object o) {
  impl& m = *impl_;
  return std::visit(
      [&](auto&& x) -> result<void> {
        using T = std::decay_t<decltype(x)>;
        auto put = [&](auto& st, extra_kind k) {
          return add_to(st.objects, st.index, kind_name(k), std::forward<decltype(x)>(x));
        };
        if constexpr (std::is_same_v<T, storage_class>) return put(m.storage_classes, extra_kind::storage_class);
        else if constexpr (std::is_same_v<T, volume_snapshot_class>)
          return put(m.snapshot_classes, extra_kind::volume_snapshot_class);
        else if constexpr (std::is_same_v<T, volume_snapshot_location_object>)
          return put(m.snapshot_locations, extra_kind::volume_snapshot_location);
        else if constexpr (std::is_same_v<T, backup>) return put(m.backups, extra_kind::backup);
        else if constexpr (std::is_same_v<T, schedule>) return put(m.schedules, extra_kind::schedule);
        else if constexpr (std::is_same_v<T, namespace_object>) return put(m.namespaces, extra_kind::namespace_);
        else if constexpr (std::is_same_v<T, node>) return put(m.nodes, extra_kind::node);
        else if constexpr (std::is_same_v<T, daemon_set>) return put(m.daemon_sets, extra_kind::daemon_set);
        else if constexpr (std::is_same_v<T, deployment>) return put(m.deployments, extra_kind::deployment);
        else return put(m.config_maps, extra_kind::config_map);
      },
      std::move(o));
}

std::span<const storage_class> cluster::storage_classes() const { return impl_->storage_classes.objects; }
std::span<const volume_snapshot_class> cluster::volume_snapshot_classes() const {
  return impl_->snapshot_classes.objects;
}
std::span<const volume_snapshot_location_object> cluster::volume_snapshot_locations() const {
  return impl_->snapshot_locations.objects;
}
std::span<const backup> cluster::backups() const { return impl_->backups.objects; }
std::span<const schedule> cluster::schedules() const { return impl_->schedules.objects; }
std::span<const namespace_object> cluster::namespaces() const { return impl_->namespaces.objects; }
std::span<const node> cluster::nodes() const { return impl_->nodes.objects; }
std::span<const daemon_set> cluster::daemon_sets() const { return impl_->daemon_sets.objects; }
std::span<const deployment> cluster::deployments() const { return impl_->deployments.objects; }
std::span<const config_map> cluster::config_maps() const { return impl_->config_maps.objects; }

namespace {
template <class T, class Store>
const T* find_stored(const Store& st, std::string_view namespace_, std::string_view name) {
  const std::uint32_t i = find_in(st.index, st.objects, namespace_, name);
  return i == flat_index::npos ? nullptr : &st.objects[i];
}
}  // namespace

const storage_class* cluster::find_storage_class(std::string_view name) const {
  return find_stored<storage_class>(impl_->storage_classes, {}, name);
}
const volume_snapshot_class* cluster::find_volume_snapshot_class(std::string_view name) const {
  return find_stored<volume_snapshot_class>(impl_->snapshot_classes, {}, name);
}
const volume_snapshot_location_object* cluster::find_volume_snapshot_location(std::string_view namespace_,
                                                                              std::string_view name) const {
  return find_stored<volume_snapshot_location_object>(impl_->snapshot_locations, namespace_, name);
}
const namespace_object* cluster::find_namespace(std::string_view name) const {
  return find_stored<namespace_object>(impl_->namespaces, {}, name);
}
const config_map* cluster::find_config_map(std::string_view namespace_, std::string_view name) const {
  return find_stored<config_map>(impl_->config_maps, namespace_, name);
}
const deployment* cluster::find_deployment(std::string_view namespace_, std::string_view name) const {
  return find_stored<deployment>(impl_->deployments, namespace_, name);
}

const daemon_set* cluster::find_daemon_set(std::string_view namespace_, std::string_view name) const {
  return find_stored<daemon_set>(impl_->daemon_sets, namespace_, name);
}

std::span<const persistent_volume> cluster::persistent_volumes() const { return impl_->pvs; }
std::span<const persistent_volume_claim> cluster::persistent_volume_claims() const { return impl_->pvcs; }
std::span<const pod> cluster::pods() const { return impl_->pods; }
std::size_t cluster::size() const { return impl_->pvs.size() + impl_->pvcs.size() + impl_->pods.size(); }

const persistent_volume* cluster::find_pv(std::string_view name) const {
  const std::uint32_t i = find_in(impl_->pv_index, impl_->pvs, {}, name);
  return i == flat_index::npos ? nullptr : &impl_->pvs[i];
}

const persistent_volume_claim* cluster::find_pvc(std::string_view namespace_, std::string_view name) const {
  const std::uint32_t i = find_in(impl_->pvc_index, impl_->pvcs, namespace_, name);
  return i == flat_index::npos ? nullptr : &impl_->pvcs[i];
}

const pod* cluster::find_pod(std::string_view namespace_, std::string_view name) const {
  const std::uint32_t i = find_in(impl_->pod_index, impl_->pods, namespace_, name);
  return i == flat_index::npos ? nullptr : &impl_->pods[i];
}

void cluster::index_pods_by_pvc() const { (void)impl_->ensure_claims(); }

std::span<const pod_claim_volume> cluster::volumes_using_pvc(std::string_view namespace_,
                                                             std::string_view claim_name) const {
  const claim_index& c = impl_->ensure_claims();
  const std::uint32_t g = find_group(c, impl_->pods, namespace_, claim_name);
  if (g == flat_index::npos) return {};
  const auto& grp = c.groups[g];
  return {c.volumes.data() + grp.volumes_begin, grp.volumes_count};
}

std::span<const pod* const> cluster::pods_using_pvc(std::string_view namespace_, std::string_view claim_name) const {
  const claim_index& c = impl_->ensure_claims();
  const std::uint32_t g = find_group(c, impl_->pods, namespace_, claim_name);
  if (g == flat_index::npos) return {};
  const auto& grp = c.groups[g];
  return {c.pods.data() + grp.begin, grp.count};
}

}  // namespace volpol::k8s
