// The cluster rules (VP201-VP209): they read the plan's records (method, deciding policy, names,
// data mover) and the cluster's objects, never a record's text. Which volumes a policy matches
// comes from policy::matches over the structured volumes Velero builds (the PV with its PVC, or
// the pod volume with its PVC, or an unbound PVC alone); what the fs-backup side decides comes
// from the volume helper's decision (perform, policy), as the plan itself asks it.
#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "context.h"
#include "volpol/helper/pod_volumes.h"
#include "volpol/helper/volume_helper.h"

namespace volpol::lint::detail {

namespace {

/// The objects behind one plan record.
struct record_objects {
  const k8s::persistent_volume* pv = nullptr;
  const k8s::persistent_volume_claim* pvc = nullptr;
  const k8s::pod* pod = nullptr;
  const k8s::pod_volume* pod_volume = nullptr;
};

record_objects objects_of(const k8s::cluster& c, const plan::volume_record& r) {
  record_objects o;
  if (!r.pv_name.empty()) o.pv = c.find_pv(r.pv_name);
  if (!r.pvc_name.empty()) o.pvc = c.find_pvc(r.pvc_namespace, r.pvc_name);
  if (!r.pod_name.empty()) {
    o.pod = c.find_pod(r.pod_namespace, r.pod_name);
    if (o.pod != nullptr) o.pod_volume = o.pod->find_volume(r.pod_volume);
  }
  return o;
}

/// "PersistentVolumeClaim ns/name", "PersistentVolume name" or "Pod ns/name volume `v`".
std::string object_of(const plan::volume_record& r) {
  if (!r.pvc_name.empty()) return fmt::format("PersistentVolumeClaim {}/{}", r.pvc_namespace, r.pvc_name);
  if (!r.pv_name.empty()) return fmt::format("PersistentVolume {}", r.pv_name);
  return fmt::format("Pod {}/{} volume `{}`", r.pod_namespace, r.pod_name, r.pod_volume);
}

/// True when some structured volume Velero builds for this record meets every condition of `p`.
bool record_matches(const policy::volume_policy& p, const record_objects& o) {
  const policy::volume_filter_data tries[] = {
      {.pv = o.pv, .pvc = o.pvc, .pod_volume = nullptr},
      {.pv = nullptr, .pvc = o.pvc, .pod_volume = o.pod_volume},
  };
  for (const policy::volume_filter_data& d : tries) {
    if (d.pv == nullptr && d.pvc == nullptr && d.pod_volume == nullptr) continue;
    if (d.pod_volume != nullptr && o.pv != nullptr) continue;  // Velero reads the PV when there is one
    if (auto v = policy::make_structured_volume(d); v && policy::matches(p, *v)) return true;
  }
  return false;
}

std::string list_some(const std::set<std::string>& names) {
  std::string out;
  std::size_t n = 0;
  for (const std::string& s : names) {
    if (n == 5) {
      out += fmt::format(" and {} more", names.size() - 5);
      break;
    }
    out += (n++ ? ", `" : "`") + s + "`";
  }
  return out;
}

/// The effective policies of the backup (backup then global), as the plan used them.
const policy::policies* effective_policies(const lint_input& in) {
  if (in.plan->merged_policies) return in.plan->merged_policies.get();
  return in.backup != nullptr ? in.backup : in.global;
}

helper::helper_options core_options(const lint_input& in) {
  helper::helper_options o;
  o.snapshot_volumes = in.backup_options.snapshot_volumes;
  o.default_volumes_to_fs_backup =
      in.backup_options.default_volumes_to_fs_backup.value_or(in.server.default_volumes_to_fs_backup);
  return o;
}

/// A name condition (storageClass, nfs server, csi driver) against the names the cluster has.
void check_names(context& c, rule_id rule, std::string_view what, const std::set<std::string>& known,
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

}  // namespace

void check_policy_coverage(context& c) {
  const lint_input& in = c.input();
  std::vector<record_objects> objects;
  for (const plan::volume_record& r : in.plan->volumes) objects.push_back(objects_of(*in.cluster, r));
  for (const policy::volume_policy* p : c.policies()) {
    if (c.said_never_matches(*p)) continue;
    const bool any = std::any_of(objects.begin(), objects.end(), [&](const record_objects& o) { return record_matches(*p, o); });
    if (any) continue;
    c.add(rule_id::policy_matches_nothing, *p, p->mark, policy_path(*p),
          fmt::format("{} matches none of the cluster's {} volumes", label(*p), objects.size()),
          "check its conditions against the volumes `volpol plan` lists");
  }
}

void check_unknown_storage_classes(context& c) {
  std::set<std::string> known;
  for (const k8s::persistent_volume& pv : c.input().cluster->persistent_volumes())
    if (!pv.storage_class_name.empty()) known.insert(pv.storage_class_name);
  for (const k8s::persistent_volume_claim& pvc : c.input().cluster->persistent_volume_claims())
    if (pvc.storage_class_name && !pvc.storage_class_name->empty()) known.insert(*pvc.storage_class_name);
  check_names(c, rule_id::unknown_storage_class, "storage class", known, [](const policy::volume_policy& p, const auto& check) {
    for (std::size_t i = 0; i < p.conditions.storage_class.size(); ++i)
      check(p.conditions.storage_class[i], condition_item_mark(p, "storageClass", i),
            fmt::format("{}[{}]", condition_path(p, "storageClass"), i));
  });
}

namespace {
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

void check_unknown_nfs_servers(context& c) {
  std::set<std::string> known;
  each_source(*c.input().cluster, [&](const k8s::volume_sources& s) {
    if (s.has(k8s::volume_source::nfs) && !s.nfs.server.empty()) known.insert(std::string(s.nfs.server));
  });
  check_names(c, rule_id::unknown_nfs_server, "NFS server", known, [](const policy::volume_policy& p, const auto& check) {
    if (p.conditions.nfs)
      check(p.conditions.nfs->server, nested_mark(p, "nfs", "server"), condition_path(p, "nfs") + ".server");
  });
}

void check_unknown_csi_drivers(context& c) {
  std::set<std::string> known;
  each_source(*c.input().cluster, [&](const k8s::volume_sources& s) {
    if (s.has(k8s::volume_source::csi) && !s.csi.driver.empty()) known.insert(std::string(s.csi.driver));
  });
  check_names(c, rule_id::unknown_csi_driver, "CSI driver", known, [](const policy::volume_policy& p, const auto& check) {
    if (p.conditions.csi)
      check(p.conditions.csi->driver, nested_mark(p, "csi", "driver"), condition_path(p, "csi") + ".driver");
  });
}

namespace {

/// The pods (and their volumes) that mount the record's claim, or the record's own pod volume.
std::vector<std::pair<const k8s::pod*, const k8s::pod_volume*>> mounts_of(const k8s::cluster& cl, const record_objects& o) {
  std::vector<std::pair<const k8s::pod*, const k8s::pod_volume*>> mounts;
  if (o.pvc != nullptr) {
    for (const k8s::pod* pod : cl.pods_using_pvc(o.pvc->metadata.namespace_, o.pvc->metadata.name))
      for (const k8s::pod_volume& v : pod->volumes)
        if (v.sources.has(k8s::volume_source::persistent_volume_claim) && v.sources.claim_name == o.pvc->metadata.name)
          mounts.emplace_back(pod, &v);
  } else if (o.pod != nullptr && o.pod_volume != nullptr) {
    mounts.emplace_back(o.pod, o.pod_volume);
  }
  return mounts;
}

/// Who selects fs-backup for the volume (the deciding policy, or "the annotations of pod ns/name"),
/// as the volume helper decides for each pod that mounts it; "" when nobody does.
std::string fs_backup_selected_by(const helper::volume_helper& core, const k8s::cluster& cl, const record_objects& o) {
  for (const auto& [pod, vol] : mounts_of(cl, o)) {
    auto d = core.should_perform_fs_backup(*vol, *pod);
    if (d && d->perform)
      return d->policy != nullptr ? label(*d->policy)
                                  : fmt::format("the annotations of pod {}/{}", pod->metadata.namespace_, pod->metadata.name);
  }
  return {};
}

/// What would back the volume up, from the facts the plan worked from (its deciding policy, the
/// volume helper's fs-backup decision, the PV's source, the server's snapshot locations).
std::string not_backed_up_help(const lint_input& in, const helper::volume_helper& core, const plan::volume_record& r,
                               const record_objects& o) {
  const bool csi = o.pv != nullptr && o.pv->sources.has(k8s::volume_source::csi) && in.server.enable_csi;
  const bool host_path = o.pv != nullptr && o.pv->sources.has(k8s::volume_source::host_path);
  const bool block = o.pvc != nullptr && o.pvc->volume_mode && *o.pvc->volume_mode == "Block";
  const std::string fs_by = fs_backup_selected_by(core, *in.cluster, o);
  if (!fs_by.empty() && (host_path || block))
    return fmt::format("fs-backup is selected by {}, but the pod volume backupper refuses {} volumes: take a snapshot "
                       "instead",
                       fs_by, host_path ? "hostPath-backed" : "Block");
  if (!fs_by.empty())
    return fmt::format("fs-backup is selected by {}, but no PodVolumeBackup is made for it (`volpol plan` says why: "
                       "pod not running, volume not mounted ...)",
                       fs_by);
  const policy::action_type chosen = r.policy != nullptr ? r.policy->act.type : policy::action_type::other;
  if (chosen == policy::action_type::fs_backup)
    return fmt::format("{} selects fs-backup, which needs a running pod that mounts the claim; no pod mounts it",
                       label(*r.policy));
  if (!csi && in.server.volume_snapshot_locations.empty())
    return fmt::format("{}no volume snapshot location is given, so no native snapshot can be taken of this non-CSI "
                       "volume (--volume-snapshot-locations NAME=PROVIDER), and no fs-backup is selected",
                       r.policy != nullptr ? label(*r.policy) + " says snapshot, but " : std::string());
  if (r.policy == nullptr && in.backup_options.snapshot_volumes == false)
    return "snapshotVolumes is false and no fs-backup is selected: add a volume policy or a pod annotation that "
           "covers it, or a `skip` policy to say it is intended";
  if (r.policy != nullptr)
    return fmt::format("{} matched it, but its action could not be carried out for this volume (`volpol plan` says why)",
                       label(*r.policy));
  return "add a volume policy (snapshot or fs-backup) or a pod annotation that covers it, or a `skip` policy to say it "
         "is intended";
}

}  // namespace

void check_volumes_not_backed_up(context& c) {
  const lint_input& in = c.input();
  const helper::volume_helper core(effective_policies(in), core_options(in), *in.cluster);
  constexpr std::string_view exclude_label = "velero.io/exclude-from-backup";
  auto excluded = [&](const k8s::object_meta* m) {
    const std::string* v = m ? m->labels.find(exclude_label) : nullptr;
    return v != nullptr && *v == "true";
  };
  for (const plan::volume_record& r : in.plan->volumes) {
    if (r.method != plan::backup_method::none || r.error) continue;
    if (r.pvc_name.empty() && r.pv_name.empty()) continue;  // pod volumes (emptyDir ...) hold no persistent data
    if (r.policy != nullptr && r.policy->act.type == policy::action_type::skip) continue;  // asked for
    const record_objects o = objects_of(*in.cluster, r);
    if (o.pvc != nullptr && o.pvc->volume_name.empty()) continue;  // unbound: no data yet
    if (excluded(o.pvc ? &o.pvc->metadata : nullptr) || excluded(o.pv ? &o.pv->metadata : nullptr) ||
        excluded(o.pod ? &o.pod->metadata : nullptr))
      continue;
    c.add_object(rule_id::volume_not_backed_up, object_of(r),
                 "nothing backs up this volume's data (no snapshot, no fs-backup) and the backup still ends Completed",
                 not_backed_up_help(in, core, r, o), r.policy);
  }
}

void check_fs_backup_refused(context& c) {
  const lint_input& in = c.input();
  const helper::volume_helper core(effective_policies(in), core_options(in), *in.cluster);
  std::set<std::pair<const k8s::pod*, const k8s::pod_volume*>> seen;
  for (const plan::volume_record& r : in.plan->volumes) {
    const record_objects o = objects_of(*in.cluster, r);
    const auto mounts = mounts_of(*in.cluster, o);
    const bool host_path_pv = o.pv != nullptr && o.pv->sources.has(k8s::volume_source::host_path);
    const bool block_pvc = o.pvc != nullptr && o.pvc->volume_mode && *o.pvc->volume_mode == "Block";
    for (const auto& [pod, vol] : mounts) {
      if (!seen.insert({pod, vol}).second) continue;
      const bool block = block_pvc || std::binary_search(pod->device_volumes.begin(), pod->device_volumes.end(), vol->name);
      if (!host_path_pv && !block) continue;
      auto d = core.should_perform_fs_backup(*vol, *pod);
      if (!d || !d->perform) continue;
      const std::string by = d->policy != nullptr ? label(*d->policy) : std::string("the pod's annotations");
      c.add_object(rule_id::fs_backup_refused,
                   fmt::format("Pod {}/{} volume `{}`", pod->metadata.namespace_, pod->metadata.name, vol->name),
                   fmt::format("{} select{} fs-backup for a {} volume, which the pod volume backupper refuses: nothing "
                               "is backed up",
                               by, d->policy != nullptr ? "s" : "", host_path_pv ? "hostPath-backed" : "Block"),
                   block ? "use a CSI snapshot (with `dataMover: velero-block` to move the data) for Block volumes"
                         : "use a snapshot, or a `skip` policy to say the volume is not backed up",
                   d->policy);
    }
  }
}

void check_block_data_movement(context& c) {
  const lint_input& in = c.input();
  for (const plan::volume_record& r : in.plan->volumes) {
    if (r.method != plan::backup_method::csi_snapshot || !r.snapshot_data_moved) continue;
    if (r.data_mover != "" && r.data_mover != policy::data_mover_velero && r.data_mover != policy::data_mover_velero_fs)
      continue;  // velero-block, or a third-party mover
    const record_objects o = objects_of(*in.cluster, r);
    if (o.pvc == nullptr || !o.pvc->volume_mode || *o.pvc->volume_mode != "Block") continue;
    c.add_object(rule_id::block_data_movement, object_of(r),
                 fmt::format("the CSI snapshot of this Block PVC is moved by the file-system data mover `{}`, which "
                             "cannot read a block device",
                             r.data_mover.empty() ? std::string(policy::data_mover_velero) : r.data_mover),
                 "add a snapshot policy for Block volumes with `dataMover: velero-block` (`pvcVolumeMode: Block`)",
                 r.policy);
  }
}

namespace {
/// Namespaces the plan looked at.
std::set<std::string_view> planned_namespaces(const plan::plan_result& p) {
  std::set<std::string_view> ns;
  for (const plan::volume_record& r : p.volumes) {
    if (!r.pvc_namespace.empty()) ns.insert(r.pvc_namespace);
    if (!r.pod_namespace.empty()) ns.insert(r.pod_namespace);
  }
  return ns;
}
}  // namespace

void check_annotation_unknown_volumes(context& c) {
  const lint_input& in = c.input();
  const std::set<std::string_view> ns = planned_namespaces(*in.plan);
  for (const k8s::pod& pod : in.cluster->pods()) {
    if (!ns.contains(pod.metadata.namespace_)) continue;
    std::vector<std::string> names;
    for (const k8s::pod_volume& v : pod.volumes) names.push_back(v.name);
    const std::pair<std::string_view, std::vector<std::string>> lists[] = {
        {helper::volumes_to_backup_annotation, helper::volumes_to_backup(pod)},
        {helper::volumes_to_exclude_annotation, helper::volumes_to_exclude(pod)},
    };
    for (const auto& [annotation, listed] : lists) {
      for (const std::string& name : listed) {
        if (name.empty() || pod.find_volume(name) != nullptr) continue;
        std::string help;
        const std::size_t b = name.find_first_not_of(' '), e = name.find_last_not_of(' ');
        if (b != std::string::npos && pod.find_volume(name.substr(b, e - b + 1)) != nullptr)
          help = "annotation lists are split on `,` without trimming: remove the spaces";
        else
          help = did_you_mean(closest(name, names));
        if (help.empty()) help = names.empty() ? std::string("the pod has no volumes")
                                               : fmt::format("the pod's volumes: {}", list_some({names.begin(), names.end()}));
        c.add_object(rule_id::annotation_unknown_volume, fmt::format("Pod {}/{}", pod.metadata.namespace_, pod.metadata.name),
                     fmt::format("{} names `{}`, which is not a volume of the pod", annotation, name), help);
      }
    }
  }
}

void check_conflicting_pod_annotations(context& c) {
  const lint_input& in = c.input();
  const bool opt_out_mode = core_options(in).default_volumes_to_fs_backup;
  std::set<const k8s::persistent_volume_claim*> seen;
  for (const plan::volume_record& r : in.plan->volumes) {
    const record_objects o = objects_of(*in.cluster, r);
    if (o.pvc == nullptr || !seen.insert(o.pvc).second) continue;
    std::string in_by, out_by;
    for (const k8s::pod* pod : in.cluster->pods_using_pvc(o.pvc->metadata.namespace_, o.pvc->metadata.name))
      for (const k8s::pod_volume& v : pod->volumes) {
        if (!v.sources.has(k8s::volume_source::persistent_volume_claim) || v.sources.claim_name != o.pvc->metadata.name)
          continue;
        const std::string who = fmt::format("pod {}/{} (volume `{}`)", pod->metadata.namespace_, pod->metadata.name, v.name);
        if (helper::is_opted_out(*pod, v.name)) {
          if (out_by.empty()) out_by = who;
        } else if (helper::fs_backup_by_annotations(*pod, v.name, opt_out_mode).selected) {
          if (in_by.empty()) in_by = who;
        }
      }
    if (in_by.empty() || out_by.empty()) continue;
    c.add_object(rule_id::conflicting_pod_annotations, object_of(r),
                 fmt::format("{} selects this PVC for fs-backup{} and {} excludes it: Velero takes one PodVolumeBackup "
                             "per PVC, so the exclusion is lost",
                             in_by, opt_out_mode ? " (defaultVolumesToFsBackup)" : "", out_by),
                 fmt::format("make the annotations of the pods that mount it agree"));
  }
}

}  // namespace volpol::lint::detail
