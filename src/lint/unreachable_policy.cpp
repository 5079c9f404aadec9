// VP110: a policy that an earlier one shadows. Velero's `Policies.match` takes the first policy
// whose conditions all hold, so a later policy whose every match is also a match of an earlier
// one never decides anything. Shadowing is proved condition by condition (conservatively: a
// pair that is not provably implied is not reported). The earlier policies a policy is tested
// against come from an index (shadow_index), not from every pair: trying every pair took 5 s on
// a 1 MiB policy (8,000 volume policies), more than the webhook's time limit.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <unordered_map>
#include <vector>

#include "context.h"
#include "unreachable_policy.h"

namespace volpol::lint::detail {

namespace {

/// [lo, hi] with hi == nullptr for "no upper bound": capacity_range::contains in interval form
/// (pointers into the range: no quantity is copied).
struct interval {
  const k8s::quantity* lo;
  const k8s::quantity* hi;
};

const k8s::quantity zero_quantity{};

interval to_interval(const policy::capacity_range& r) {
  if (r.lower.is_zero()) return {&zero_quantity, r.upper.is_zero() ? nullptr : &r.upper};
  if (r.upper.is_zero()) return {&r.lower, nullptr};
  return {&r.lower, &r.upper};
}

bool capacity_implied(const policy::capacity_range& later, const policy::capacity_range& earlier) {
  const interval l = to_interval(later), e = to_interval(earlier);
  if (e.lo->compare(*l.lo) > 0) return false;
  if (!e.hi) return true;
  return l.hi && l.hi->compare(*e.hi) <= 0;
}

/// Every value of `later` is in `earlier` (an empty earlier list is no condition at all; an
/// empty later list is "any", which only an empty earlier list implies).
bool list_implied(const std::vector<std::string>& later, const std::vector<std::string>& earlier) {
  if (earlier.empty()) return true;
  if (later.empty()) return false;
  return std::all_of(later.begin(), later.end(), [&](const std::string& s) {
    return std::find(earlier.begin(), earlier.end(), s) != earlier.end();
  });
}

bool same_set(std::vector<std::string> a, std::vector<std::string> b) {
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  return a == b;
}

bool labels_implied(const k8s::string_map& later, const k8s::string_map& earlier) {
  for (const auto& [k, v] : earlier) {
    if (later.find(k) != v) return false;
  }
  return true;
}

bool nfs_implied(const std::optional<policy::nfs_condition>& later,
                 const std::optional<policy::nfs_condition>& earlier) {
  if (!earlier) return true;
  if (!later) return false;
  return (earlier->server.empty() || earlier->server == later->server) &&
         (earlier->path.empty() || earlier->path == later->path);
}

bool csi_implied(const std::optional<policy::csi_condition>& later,
                 const std::optional<policy::csi_condition>& earlier) {
  if (!earlier) return true;
  if (!later) return false;
  if (earlier->driver.empty()) return !earlier->volume_attributes || earlier->volume_attributes->empty();
  if (earlier->driver != later->driver) return false;
  if (!earlier->volume_attributes || earlier->volume_attributes->empty()) return true;
  return later->volume_attributes && labels_implied(*later->volume_attributes, *earlier->volume_attributes);
}

}  // namespace

bool conditions_implied(const policy::volume_conditions& later, const policy::volume_conditions& earlier) {
  return capacity_implied(later.capacity, earlier.capacity) &&
         list_implied(later.storage_class, earlier.storage_class) && nfs_implied(later.nfs, earlier.nfs) &&
         csi_implied(later.csi, earlier.csi) && list_implied(later.volume_types, earlier.volume_types) &&
         labels_implied(later.pvc_labels, earlier.pvc_labels) && list_implied(later.pvc_phase, earlier.pvc_phase) &&
         (earlier.pvc_volume_mode.empty() || earlier.pvc_volume_mode == later.pvc_volume_mode) &&
         (earlier.pvc_access_modes.empty() || same_set(earlier.pvc_access_modes, later.pvc_access_modes)) &&
         list_implied(later.volume_name, earlier.volume_name);
}

namespace {

bool same_conditions(const policy::volume_conditions& a, const policy::volume_conditions& b) {
  return conditions_implied(a, b) && conditions_implied(b, a);
}

}  // namespace

namespace {

constexpr std::uint32_t no_upper_bound = std::numeric_limits<std::uint32_t>::max();

/// What a quick test of a pair needs, per policy: the capacity interval as ranks of its bounds
/// among all bounds of the documents (exact: the ranks come from quantity::compare), and one
/// 64-bit signature per list or map condition (a bit per value, by hash).
struct policy_shape {
  std::uint32_t cap_lo = 0, cap_hi = no_upper_bound;
  std::array<std::uint64_t, 4> lists{};  // storageClass, volumeTypes, pvcPhase, volumeName
  std::uint8_t has_list = 0;             // bit g: list g is not empty
  std::uint64_t labels = 0, csi_attributes = 0;
};

std::uint64_t signature_bit(std::string_view a, std::string_view b = {}) {
  const std::size_t h = std::hash<std::string_view>{}(a)*31 + std::hash<std::string_view>{}(b);
  return std::uint64_t{1} << (h % 64);
}

std::array<const std::vector<std::string>*, 4> lists_of(const policy::volume_conditions& c) {
  return {&c.storage_class, &c.volume_types, &c.pvc_phase, &c.volume_name};
}

std::vector<policy_shape> shapes_of(const std::vector<const policy::volume_policy*>& list) {
  std::vector<policy_shape> shapes(list.size());
  std::vector<std::pair<const k8s::quantity*, std::uint32_t*>> bounds;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const policy::volume_conditions& c = list[i]->conditions;
    policy_shape& s = shapes[i];
    const interval iv = to_interval(c.capacity);
    bounds.emplace_back(iv.lo, &s.cap_lo);
    if (iv.hi) bounds.emplace_back(iv.hi, &s.cap_hi);
    const auto lists = lists_of(c);
    for (std::size_t g = 0; g < lists.size(); ++g) {
      if (!lists[g]->empty()) s.has_list = static_cast<std::uint8_t>(s.has_list | (1U << g));
      for (const std::string& v : *lists[g]) s.lists[g] |= signature_bit(v);
    }
    for (const auto& [k, v] : c.pvc_labels) s.labels |= signature_bit(k, v);
    if (c.csi && c.csi->volume_attributes)
      for (const auto& [k, v] : *c.csi->volume_attributes) s.csi_attributes |= signature_bit(k, v);
  }
  std::sort(bounds.begin(), bounds.end(), [](const auto& a, const auto& b) { return a.first->compare(*b.first) < 0; });
  std::uint32_t rank = 0;
  for (std::size_t k = 0; k < bounds.size(); ++k) {
    if (k > 0 && bounds[k - 1].first->compare(*bounds[k].first) != 0) ++rank;
    *bounds[k].second = rank;
  }
  return shapes;
}

/// False when `earlier` certainly does not imply `later` (conditions_implied would say false);
/// true when it may.
bool may_imply(const policy_shape& later, const policy_shape& earlier) {
  if (earlier.cap_lo > later.cap_lo || later.cap_hi > earlier.cap_hi) return false;
  for (std::size_t g = 0; g < later.lists.size(); ++g) {
    if ((earlier.has_list & (1U << g)) == 0) continue;
    if ((later.has_list & (1U << g)) == 0 || (later.lists[g] & ~earlier.lists[g]) != 0) return false;
  }
  return (earlier.labels & ~later.labels) == 0 && (earlier.csi_attributes & ~later.csi_attributes) == 0;
}

/// Index keys: a kind letter, then the value(s), '\0'-separated.
std::string index_key(char kind, std::string_view a = {}, std::string_view b = {}) {
  std::string k(1, kind);
  k += a;
  k += '\0';
  k += b;
  return k;
}

std::string access_modes_key(std::vector<std::string> modes) {
  std::sort(modes.begin(), modes.end());  // same_set: the sorted lists are equal
  std::string k(1, 'X');
  for (const std::string& m : modes) {
    k += m;
    k += '\0';
  }
  return k;
}

/// The keys a policy can be filed under, by condition: one list per condition it sets. A policy
/// `earlier` can imply `later` only if, for the condition it is filed by, `later` looks up one of
/// its keys (see lookups_of): list conditions (later's values ⊆ earlier's) file under every
/// value, maps (earlier's pairs ⊆ later's) under one pair, the others under their one key.
struct filing_options {
  std::vector<std::vector<std::string>> every_key;  // file under all keys of one list
  std::vector<std::vector<std::string>> one_key;    // file under one key of one list
};

filing_options filing_of(const policy::volume_conditions& c) {
  filing_options o;
  const char list_kinds[] = {'s', 't', 'p', 'n'};
  const auto lists = lists_of(c);
  for (std::size_t g = 0; g < lists.size(); ++g) {
    if (lists[g]->empty()) continue;
    std::vector<std::string>& keys = o.every_key.emplace_back();
    for (const std::string& v : *lists[g]) keys.push_back(index_key(list_kinds[g], v));
  }
  if (!c.pvc_labels.empty()) {
    std::vector<std::string>& keys = o.one_key.emplace_back();
    for (const auto& [k, v] : c.pvc_labels) keys.push_back(index_key('l', k, v));
  }
  if (c.nfs) {
    if (!c.nfs->server.empty()) o.one_key.push_back({index_key('N', c.nfs->server)});
    if (!c.nfs->path.empty()) o.one_key.push_back({index_key('P', c.nfs->path)});
    if (c.nfs->server.empty() && c.nfs->path.empty()) o.one_key.push_back({index_key('A')});
  }
  if (c.csi) {
    if (c.csi->driver.empty()) {
      o.one_key.push_back({index_key('C')});
    } else {
      o.one_key.push_back({index_key('D', c.csi->driver)});
      if (c.csi->volume_attributes && !c.csi->volume_attributes->empty()) {
        std::vector<std::string>& keys = o.one_key.emplace_back();
        for (const auto& [k, v] : *c.csi->volume_attributes) keys.push_back(index_key('a', k, v));
      }
    }
  }
  if (!c.pvc_volume_mode.empty()) o.one_key.push_back({index_key('M', c.pvc_volume_mode)});
  if (!c.pvc_access_modes.empty()) o.one_key.push_back({access_modes_key(c.pvc_access_modes)});
  return o;
}

/// The earlier policies that may imply each later one, found by index instead of by trying
/// every pair: each live policy is filed under the keys of one of its conditions (the rarest,
/// so that no key gathers many policies), and a later policy looks up the keys an implying
/// policy must be filed under. Policies with no condition but capacity are tried one by one,
/// on the quick test only.
class shadow_index {
 public:
  explicit shadow_index(const std::vector<const policy::volume_policy*>& list) {
    for (const policy::volume_policy* p : list) {
      const filing_options o = filing_of(p->conditions);
      for (const auto& keys : o.every_key)
        for (const std::string& k : keys) ++frequency_[k];
      for (const auto& keys : o.one_key)
        for (const std::string& k : keys) ++frequency_[k];
    }
  }

