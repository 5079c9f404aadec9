// VP207: a Block PVC whose CSI snapshot is moved by the file-system data mover (velero-io/velero#10302).
#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <set>

#include "cluster_objects.h"

namespace volpol::lint::detail {

void check_block_data_movement(context& c) {
  const lint_input& in = c.input();
  for (const plan::volume_record& r : in.plan->volumes) {
    if (r.method != plan::backup_method::csi_snapshot || !r.snapshot_data_moved) continue;
    if (!policy::is_velero_fs_data_mover(r.data_mover())) continue;  // velero-block, or a third-party mover
    const record_objects o = objects_of(*in.cluster, r);
    if (o.pvc == nullptr || !o.pvc->volume_mode || *o.pvc->volume_mode != "Block") continue;
    c.add_object(rule_id::block_data_movement, object_of(r),
                 fmt::format("the CSI snapshot of this Block PVC is moved by the file-system data mover `{}`, which "
                             "cannot read a block device",
                             r.data_mover().empty() ? std::string_view(policy::data_mover_velero)
                                                    : r.data_mover().view()),
                 "add a snapshot policy for Block volumes with `dataMover: velero-block` (`pvcVolumeMode: Block`)",
                 r.policy);
  }
}

}  // namespace volpol::lint::detail
