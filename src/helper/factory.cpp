// make_volume_helper: policy files → policies → volume_helper
// (resourcepolicies.GetResourcePoliciesFromBackupWithGlobal + NewVolumeHelperImpl...).
#include "volpol/helper/factory.h"

#include "volpol/policy/backup_policies.h"

namespace volpol::helper {

result<volume_helper> make_volume_helper(const policy_files& files, const helper_options& options,
                                         const k8s::cluster& cluster) {
  if (files.policy_file.empty() && files.global_policy_file.empty())
    return volume_helper(static_cast<const policy::policies*>(nullptr), options, cluster);
  const policy::loaded_policies loaded = policy::load_backup_policies(
      {.policy_file = files.policy_file, .global_policy_file = files.global_policy_file, .validate = files.validate});
  for (const diagnostic& d : loaded.problems)
    if (d.level == severity::error) return d;
  return volume_helper(policy::merged_policies(loaded), options, cluster);
}

}  // namespace volpol::helper