  /// Files policy `i` (live, after every earlier one).
  void add(std::uint32_t i, const policy::volume_conditions& c) {
    const filing_options o = filing_of(c);
    const std::vector<std::string>* best = nullptr;
    const std::string* best_one = nullptr;
    std::size_t best_cost = std::numeric_limits<std::size_t>::max();
    const auto rarest = [&](const std::vector<std::string>& keys) {
      const std::string* r = &keys.front();
      for (const std::string& k : keys)
        if (frequency_[k] < frequency_[*r]) r = &k;
      return r;
    };
    for (const auto& keys : o.every_key)
      if (const std::string* r = rarest(keys); frequency_[*r] < best_cost) {
        best_cost = frequency_[*r];
        best = &keys;
        best_one = nullptr;
      }
    for (const auto& keys : o.one_key)
      if (const std::string* r = rarest(keys); frequency_[*r] < best_cost) {
        best_cost = frequency_[*r];
        best = nullptr;
        best_one = r;
      }
    if (best_one != nullptr) {
      buckets_[*best_one].push_back(i);
    } else if (best != nullptr) {
      for (const std::string& k : *best) {
        std::vector<std::uint32_t>& b = buckets_[k];
        if (b.empty() || b.back() != i) b.push_back(i);  // a value listed twice
      }
    } else {
      capacity_only_.push_back(i);
    }
  }

