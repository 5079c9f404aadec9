// The walk's frame: order of items, records, and Velero's bookkeeping (trackers).
#include "item_backupper.h"

#include <exception>
#include <system_error>
#include <thread>

#include <algorithm>
#include <functional>
#include <limits>
#include <numeric>
#include <tuple>
#include <unordered_map>

#include "volpol/detail/helper/problem.h"
#include "volpol/detail/plan/glob.h"
#include "volpol/helper/decision.h"

namespace volpol::plan::detail {

namespace {

std::shared_ptr<const policy::policies> merge(const policy::policies* backup, const policy::policies* global) {
  if (backup == nullptr || global == nullptr) return nullptr;
  auto merged = std::make_shared<policy::policies>(*backup);
  merged->merge_global(*global);
  return merged;
}

helper::helper_options core_options(const plan_input& in, const item_collection& ic) {
  helper::helper_options o;
  o.snapshot_volumes = in.backup.snapshot_volumes;
  o.default_volumes_to_fs_backup = in.backup.default_volumes_to_fs_backup.value_or(
      in.server.default_volumes_to_fs_backup);
  // pkg/backup/backup.go: !ResourceIncludesExcludes.ShouldInclude("persistentvolumeclaims")
  o.backup_exclude_pvc = ic.backup_exclude_pvc();
  o.version = in.server.velero.version;
  // backup.go: NewVolumeHelperImplWithNamespaces(..., NamespaceIncludesExcludes.ResolveNamespaceList()):
  // the namespaces that exist (Namespace objects, else those of the pods and PVCs) and are
  // included. The CSI plugin's own helper caches each PVC's namespace as it comes: it sees all.
  std::vector<std::string_view> active;
  for (const k8s::namespace_object& n : in.cluster->namespaces()) active.emplace_back(n.metadata.name);
  if (active.empty()) {
    std::string_view last;  // objects come grouped by namespace: most repeats go here
    auto add = [&](std::string_view ns) {
      if (ns != last) active.push_back(last = ns);
    };
    for (const k8s::pod& p : in.cluster->pods()) add(p.metadata.namespace_);
    for (const k8s::persistent_volume_claim& p : in.cluster->persistent_volume_claims()) add(p.metadata.namespace_);
  }
  std::sort(active.begin(), active.end());
  active.erase(std::unique(active.begin(), active.end()), active.end());
  for (std::string_view n : active)
    if (ic.namespace_included(n)) o.pod_lookup_namespaces.emplace_back(n);
  return o;
}

helper::helper_options csi_options(const plan_input& in) {
  helper::helper_options o;
  o.snapshot_volumes = in.backup.snapshot_volumes;
  o.default_volumes_to_fs_backup = in.backup.default_volumes_to_fs_backup.value_or(
      in.server.default_volumes_to_fs_backup);
  o.backup_exclude_pvc = in.backup.snapshot_move_data.value_or(false);
  o.version = in.server.velero.version;
  return o;
}

/// The record's deciding policy has action `t` (never true for an unknown type).
bool policy_action_is(const volume_record& r, policy::action_type t) {
  return r.policy != nullptr && r.policy->act.type == t;
}

template <class T>
std::vector<const T*> sorted_by_key(std::span<const T> items) {
  std::vector<const T*> out;
  out.reserve(items.size());
  for (const T& i : items) out.push_back(&i);
  std::sort(out.begin(), out.end(), [](const T* a, const T* b) {
    if (a->metadata.namespace_ != b->metadata.namespace_) return a->metadata.namespace_ < b->metadata.namespace_;
    return a->metadata.name < b->metadata.name;
  });
  return out;
}

/// The plan's order: namespace, then the pod (volumes of no pod last), the pod volume, the
/// PVC, the PV; ties keep the walk's order. Records are given in the walk's order while the
/// walk hands them over (add, when each is in cache anyway); apply() sorts compact keys and
/// then moves each record once (records are a few hundred bytes: sorting them in place would
/// move each many times). Namespaces and pods are compared by rank, not by name: the pod's
/// rank in (namespace, name) order is the record's walk_.pod_rank (set_pod gives every record
/// that names a pod its rank: the walk's pods are the cluster's). The names after the pod
/// are compared by a prefix first: the first 4 bytes of "POD_VOLUME\0PVC\0PV\0" order records
/// as their names do (names hold no NUL: records view NUL-terminated texts), so only records
/// with the same prefix (mostly volumes of one pod: neighbours in memory) are read to compare
/// names. 16 bytes a record, made once the walk is over, in blocks its freed indexes give
/// back (chunked_list.h).
class record_order {
 public:
  record_order() = default;

