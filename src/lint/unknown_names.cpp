// VP202-VP204: storage classes, NFS servers and CSI drivers named in conditions that no volume of
// the cluster has, with the nearest name the cluster does have.
#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <set>

#include "cluster_objects.h"

namespace volpol::lint::detail {

namespace {

/// A name condition (storageClass, nfs server, csi driver) against the names the cluster has.
void check_names(
    context& c, rule_id rule, std::string_view what, const std::set<std::string>& known,
    const std::function<void(const policy::volume_policy&,
                             const std::function<void(const std::string&, value_mark, std::string)>&)>& each) {
  const std::vector<std::string> candidates(known.begin(), known.end());
  for (const policy::volume_policy* p : c.policies()) {
    if (c.said_never_matches(*p)) continue;
    each(*p, [&](const std::string& name, value_mark at, std::string path) {
      if (name.empty() || known.contains(name)) return;
      std::string help = did_you_mean(closest(name, candidates));
      if (help.empty())
        help = known.empty() ? fmt::format("the cluster has no {}", what)
                             : fmt::format("the cluster has {}", list_some(known));
      c.add(rule, *p, at, std::move(path),
            fmt::format("{} `{}` of {} is used by no volume of the cluster", what, name, label(*p)), help);
    });
  }
}

template <class F>
void each_source(const k8s::cluster& cl, F f) {
  for (const k8s::persistent_volume& pv : cl.persistent_volumes()) f(pv.sources);
  for (const k8s::pod& pod : cl.pods())
    for (const k8s::pod_volume& v : pod.volumes) f(v.sources);
}

value_mark nested_mark(const policy::volume_policy& p, std::string_view key, std::string_view inner) {
  const value* v = condition_value(p, key);
  if (v != nullptr && v->is_mapping())
    for (std::size_t i = 0; i < v->entries().size(); ++i)
      if (v->entries()[i].first == inner) {
        const value_mark m = v->entries()[i].second.mark();
        return m.line ? m : v->key_mark(i);
      }
  return condition_mark(p, key);
}

}  // namespace

void check_unknown_storage_classes(context& c) {
  std::set<std::string> known;
  for (const k8s::persistent_volume& pv : c.input().cluster->persistent_volumes())
    if (!pv.storage_class_name.empty()) known.insert(pv.storage_class_name);
  for (const k8s::persistent_volume_claim& pvc : c.input().cluster->persistent_volume_claims())
    if (pvc.storage_class_name && !pvc.storage_class_name->empty()) known.insert(*pvc.storage_class_name);
  check_names(c, rule_id::unknown_storage_class, "storage class", known,
              [](const policy::volume_policy& p, const auto& check) {
                for (std::size_t i = 0; i < p.conditions.storage_class.size(); ++i)
                  check(p.conditions.storage_class[i], condition_item_mark(p, "storageClass", i),
                        fmt::format("{}[{}]", condition_path(p, "storageClass"), i));
              });
}

void check_unknown_nfs_servers(context& c) {
  std::set<std::string> known;
  each_source(*c.input().cluster, [&](const k8s::volume_sources& s) {
    if (s.has(k8s::volume_source::nfs) && !s.nfs().server.empty()) known.insert(std::string(s.nfs().server));
  });
  check_names(c, rule_id::unknown_nfs_server, "NFS server", known,
              [](const policy::volume_policy& p, const auto& check) {
                if (p.conditions.nfs)
                  check(p.conditions.nfs->server, nested_mark(p, "nfs", "server"),
                        condition_path(p, "nfs") + ".server");
              });
}

void check_unknown_csi_drivers(context& c) {
  std::set<std::string> known;
  each_source(*c.input().cluster, [&](const k8s::volume_sources& s) {
    if (s.has(k8s::volume_source::csi) && !s.csi().driver.empty()) known.insert(std::string(s.csi().driver));
  });
  check_names(c, rule_id::unknown_csi_driver, "CSI driver", known,
              [](const policy::volume_policy& p, const auto& check) {
                if (p.conditions.csi)
                  check(p.conditions.csi->driver, nested_mark(p, "csi", "driver"),
                        condition_path(p, "csi") + ".driver");
              });
}

}  // namespace volpol::lint::detail