  /// Calls `try_one(bucket)` with every list of earlier policies (ascending) that may imply a
  /// policy with conditions `c`.
  template <class F>
  void candidates(const policy::volume_conditions& c, F&& try_one) const {
    try_one(capacity_only_);
    const char list_kinds[] = {'s', 't', 'p', 'n'};
    const auto lists = lists_of(c);
    for (std::size_t g = 0; g < lists.size(); ++g) {
      // Later's values must all be in earlier's list: any one of them finds earlier; the
      // value with the fewest policies filed under it.
      const std::vector<std::uint32_t>* smallest = nullptr;
      for (const std::string& v : *lists[g]) {
        const std::vector<std::uint32_t>* b = find(index_key(list_kinds[g], v));
        if (b == nullptr) {
          smallest = nullptr;
          break;
        }
        if (smallest == nullptr || b->size() < smallest->size()) smallest = b;
      }
      if (smallest != nullptr) try_one(*smallest);
    }
    for (const auto& [k, v] : c.pvc_labels) look(index_key('l', k, v), try_one);
    if (c.nfs) {
      look(index_key('N', c.nfs->server), try_one);
      look(index_key('P', c.nfs->path), try_one);
      look(index_key('A'), try_one);
    }
    if (c.csi) {
      look(index_key('C'), try_one);
      look(index_key('D', c.csi->driver), try_one);
      if (c.csi->volume_attributes)
        for (const auto& [k, v] : *c.csi->volume_attributes) look(index_key('a', k, v), try_one);
    }
    if (!c.pvc_volume_mode.empty()) look(index_key('M', c.pvc_volume_mode), try_one);
    if (!c.pvc_access_modes.empty()) look(access_modes_key(c.pvc_access_modes), try_one);
  }