  void add(const volume_record& r, std::uint32_t pod_rank) {
    const std::string_view ns = (r.pvc_namespace.empty() ? r.pod_namespace : r.pvc_namespace).view();
    if (namespaces_.empty() || ns.data() != last_ns_.data() || ns.size() != last_ns_.size()) {
      const auto [it, added] = namespace_id_.try_emplace(ns, static_cast<std::uint32_t>(namespaces_.size()));
      if (added) namespaces_.push_back(ns);
      last_ns_ = ns;
      last_id_ = it->second;
    }
    const auto index = static_cast<std::uint32_t>(keys_.size());
    keys_.emplace_back(
        sort_key{last_id_, r.pod_name.empty() ? walk_state::no_pod_rank : pod_rank, index, name_prefix(r)});
  }

  /// Puts `v` (the records added, in the order added) in the plan's order.
  void apply(record_list& v) {
    std::vector<std::uint32_t> by_name(namespaces_.size());
    std::iota(by_name.begin(), by_name.end(), 0U);
    std::sort(by_name.begin(), by_name.end(),
              [&](std::uint32_t a, std::uint32_t b) { return namespaces_[a] < namespaces_[b]; });
    std::vector<std::uint32_t> ns_rank(namespaces_.size());
    for (std::uint32_t i = 0; i < by_name.size(); ++i) ns_rank[by_name[i]] = i;
    for (sort_key& k : keys_) k.ns = ns_rank[k.ns];
    // Integers first; then each run of keys that the integers cannot tell apart by name.
    std::sort(keys_.begin(), keys_.end(), [](const sort_key& a, const sort_key& b) {
      return std::tie(a.ns, a.pod, a.names, a.index) < std::tie(b.ns, b.pod, b.names, b.index);
    });
    const auto by_names = [&v](const sort_key& a, const sort_key& b) {
      const volume_record &x = v[a.index], &y = v[b.index];
      if (const int c = x.pod_volume.compare(y.pod_volume); c != 0) return c < 0;
      if (const int c = x.pvc_name.compare(y.pvc_name); c != 0) return c < 0;
      if (const int c = x.pv_name.compare(y.pv_name); c != 0) return c < 0;
      return a.index < b.index;
    };
    const auto same_prefix = [](const sort_key& a, const sort_key& b) {
      return a.ns == b.ns && a.pod == b.pod && a.names == b.names;
    };
    for (auto run = keys_.begin(); run != keys_.end();) {
      auto end = run + 1;
      while (end != keys_.end() && same_prefix(*run, *end)) ++end;
      if (end - run > 1) std::sort(run, end, by_names);
      run = end;
    }
    std::vector<std::uint32_t> order(v.size());
    for (std::size_t i = 0; i < keys_.size(); ++i) order[i] = keys_[i].index;
    keys_ = {};
    // Position i takes the record at order[i]: follow each cycle of the permutation once.
    std::vector<bool> placed(v.size());
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (placed[i] || order[i] == i) continue;
      volume_record held = std::move(v[i]);
      std::size_t at = i;
      for (;;) {
        placed[at] = true;
        const std::size_t from = order[at];
        if (from == i) {
          v[at] = std::move(held);
          break;
        }
        v[at] = std::move(v[from]);
        at = from;
      }
    }
  }

 private:
  struct sort_key {
    std::uint32_t ns, pod;  // ranks: the namespace among the records', the pod (no_pod_rank last)
    std::uint32_t index;    // in the order added
    std::uint32_t names;    // name_prefix
  };
  static_assert(sizeof(sort_key) == 16);

  /// The first 4 bytes of "POD_VOLUME\0PVC\0PV\0" (zero-padded), big-endian: a < b between
  /// two records' prefixes means the same between their names.
  static std::uint32_t name_prefix(const volume_record& r) {
    std::uint32_t p = 0;
    int room = 4;
    for (const zstring_view name : {r.pod_volume, r.pvc_name, r.pv_name}) {
      for (const char* c = name.c_str(); *c != '\0' && room > 0; ++c, --room)
        p = (p << 8) | static_cast<unsigned char>(*c);
      if (room == 0) break;
      p <<= 8;  // the NUL after the name
      if (--room == 0) break;
    }
    return p << (8 * room);
  }

