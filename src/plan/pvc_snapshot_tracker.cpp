#include "pvc_snapshot_tracker.h"

#include <algorithm>
#include <cstdint>
#include <functional>

namespace volpol::plan {

/// The hash of the text `namespace/name` (so a key split elsewhere hashes the same): made in a
/// buffer on the stack when it fits (names are at most 253 characters), else FNV-1a.
std::size_t pvc_snapshot_tracker::claim_key_hash::operator()(const claim_key& k) const noexcept {
  const std::size_t n = k.ns.size() + 1 + k.name.size();
  if (char text[512]; n <= sizeof text) {
    std::copy(k.ns.begin(), k.ns.end(), text);  // (memcpy takes no null pointer, even for 0 bytes)
    text[k.ns.size()] = '/';
    std::copy(k.name.begin(), k.name.end(), text + k.ns.size() + 1);
    return std::hash<std::string_view>{}(std::string_view(text, n));
  }
  std::uint64_t h = 0xcbf29ce484222325ULL;
  const auto add = [&h](unsigned char c) { h = (h ^ c) * 0x100000001b3ULL; };
  for (const char c : k.ns) add(static_cast<unsigned char>(c));
  add('/');
  for (const char c : k.name) add(static_cast<unsigned char>(c));
  return static_cast<std::size_t>(h);
}

bool pvc_snapshot_tracker::claim_key_equal::operator()(const claim_key& a, const claim_key& b) const noexcept {
  if (a.ns.size() == b.ns.size()) return a.ns == b.ns && a.name == b.name;
  if (a.ns.size() + a.name.size() != b.ns.size() + b.name.size()) return false;
  // The same text split elsewhere: compare `ns/name` character by character.
  const auto at = [](const claim_key& k, std::size_t i) {
    return i < k.ns.size() ? k.ns[i] : i == k.ns.size() ? '/' : k.name[i - k.ns.size() - 1];
  };
  for (std::size_t i = 0; i <= a.ns.size() + a.name.size(); ++i)
    if (at(a, i) != at(b, i)) return false;
  return true;
}

void pvc_snapshot_tracker::record(const k8s::pod& pod, const k8s::pod_volume& v, status to, status from) {
  if (!v.sources.has(k8s::volume_source::persistent_volume_claim)) return;
  entry& e = pvcs_[claim_key{pod.metadata.namespace_, v.sources.claim_name}];
  e.pod = &pod;  // Velero records the pod whatever the transition
  if (e.st == from) e.st = to;
}

const k8s::pod* pvc_snapshot_tracker::opted_out_by_pod(std::string_view ns, std::string_view name) const {
  const entry* e = pvcs_.find(claim_key{ns, name});
  if (e == nullptr || e->st != status::opted_out) return nullptr;
  return e->pod;
}

bool pvc_snapshot_tracker::taken_for_pod_volume(const k8s::pod& pod, const k8s::pod_volume& v) const {
  if (!v.sources.has(k8s::volume_source::persistent_volume_claim)) return false;
  return status_of(pod.metadata.namespace_, v.sources.claim_name) == status::taken;
}

pvc_snapshot_tracker::status pvc_snapshot_tracker::status_of(std::string_view ns, std::string_view name) const {
  const entry* e = pvcs_.find(claim_key{ns, name});
  return e == nullptr ? status::not_tracked : e->st;
}

}  // namespace volpol::plan
