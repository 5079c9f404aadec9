// The `pvcVolumeMode` condition. Mirrors `pvcVolumeModeCondition.match` (velero
// volume_resources.go): unknown modes are accepted and compared, for forward compatibility.
#include "text_equal.h"
#include "volpol/detail/policy/volume_conditions.h"

namespace volpol::policy {

bool pvc_volume_mode_condition_matches(std::string_view c, const structured_volume& v) {
  return c.empty() || detail::text_equal(v.pvc_volume_mode, c);
}

}  // namespace volpol::policy