  chunked_list<sort_key> keys_;  // in 4 KiB chunks (chunked_list.h)
  std::vector<std::string_view> namespaces_;
  std::unordered_map<std::string_view, std::uint32_t> namespace_id_;
  std::string_view last_ns_;
  std::uint32_t last_id_ = 0;
};

}  // namespace

item_backupper::item_backupper(const plan_input& in, namespace_includes_excludes ns, resource_includes_excludes rf,
                               const item_collection& collection)
    : in_(in),
      c_(*in.cluster),
      ns_(std::move(ns)),
      rf_(std::move(rf)),
      ic_(collection),
      node_agent_(*in.cluster, in.backup.namespace_),
      merged_(merge(in.backup_policies, in.global_policies)),
      effective_(merged_ ? merged_.get() : (in.backup_policies ? in.backup_policies : in.global_policies)),
      core_(effective_, core_options(in, collection), *in.cluster),
      csi_(in.backup_policies, csi_options(in), *in.cluster),
      pvcs_done_(in.cluster->persistent_volume_claims()),
      pvs_done_(in.cluster->persistent_volumes()) {}

// item_collector.go: pods, then PVCs, then PVs, each listed through the collection's filters
// (items of namespaces the backup does not include get no record); itemInclusionChecks for the
// exclude label and deletionTimestamp stay with each item's step.
void item_backupper::run(bool failed_validation) {
  // PV and PVC records (pod rows: pod_rows_) are indexed in the skipped-PV tracker's table.
  skipped_.reserve(c_.persistent_volumes().size() + c_.persistent_volume_claims().size());
  pvc_tracker_.reserve(c_.persistent_volume_claims().size());
  auto left_out = [](const item_inclusion& i) {
    return !i.included() && i.why != item_exclusion::exclude_label && i.why != item_exclusion::being_deleted;
  };
  // Beside the pods' sort and walk, on a second thread (reading the cluster only): the
  // PVC→pods index the walk's first PVC needs, and the PVCs' and PVs' order, needed after the
  // pods. At 300k objects some 0.1 s off the serial walk. With one thread (or none to be had)
  // the same work is done here, in the same order of results.
  std::vector<const k8s::persistent_volume_claim*> pvcs;
  std::vector<const k8s::persistent_volume*> pvs;
  std::exception_ptr beside_failed;
  auto beside_work = [&]() noexcept {
    try {
      c_.index_pods_by_pvc();
      pvcs = sorted_by_key(c_.persistent_volume_claims());
      pvs = sorted_by_key(c_.persistent_volumes());
    } catch (...) {
      beside_failed = std::current_exception();
    }
  };
  std::jthread beside;
  const unsigned threads = in_.threads != 0 ? in_.threads : std::thread::hardware_concurrency();  // 0: one per core
  if (threads > 1) {
    try {
      beside = std::jthread(beside_work);
    } catch (const std::system_error&) {  // no thread to be had: do it here
    }
  }
  if (!beside.joinable()) beside_work();
  const std::vector<const k8s::pod*> pods = sorted_by_key(c_.pods());
  pod_ranks_.assign(pods.size(), 0);
  for (std::uint32_t i = 0; i < pods.size(); ++i) pod_ranks_[static_cast<std::size_t>(pods[i] - c_.pods().data())] = i;
  const std::vector<std::string>& asked = in_.backup.include_namespaces;
  auto walked = [&](std::string_view ns) {
    if (!failed_validation) return ns_.should_include(ns) && ic_.namespace_included(ns);
    return asked.empty() ||
           std::any_of(asked.begin(), asked.end(), [&](const std::string& i) { return i == "*" || glob_match(i, ns); });
  };
  pod_states_.assign(c_.pods().size(), pod_state::none);
  pvcs_in_block_.assign(c_.persistent_volume_claims().size(), false);
  // Pods a label selector leaves out: a PVC's ItemBlock may still pull them in (below).
  std::vector<std::pair<const k8s::pod*, item_inclusion>> by_selector;
  for (const k8s::pod* p : pods) {
    if (!walked(p->metadata.namespace_) || state_of(*p) == pod_state::walked) continue;
    const item_inclusion inc = ic_.collected(resource_kind::pods, p->metadata, p->has_deletion_timestamp);
    if (left_out(inc)) {
      if (inc.why == item_exclusion::label_selector || inc.why == item_exclusion::or_label_selectors)
        by_selector.emplace_back(p, inc);
      else pod_not_collected(*p, inc);
      continue;
    }
    state_of(*p) = pod_state::walked;
    backup_pod(*p);
    if (!failed_validation) back_up_item_block_pods(p, nullptr);
  }
  if (beside.joinable()) beside.join();
  if (beside_failed) std::rethrow_exception(beside_failed);
  for (const k8s::persistent_volume_claim* pvc : pvcs) {
    if (!walked(pvc->metadata.namespace_)) continue;
    const item_inclusion inc = ic_.collected(resource_kind::persistent_volume_claims, pvc->metadata);
    if (!left_out(inc)) {
      const bool new_block = !in_block(*pvc) && inc.included();
      backup_pvc(*pvc);
      if (new_block && !failed_validation) back_up_item_block_pods(nullptr, pvc);
    } else if (!pvcs_done_.contains(*pvc)) {
      not_collected(entry_for_pvc(*pvc), inc);
    }
  }
  for (const auto& [p, inc] : by_selector)
    if (state_of(*p) != pod_state::walked) pod_not_collected(*p, inc);
  for (const k8s::persistent_volume* pv : pvs) {
    const item_inclusion inc = ic_.collected(resource_kind::persistent_volumes, pv->metadata);
    if (inc.why == item_exclusion::cluster_scoped_not_listed) continue;  // only as a PVC's PV
    if (!left_out(inc)) backup_pv(*pv);
    else if (!pvs_done_.contains(*pv)) not_collected(entry_for_pv(*pv), inc);
  }
}

