// make_volume_helper: policy files → policies → volume_helper
// (resourcepolicies.GetResourcePoliciesFromBackupWithGlobal + NewVolumeHelperImpl...).
#include "volpol/helper/factory.h"

#include <memory>

#include "volpol/policy/document.h"
#include "volpol/policy/policies.h"

namespace volpol::helper {

namespace {

/// Loads and builds one file; validates it when asked (the first error is returned).
result<policy::policies> load_policies(const std::string& path, policy::policy_origin origin, bool validate) {
  auto doc = policy::load_policy_file(path);
  if (const diagnostic* e = doc.error()) return *e;
  auto built = policy::policies::build(doc.value(), origin);
  if (const diagnostic* e = built.error()) return *e;
  if (validate) {
    const diagnostics problems = built.value().validate();
    for (const diagnostic& d : problems)
      if (d.level == severity::error) return d;
  }
  return built;
}

}  // namespace

result<volume_helper> make_volume_helper(const policy_files& files, const helper_options& options,
                                         const k8s::cluster& cluster) {
  if (files.policy_file.empty() && files.global_policy_file.empty())
    return volume_helper(static_cast<const policy::policies*>(nullptr), options, cluster);
  std::optional<policy::policies> merged;
  if (!files.policy_file.empty()) {
    auto own = load_policies(files.policy_file, policy::policy_origin::backup, files.validate);
    if (const diagnostic* e = own.error()) return *e;
    merged = std::move(own).value();
  }
  if (!files.global_policy_file.empty()) {
    auto global = load_policies(files.global_policy_file, policy::policy_origin::global, files.validate);
    if (const diagnostic* e = global.error()) return *e;
    if (merged) merged->merge_global(global.value());
    else merged = std::move(global).value();
  }
  return volume_helper(std::make_shared<const policy::policies>(std::move(*merged)), options, cluster);
}

}  // namespace volpol::helper
