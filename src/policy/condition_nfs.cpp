// The `nfs` condition. Mirrors `nfsCondition.match` (velero volume_resources.go).
#include "text_equal.h"
#include "volpol/detail/policy/volume_conditions.h"

namespace volpol::policy {

bool nfs_condition_matches(const std::optional<nfs_condition>& c, const structured_volume& v) {
  if (!c) return true;
  if (!v.nfs) return false;
  if (!c->server.empty() && !detail::text_equal(c->server, v.nfs->server)) return false;
  if (!c->path.empty() && !detail::text_equal(c->path, v.nfs->path)) return false;
  return true;  // `nfs: {}` matches any NFS volume
}

}  // namespace volpol::policy