void item_backupper::not_collected(volume_record& e, const item_inclusion& why, const k8s::persistent_volume_claim* pvc,
                                   const k8s::persistent_volume* pv) {
  volume_decision d = make_decision(reason_kind::not_collected, step_kind::item_inclusion);
  d.inclusion = why;
  d.pvc = pvc;
  d.pv = pv;
  trace(e, d);
  // The item itself is not in the backup: that outranks what a pod step concluded of it (the
  // first such reason stays: a PV left out when its PVC was backed up is one reached twice).
  if (!e.walk_.decided && !e.error() && e.decision.kind != reason_kind::not_collected) e.decision = d;
}

void item_backupper::back_up_item_block_pods(const k8s::pod* root_pod, const k8s::persistent_volume_claim* root_pvc) {
  // The block is built depth first, as executeItemBlockActions recurses: a frame per pod (its
  // PVC volumes, in spec order) and per PVC (its Running pods, by name: the API's order).
  struct frame {
    const k8s::pod* pod = nullptr;
    const k8s::persistent_volume_claim* pvc = nullptr;
    std::size_t next = 0;
    std::vector<const k8s::pod*> pods;
  };
  std::vector<frame> stack;
  std::vector<std::pair<const k8s::pod*, const k8s::persistent_volume_claim*>> pulled;  // (pod, by PVC)
  auto push_pvc = [&](const k8s::persistent_volume_claim& pvc) {
    in_block(pvc) = true;
    frame f;
    f.pvc = &pvc;
    // pvc_action.go GetRelatedItems: a bound PVC only; the pods of its namespace that mount it
    // and run (kube.IsPodRunning: scheduled, Running, not being deleted).
    if (pvc.phase == "Bound" && !pvc.volume_name.empty()) {
      for (const k8s::pod* p : c_.pods_using_pvc(pvc.metadata.namespace_, pvc.metadata.name))
        if (!pod_not_running(*p)) f.pods.push_back(p);
      std::sort(f.pods.begin(), f.pods.end(), [](const k8s::pod* a, const k8s::pod* b) {
        return std::string_view(a->metadata.name) < std::string_view(b->metadata.name);
      });
    }
    stack.push_back(std::move(f));
  };
  if (root_pod != nullptr) {
    state_of(*root_pod) = pod_state::walked;
    stack.push_back(frame{root_pod, nullptr, 0, {}});
  } else {
    push_pvc(*root_pvc);
  }
  while (!stack.empty()) {
    frame& f = stack.back();
    if (f.pod != nullptr) {  // pod_action.go GetRelatedItems: the pod's PVCs
      const k8s::pod& pod = *f.pod;
      const k8s::persistent_volume_claim* next = nullptr;
      while (next == nullptr && f.next < pod.volumes.size()) {
        const k8s::pod_volume& v = pod.volumes[f.next++];
        if (!v.sources.has(k8s::volume_source::persistent_volume_claim) || v.sources.claim_name.empty()) continue;
        const k8s::persistent_volume_claim* pvc = c_.find_pvc(pod.metadata.namespace_, v.sources.claim_name);
        if (pvc == nullptr || in_block(*pvc)) continue;
        if (!ic_.related(resource_kind::persistent_volume_claims, pvc->metadata).included()) {
          in_block(*pvc) = true;  // addKubernetesResource marks it before the checks
          continue;
        }
        next = pvc;
      }
      if (next == nullptr) stack.pop_back();
      else push_pvc(*next);  // (f is not used after this: the push may move it)
      continue;
    }
    const k8s::pod* next = nullptr;
    while (next == nullptr && f.next < f.pods.size()) {
      const k8s::pod* p = f.pods[f.next++];
      if (state_of(*p) != pod_state::none) continue;
      state_of(*p) = pod_state::in_block;
      if (!ic_.related(resource_kind::pods, p->metadata, p->has_deletion_timestamp).included()) continue;
      next = p;
    }
    if (next == nullptr) {
      stack.pop_back();
      continue;
    }
    state_of(*next) = pod_state::walked;
    pulled.emplace_back(next, f.pvc);
    stack.push_back(frame{next, nullptr, 0, {}});
  }
  // backupItemBlock: the items in the block's order; the pulled-in pods after the root. A pod
  // the filters collect anyway is only backed up sooner; one they leave out (a label selector)
  // is in the backup because of the block: its volumes say so.
  for (const auto& [pod, by] : pulled) {
    const bool collected = ic_.collected(resource_kind::pods, pod->metadata, pod->has_deletion_timestamp).included();
    for (const k8s::pod_volume& v : pod->volumes) {
      if (collected) break;
      const k8s::persistent_volume_claim* pvc = nullptr;
      volume_record& e = entry_for_pod_volume_or_pvc(*pod, v, pvc);
      volume_decision d = make_decision(reason_kind::pulled_in_by_item_block, step_kind::item_block_action);
      d.pod = pod;
      d.pod_volume = &v;
      d.pvc = by;
      trace(e, d);
    }
    backup_pod(*pod);
  }
}

