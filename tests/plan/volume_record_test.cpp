// volume_record (volpol/plan/volume_record.h): what few records have (snapshot class, data
// mover, location, skipped reasons, errors, trace) reads back as set, from one pointer; copies
// are deep; the volume type is one byte that gives back every volumeTypes name.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "volpol/detail/policy/structured_volume.h"
#include "volpol/plan/volume_record.h"

using namespace volpol;
using namespace volpol::plan;

TEST(volume_record, a_new_record_has_nothing_rare) {
  const volume_record r;
  EXPECT_TRUE(r.data_mover().empty());
  EXPECT_TRUE(r.snapshot_class().empty());
  EXPECT_TRUE(r.snapshot_location().empty());
  EXPECT_TRUE(r.errors().empty());
  EXPECT_TRUE(r.steps().empty());
  EXPECT_FALSE(r.error());
  EXPECT_TRUE(skipped_reasons_of(r).empty());
  EXPECT_TRUE(r.volume_type().empty());
}

TEST(volume_record, rare_fields_read_back) {
  volume_record r;
  r.set_snapshot_class("vsc-gold");
  r.set_data_mover("velero-block");
  r.set_snapshot_location("aws-east");
  volume_error e1;
  e1.kind = volume_error_kind::pv_not_found;
  e1.name = "pv-1";
  volume_error e2;
  e2.kind = volume_error_kind::pvc_without_storage_class;
  r.add_error(e1);
  r.add_error(e2);
  volume_decision s1;
  s1.kind = reason_kind::fs_backup_declined;
  s1.step = step_kind::should_perform_fs_backup;
  volume_decision s2;
  s2.kind = reason_kind::csi_snapshot;
  s2.step = step_kind::csi_volume_helper;
  r.add_step(s1);
  r.add_step(s2);
  skipped_reasons why;
  why.cause[static_cast<std::size_t>(skip_approach::csi_snapshot)] = skip_cause::not_csi_volume;
  r.set_skipped_reasons(why);

  EXPECT_EQ(r.snapshot_class(), "vsc-gold");
  EXPECT_EQ(r.data_mover(), "velero-block");
  EXPECT_EQ(r.snapshot_location(), "aws-east");
  ASSERT_EQ(r.errors().size(), 2U);
  EXPECT_EQ(r.errors()[0].kind, volume_error_kind::pv_not_found);
  EXPECT_EQ(r.errors()[0].name, "pv-1");
  EXPECT_EQ(r.errors()[1].kind, volume_error_kind::pvc_without_storage_class);
  EXPECT_TRUE(r.error());
  ASSERT_EQ(r.steps().size(), 2U);
  EXPECT_EQ(r.steps()[0].kind, reason_kind::fs_backup_declined);
  EXPECT_EQ(r.steps()[1].step, step_kind::csi_volume_helper);
  EXPECT_EQ(skipped_reasons_of(r).cause[static_cast<std::size_t>(skip_approach::csi_snapshot)],
            skip_cause::not_csi_volume);
  EXPECT_EQ(skipped_reasons_of(r).cause[static_cast<std::size_t>(skip_approach::any)], skip_cause::none);

  // Setting one field again leaves the others.
  r.set_snapshot_class("");
  EXPECT_TRUE(r.snapshot_class().empty());
  EXPECT_EQ(r.data_mover(), "velero-block");
  EXPECT_EQ(r.errors().size(), 2U);
}

TEST(volume_record, copies_are_deep) {
  volume_record a;
  a.set_snapshot_class("vsc-1");
  volume_error e;
  e.kind = volume_error_kind::pv_not_found;
  a.add_error(e);
  const volume_record b = a;
  a.set_snapshot_class("vsc-2");
  a.add_error(e);
  EXPECT_EQ(b.snapshot_class(), "vsc-1");
  EXPECT_EQ(b.errors().size(), 1U);
  EXPECT_EQ(a.snapshot_class(), "vsc-2");
  EXPECT_EQ(a.errors().size(), 2U);
}

TEST(volume_record, every_volume_type_name_reads_back) {
  std::vector<std::string> names;
  for (std::string_view n : policy::supported_volume_types()) names.emplace_back(n);
  ASSERT_FALSE(names.empty());
  for (const std::string& n : names) {
    volume_record r;
    r.set_volume_type(n);
    EXPECT_EQ(r.volume_type(), n);
    EXPECT_EQ(r.volume_type().c_str()[n.size()], '\0');  // a view of a whole name
  }
}

TEST(volume_record, unknown_or_empty_volume_type_is_none) {
  volume_record r;
  r.set_volume_type("csi");
  ASSERT_EQ(r.volume_type(), "csi");
  r.set_volume_type("");
  EXPECT_TRUE(r.volume_type().empty());
  r.set_volume_type("nfs");
  r.set_volume_type("notAType");
  EXPECT_TRUE(r.volume_type().empty());
}

TEST(volume_record, stays_small) { EXPECT_LE(sizeof(volume_record), 144U); }