 private:
  [[nodiscard]] const std::vector<std::uint32_t>* find(const std::string& key) const {
    const auto it = buckets_.find(key);
    return it == buckets_.end() ? nullptr : &it->second;
  }
  template <class F>
  void look(const std::string& key, F& try_one) const {
    if (const std::vector<std::uint32_t>* b = find(key)) try_one(*b);
  }

  std::unordered_map<std::string, std::size_t> frequency_;
  std::unordered_map<std::string, std::vector<std::uint32_t>> buckets_;
  std::vector<std::uint32_t> capacity_only_;
};

void report_shadowed(context& c, const policy::volume_policy& later, const policy::volume_policy& earlier) {
  const char* how = is_catch_all(earlier.conditions)                        ? "matches every volume (no conditions)"
                    : same_conditions(later.conditions, earlier.conditions) ? "has the same conditions"
                                                                            : "matches every volume it matches";
  const bool across = earlier.scope != later.scope;
  c.add(rule_id::unreachable_policy, later, later.mark, policy_path(later),
        fmt::format("{} is never reached: {} {}", label(later), label(earlier), how),
        across ? fmt::format("the backup's policies come before the global ones; narrow {}", short_label(earlier))
               : fmt::format("move it before {}, or narrow {}", short_label(earlier), short_label(earlier)))
      .never_matches = true;
}

}  // namespace

void check_unreachable_policies(context& c) { check_unreachable_policies_within(c, unreachable_exact_test_budget); }

void check_unreachable_policies_within(context& c, const std::size_t budget_given) {
  const auto& list = c.policies();
  const std::vector<policy_shape> shapes = shapes_of(list);
  shadow_index index(list);
  std::size_t budget = budget_given;
  for (std::size_t j = 0; j < list.size(); ++j) {
    const policy::volume_policy& later = *list[j];
    if (c.said_never_matches(later)) continue;
    // The first live earlier policy that implies `later` (as trying every pair in order finds).
    std::size_t first = j;
    bool out_of_budget = false;
    index.candidates(later.conditions, [&](const std::vector<std::uint32_t>& bucket) {
      for (const std::uint32_t i : bucket) {
        if (i >= first || out_of_budget) return;
        if (!may_imply(shapes[j], shapes[i])) continue;
        if (budget == 0) {
          out_of_budget = true;
          return;
        }
        --budget;
        if (conditions_implied(later.conditions, list[i]->conditions)) {
          first = i;
          return;
        }
      }
    });
    if (out_of_budget) {
      const std::size_t rest = list.size() - j - 1;
      c.add(rule_id::unreachable_policy, later, later.mark, policy_path(later),
            fmt::format("{}{} not checked for being unreachable: the check stops after {} pairs of policies whose "
                        "conditions may overlap",
                        label(later),
                        rest == 0   ? " is"
                        : rest == 1 ? " and the 1 policy after it are"
                                    : fmt::format(" and the {} policies after it are", rest),
                        budget_given),
            "make the policies' conditions more distinct, or split the document");
      return;
    }
    if (first < j) report_shadowed(c, later, *list[first]);
    else index.add(static_cast<std::uint32_t>(j), later.conditions);
  }
}

}  // namespace volpol::lint::detail