void item_backupper::pod_not_collected(const k8s::pod& pod, const item_inclusion& why) {
  for (const k8s::pod_volume& v : pod.volumes) {
    const k8s::persistent_volume_claim* pvc = nullptr;
    volume_record& e = entry_for_pod_volume_or_pvc(pod, v, pvc);
    volume_decision d = make_decision(reason_kind::not_collected, step_kind::item_inclusion);
    d.inclusion = why;
    d.pod = &pod;
    d.pod_volume = &v;
    trace(e, d);
    if (!e.walk_.decided && e.decision.kind == reason_kind::none) e.decision = d;
  }
}

bool item_backupper::pvs_via_pvc_included() const {
  return in_.backup.include_cluster_resources.value_or(true) && rf_.should_include(resource_kind::persistent_volumes);
}

bool item_backupper::pvs_listed() const {
  const bool cluster_resources = in_.backup.include_cluster_resources.value_or(ns_.all_namespaces());
  return cluster_resources && rf_.should_include(resource_kind::persistent_volumes);
}

std::optional<helper::decision> item_backupper::snapshot_decision(helper::volume_object target, volume_record& e) {
  auto d = core_.should_perform_snapshot(target);
  if (const diagnostic* err = d.error()) {
    fail(e, helper_error(*err, target.pvc(), nullptr, nullptr), step_kind::should_perform_snapshot);
    return std::nullopt;
  }
  note_policy(e, d->policy);
  if (d->perform) {
    trace(e, from_helper(reason_kind::none, step_kind::should_perform_snapshot, *d));
    return d.value();
  }
  volume_decision why = from_helper(reason_kind::snapshot_declined, step_kind::should_perform_snapshot, *d);
  if (d->policy != nullptr && d->policy->act.type == policy::action_type::custom) {
    why.kind = reason_kind::custom_action;
    why.policy = d->policy;
  } else if (e.error() || (!e.walk_.decided && e.decision.kind == reason_kind::custom_action)) {
    trace(e, why);
    why = e.decision;  // keep the more specific explanation of an earlier step
  }
  track(e, skip_approach::volume_snapshot, skip_cause::not_satisfy_criteria, why);
  return std::nullopt;
}

bool item_backupper::excluded_by_label(const k8s::object_meta& m) const {
  return m.labels.find(exclude_label) == "true";
}

const policy::volume_policy* item_backupper::match(const k8s::persistent_volume* pv,
                                                   const k8s::persistent_volume_claim* pvc, const k8s::pod_volume* v,
                                                   volume_decision* step) const {
  if (effective_ == nullptr) return nullptr;
  policy::volume_filter_data data;
  data.pv = pv;
  data.pvc = pvc;
  data.pod_volume = v;
  if (step != nullptr) {
    step->consulted_policies = true;
    step->matched_on = data;
  }
  auto r = effective_->match(data);
  return r.ok() ? r.value() : nullptr;
}

