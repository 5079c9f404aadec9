// The BackupVolumeInfo writer: Velero's field names, omitempty rules and Go's JSON encoding.
#include <gtest/gtest.h>

#include "volpol/plan/backup_volume_info.h"

using namespace volpol;
using namespace volpol::plan;

TEST(backup_volume_info, skipped_pv_has_no_method_and_keeps_the_false_booleans) {
  backup_volume_info v;
  v.pvc_name = "data";
  v.pvc_namespace = "ns";
  v.pv_name = "pv-1";
  v.skipped = true;
  v.skipped_reason = "volumeSnapshot: no applicable volumesnapshotter found;";
  v.pv = pv_info{"Delete", {}};
  EXPECT_EQ(render_backup_volume_infos({v}),
            "[{\"pvcName\":\"data\",\"pvcNamespace\":\"ns\",\"pvName\":\"pv-1\",\"snapshotDataMoved\":false,"
            "\"preserveLocalSnapshot\":false,\"skipped\":true,\"skippedReason\":\"volumeSnapshot: no applicable "
            "volumesnapshotter found;\",\"pvInfo\":{\"reclaimPolicy\":\"Delete\",\"labels\":null}}]\n");
}

TEST(backup_volume_info, nested_infos_in_velero_order_with_their_omitempty_rules) {
  backup_volume_info v;
  v.backup_method = std::string(csi_snapshot_method);
  v.snapshot_data_moved = true;
  v.csi_snapshot = csi_snapshot_info{};
  v.csi_snapshot->driver = "ebs.csi.aws.com";
  v.csi_snapshot->ready_to_use = true;
  v.snapshot_data_movement = snapshot_data_movement_info{};
  v.snapshot_data_movement->data_mover = "velero-fs";
  v.snapshot_data_movement->uploader_type = "kopia";
  v.snapshot_data_movement->incremental_size = 7;
  v.pvb = pod_volume_info{};  // not Velero's combination, but every writer at once
  v.pvb->volume_name = "data";
  v.pv = pv_info{"Retain", k8s::string_map({{"b", "2"}, {"a", "1"}})};
  EXPECT_EQ(
      render_backup_volume_infos({v}),
      "[{\"backupMethod\":\"CSISnapshot\",\"snapshotDataMoved\":true,\"preserveLocalSnapshot\":false,"
      "\"skipped\":false,"
      "\"csiSnapshotInfo\":{\"snapshotHandle\":\"\",\"size\":0,\"driver\":\"ebs.csi.aws.com\",\"vscName\":\"\","
      "\"ReadyToUse\":true},"
      "\"snapshotDataMovementInfo\":{\"dataMover\":\"velero-fs\",\"uploaderType\":\"kopia\",\"snapshotHandle\":\"\","
      "\"operationID\":\"\",\"size\":0,\"incrementalSize\":7,\"Phase\":\"\"},"
      "\"pvbInfo\":{\"uploaderType\":\"\",\"volumeName\":\"data\",\"podName\":\"\",\"podNamespace\":\"\","
      "\"Phase\":\"\"},"
      "\"pvInfo\":{\"reclaimPolicy\":\"Retain\",\"labels\":{\"a\":\"1\",\"b\":\"2\"}}}]\n");
}

TEST(backup_volume_info, strings_are_escaped_as_go_json_encoder_does) {
  backup_volume_info v;
  v.skipped_reason = "a<b>&\"c\"\\\n\t\x01\u2028";
  const std::string out = render_backup_volume_infos({v});
  EXPECT_NE(out.find("\"skippedReason\":\"a\\u003cb\\u003e\\u0026\\\"c\\\"\\\\\\n\\t\\u0001\\u2028\""),
            std::string::npos)
      << out;
}

TEST(backup_volume_info, an_empty_plan_is_an_empty_array) {
  EXPECT_EQ(render_backup_volume_infos({}), "[]\n");
  plan_result empty;
  k8s::cluster c;
  EXPECT_TRUE(backup_volume_infos(empty, c).empty());
}
