#include "volpol/plan/skipped_pv_tracker.h"

namespace volpol::plan {

void skipped_pv_tracker::track(const std::string& key, std::string_view approach, std::string_view reason) {
  if (key.empty() || reason.empty() || included_.count(key) != 0) return;
  if (approach.empty()) approach = any_approach;
  reasons_[key][std::string(approach)] = std::string(reason);
}

void skipped_pv_tracker::untrack(const std::string& key) {
  if (key.empty()) return;
  included_.insert(key);
  reasons_.erase(key);
}

bool skipped_pv_tracker::is_skipped(const std::string& key) const {
  const auto it = reasons_.find(key);
  return it != reasons_.end() && !it->second.empty();
}

std::string skipped_pv_tracker::serialized_reasons(const std::string& key) const {
  std::string out;
  const auto it = reasons_.find(key);
  if (it == reasons_.end()) return out;
  for (const auto& [approach, reason] : it->second) out += approach + ": " + reason + ";";
  return out;
}

std::string skipped_pv_tracker::key_for(std::string_view pv_name, std::string_view pvc_namespace,
                                        std::string_view pvc_name) {
  if (!pv_name.empty()) return "pv:" + std::string(pv_name);
  if (!pvc_name.empty() && !pvc_namespace.empty())
    return "pvc:" + std::string(pvc_namespace) + "/" + std::string(pvc_name);
  return {};
}

}  // namespace volpol::plan