volume_error item_backupper::helper_error(const diagnostic& d, const k8s::persistent_volume_claim* pvc,
                                          const k8s::pod* pod, const k8s::pod_volume* v) const {
  volume_error err;
  err.pod = pod;
  err.pod_volume = v;
  err.pvc = pvc;
  if (helper::is(d.kind, helper::problem::pvc_not_found)) {
    err.kind = volume_error_kind::helper_pvc_not_found;
  } else {  // pv_lookup_failed: the only other error ShouldPerform* return
    if (err.pvc == nullptr && pod != nullptr && v != nullptr) err.pvc = helper::get_pvc_for_pod_volume(*v, *pod, c_);
    err.kind = volume_error_kind::helper_pv_lookup;
    if (err.pvc != nullptr) err.lookup = helper::get_pv_for_pvc(*err.pvc, c_).status;
  }
  return err;
}

// ---- records ---------------------------------------------------------------------------

volume_record& item_backupper::new_record() { return records_.emplace_back(); }

volume_record& item_backupper::entry(const walk_key& key) {
  volume_record*& r = skipped_.record_of(key);
  if (r == nullptr) r = &new_record();
  return *r;
}

volume_record& item_backupper::pod_row(const k8s::pod& pod, const walk_key& key) {
  if (pod_of_rows_ != &pod) {
    pod_of_rows_ = &pod;
    pod_rows_.clear();
    pod_rows_index_.reset();
  }
  // A few rows are searched in place; a pod with many volumes gets a hash index, so the walk
  // stays linear in the volumes of a pod (a pod with 100k volumes).
  if (pod_rows_index_) {
    if (volume_record* const* found = pod_rows_index_->find(key)) return **found;
  } else {
    for (const auto& [k, e] : pod_rows_)
      if (k == key) return *e;
  }
  volume_record* e = &new_record();
  pod_rows_.emplace_back(key, e);
  if (!pod_rows_index_ && pod_rows_.size() > 32) {
    pod_rows_index_ = std::make_unique<pod_rows_index>();
    for (const auto& [k, r] : pod_rows_) (*pod_rows_index_)[k] = r;
  } else if (pod_rows_index_) {
    (*pod_rows_index_)[key] = e;
  }
  return *e;
}

volume_record& item_backupper::entry_for_pvc(const k8s::persistent_volume_claim& pvc) {
  volume_record& e = entry(skipped_pv_tracker::key_for(pvc.volume_name, pvc.metadata.namespace_, pvc.metadata.name));
  e.pvc_name = pvc.metadata.name;
  e.pvc_namespace = pvc.metadata.namespace_;
  e.pv_name = pvc.volume_name;
  if (e.storage_class.empty() && pvc.storage_class_name) e.storage_class = *pvc.storage_class_name;
  return e;
}

volume_record& item_backupper::entry_for_pv(const k8s::persistent_volume& pv) {
  volume_record& e = entry(skipped_pv_tracker::key_for(pv.metadata.name, "", ""));
  e.pv_name = pv.metadata.name;
  if (pv.claim_ref && e.pvc_name.empty()) {
    e.pvc_name = pv.claim_ref->name;
    e.pvc_namespace = pv.claim_ref->namespace_;
  }
  if (!pv.storage_class_name.empty()) e.storage_class = pv.storage_class_name;
  if (e.volume_type().empty()) e.set_volume_type(policy::volume_type_of(pv));
  return e;
}

volume_record& item_backupper::entry_for_pod_volume(const k8s::pod& pod, const k8s::pod_volume& v) {
  volume_record& e = pod_row(pod, {walk_key::kind::pod_volume, pod.metadata.namespace_, pod.metadata.name, v.name});
  set_pod(e, pod, v);
  e.set_volume_type(policy::volume_type_of(v));
  return e;
}

zstring_view item_backupper::intern(std::string_view text_in) {
  if (text_in.empty()) return {};
  // A record views the text up to its first NUL: one inside (a damaged Backup or option) is
  // kept visible, spelled `\u0000`, rather than cut off.
  std::string spelled;
  std::string_view text = text_in;
  if (text.find('\0') != std::string_view::npos) text = spelled = spell_nul(text_in);
  auto it = texts_->find(text);
  if (it == texts_->end()) it = texts_->emplace(text).first;
  return *it;
}

void item_backupper::set_pod(volume_record& e, const k8s::pod& pod, const k8s::pod_volume& v) {
  e.pod_namespace = pod.metadata.namespace_;
  e.pod_name = pod.metadata.name;
  e.pod_volume = v.name;
  const auto at = static_cast<std::size_t>(&pod - c_.pods().data());
  e.walk_.pod_rank = at < pod_ranks_.size() ? pod_ranks_[at] : walk_state::no_pod_rank;
}

void item_backupper::trace(volume_record& e, const volume_decision& d) {
  if (in_.trace) e.add_step(d);
}

void item_backupper::conclude(volume_record& e, const volume_decision& why) {
  trace(e, why);
  if (!e.walk_.decided) e.decision = why;
}

void item_backupper::track(volume_record& e, skip_approach approach, skip_cause cause, const volume_decision& why,
                           const k8s::pod* pod, const k8s::pod_volume* pod_volume) {
  const walk_key key = skipped_pv_tracker::key_for(e.pv_name, e.pvc_namespace, e.pvc_name);
  if (!key.empty()) skipped_.track(key, approach, cause, pod, pod_volume);
  conclude(e, why);
}

void item_backupper::decide(volume_record& e, backup_method m, const volume_decision& why) {
  const walk_key key = skipped_pv_tracker::key_for(e.pv_name, e.pvc_namespace, e.pvc_name);
  if (!key.empty()) skipped_.untrack(key);
  trace(e, why);
  if (e.walk_.decided) return;  // Velero untracks once: the first method stays
  e.walk_.decided = true;
  e.method = m;
  e.decision = why;
}

void item_backupper::fail(volume_record& e, const volume_error& err, step_kind step) {
  e.add_error(err);
  volume_decision d = make_decision(reason_kind::error, step);
  d.error_index = static_cast<std::uint8_t>(std::min<std::size_t>(e.errors().size() - 1, 255));
  conclude(e, d);
}

void item_backupper::note_policy(volume_record& e, const policy::volume_policy* p) {
  if (p != nullptr && e.policy == nullptr) e.policy = p;
}

void item_backupper::fill_shared_pvc_rows() {
  for (const auto& [row, of] : shared_pvc_rows_) {
    volume_record& e = *row;
    const volume_record& pvc = *of;
    e.pvc_name = pvc.pvc_name;
    e.pvc_namespace = pvc.pvc_namespace;
    e.pv_name = pvc.pv_name;
    e.storage_class = pvc.storage_class;
    volume_decision d = make_decision(reason_kind::pvc_covered_by_pod, step_kind::backup_volume_info);
    if (pvc.method == backup_method::pod_volume_backup) d.pod = c_.find_pod(pvc.pod_namespace, pvc.pod_name);
    e.decision = d;
    e.walk_.decided = true;  // its outcome is the PVC's row
  }
}

void item_backupper::finish_custom_policy(volume_record& e) {
  if (!policy_action_is(e, policy::action_type::custom) || e.walk_.decided) return;
  if (!e.pvc_name.empty() || !e.pv_name.empty()) {
    e.method = backup_method::custom;
    return;
  }
  // The plugin-facing VolumeHelper (ShouldPerformCustomAction) takes PVs and PVCs only:
  // no plugin is handed a pod volume without a claim, and Velero does nothing with it.
  volume_decision d = make_decision(reason_kind::custom_not_pvc, step_kind::backup_volume_info);
  d.policy = e.policy;
  if (in_.trace) e.add_step(d);
  if (!e.error()) e.decision = d;
}

void item_backupper::take_skipped_reasons() {
  for (volume_record& r : records_) {
    if (r.walk_.shared_pvc_row || r.walk_.decided) continue;
    const walk_key key = skipped_pv_tracker::key_for(r.pv_name, r.pvc_namespace, r.pvc_name);  // none: pod volumes
    if (key.empty()) continue;
    if (skipped_reasons reasons = skipped_.reasons(key); !reasons.empty()) r.set_skipped_reasons(reasons);
  }
}

void item_backupper::finish_record(volume_record& e, std::size_t validation_errors) {
  // Undecided volumes are skipped (the skipped PV tracker's reasons are on the record already:
  // take_skipped_reasons).
  if (!e.walk_.decided) e.skipped = true;
  finish_custom_policy(e);
  // Not collected: unless the PVC is in the backup and only its PV was left out (the PVC item
  // is restored, its data is not: the volume is skipped, as Velero's BackupVolumeInfo says).
  if (!e.walk_.decided && e.decision.kind == reason_kind::not_collected && !e.error() && !e.walk_.pvc_item_backed_up) {
    e.method = backup_method::not_backed_up;
    e.skipped = false;
  }
  if (validation_errors > 0) {  // FailedValidation: nothing is backed up, every volume errs
    volume_error err;
    err.kind = volume_error_kind::failed_validation;
    e.add_error(err);
    e.method = backup_method::none;
    e.skipped = false;
    e.decision = make_decision(reason_kind::error, step_kind::item_inclusion);
    e.decision.error_index = static_cast<std::uint8_t>(e.errors().size() - 1);
  }
  if (policy_action_is(e, policy::action_type::fs_backup) && !e.walk_.decided && !e.error() && e.pod_name.empty() &&
      !e.pvc_name.empty()) {
    volume_decision d = make_decision(reason_kind::fs_backup_without_pod, step_kind::backup_volume_info);
    d.policy = e.policy;
    if (in_.trace) e.add_step(d);
    e.decision = d;
  }
  if (!in_.custom_action_params.is_null() && !e.pvc_name.empty())
    if (const k8s::persistent_volume_claim* pvc = c_.find_pvc(e.pvc_namespace, e.pvc_name)) {
      auto taken = core_.should_perform_custom_action(*pvc, in_.custom_action_params);
      e.custom_action_taken = taken.ok() && taken->perform;
    }
}

namespace {

/// The counts of the plan's summary; a second pod's row of a shared PVC counts with the PVC's.
/// Counts the record in the summary (once its decision is final).
void count(plan_summary& s, const volume_record& r) {
  if (r.decision.kind == reason_kind::pvc_covered_by_pod) {  // its volume is counted with its PVC's row
    ++s.shared_pvc_rows;
    return;
  }
  ++s.volumes;
  if (r.error()) ++s.errors;
  switch (r.method) {
    case backup_method::pod_volume_backup: ++s.fs_backup; break;
    case backup_method::csi_snapshot: r.snapshot_data_moved ? ++s.csi_data_movement : ++s.csi_snapshot; break;
    case backup_method::native_snapshot: ++s.native_snapshot; break;
    case backup_method::custom: ++s.custom; break;
    case backup_method::none:
      if (!r.error()) ++s.skipped;
      break;
    case backup_method::not_backed_up:
      if (!r.error()) ++s.not_backed_up;
      break;
  }
}

}  // namespace

plan_result item_backupper::finish(std::size_t validation_errors) {
  plan_result out;
  out.merged_policies = merged_;
  out.record_texts = texts_;
  fill_shared_pvc_rows();
  take_skipped_reasons();
  // The walk is over: its indexes and trackers go before the records' last touches.
  pod_rows_ = {};
  pod_ranks_ = {};
  pvc_tracker_ = {};
  skipped_ = {};
  shared_pvc_rows_ = {};
  record_order order;
  for (volume_record& r : records_) {  // in the walk's order
    if (!r.walk_.shared_pvc_row) finish_record(r, validation_errors);
    count(out.summary, r);  // while the record is in cache
    order.add(r, r.walk_.pod_rank);
  }
  // A PVC item itemInclusionChecks refused whose data a pod's PodVolumeBackup still copies: the
  // pod volume's row says fs-backup; the PVC gets its own row, not backed up (a restore brings
  // the data but not the claim the pod needs).
  for (auto& [e, why] : refused_pvcs_) {
    if (e->method != backup_method::pod_volume_backup || e->pod_name.empty()) continue;
    volume_record& row = new_record();
    row.pvc_name = e->pvc_name;
    row.pvc_namespace = e->pvc_namespace;
    row.pv_name = e->pv_name;
    row.storage_class = e->storage_class;
    row.volume_type_ = e->volume_type_;
    row.method = backup_method::not_backed_up;
    volume_decision d = why;
    d.pod = c_.find_pod(e->pod_namespace, e->pod_name);  // whose PodVolumeBackup copies the data
    row.decision = d;
    if (in_.trace) row.add_step(d);
    ++out.summary.not_backed_up;  // a row, not another volume: its volume is the pod volume's row
    order.add(row, walk_state::no_pod_rank);
  }
  refused_pvcs_ = {};
  // The walk's records are the plan's: no record is copied or moved out.
  out.volumes = std::move(records_);
  order.apply(out.volumes);
  return out;
}

}  // namespace volpol::plan::detail
