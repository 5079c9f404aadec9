// Action type names and the snapshot parameters: Velero `Action.GetDataMover`,
// `Action.GetSnapshotClass` and pkg/util/datamover.
#include <gtest/gtest.h>

#include <optional>

#include "volpol/policy/action.h"

namespace volpol::policy {
namespace {

action make_action(std::string_view type, std::optional<value> params = std::nullopt) {
  action a;
  a.type_string = std::string(type);
  a.type = action_type_from_string(type);
  if (params) a.parameters = *params;
  return a;
}

value params(std::vector<value::entry> entries) { return value::make_mapping(std::move(entries)); }

TEST(action, type_names_round_trip) {
  for (action_type t : {action_type::skip, action_type::snapshot, action_type::fs_backup, action_type::custom}) {
    EXPECT_EQ(action_type_from_string(to_string(t)), t);
  }
  EXPECT_EQ(to_string(action_type::fs_backup), "fs-backup");
  EXPECT_EQ(action_type_from_string("Skip"), action_type::other);
  EXPECT_EQ(action_type_from_string("fs_backup"), action_type::other);
  EXPECT_EQ(make_action("copy").type_name(), "copy");
}

TEST(action, data_mover) {
  struct row {
    std::optional<value> parameters;
    std::optional<std::string> mover;  // nullopt: error
  };
  const row rows[] = {
      {std::nullopt, "velero-fs"},
      {params({}), "velero-fs"},
      {params({{"other", value::make_string("x")}}), "velero-fs"},
      {params({{"dataMover", value::make_string("velero")}}), "velero-fs"},
      {params({{"dataMover", value::make_string("")}}), "velero-fs"},
      {params({{"dataMover", value::make_string("velero-fs")}}), "velero-fs"},
      {params({{"dataMover", value::make_string("velero-block")}, {"snapshotClass", value::make_int(1)}}),
       "velero-block"},
      {params({{"dataMover", value::make_int(123)}}), std::nullopt},
      {params({{"dataMover", value::make_bool(true)}}), std::nullopt},
      {params({{"dataMover", value()}}), std::nullopt},
      {params({{"dataMover", value::make_string("unknown")}}), std::nullopt},
      {params({{"dataMover", value::make_string("Velero-FS")}}), std::nullopt},
      {params({{"dataMover", value::make_string(" velero-fs")}}), std::nullopt},
  };
  for (const auto& [parameters, mover] : rows) {
    SCOPED_TRACE(parameters ? parameters->to_string() : "no parameters");
    const auto got = make_action("snapshot", parameters).data_mover();
    ASSERT_EQ(got.ok(), mover.has_value()) << (got.ok() ? got.value() : got.error()->message);
    if (mover) {
      EXPECT_EQ(got.value(), *mover);
    }
  }
  const auto fs = make_action("fs-backup", params({{"dataMover", value::make_string("velero-fs")}})).data_mover();
  ASSERT_FALSE(fs.ok());
  EXPECT_NE(fs.error()->message.find("dataMover"), std::string::npos);
  EXPECT_FALSE(make_action("skip").data_mover().ok());
}

TEST(action, snapshot_class) {
  EXPECT_EQ(make_action("snapshot").snapshot_class().value(), "");
  EXPECT_EQ(make_action("snapshot", params({})).snapshot_class().value(), "");
  EXPECT_EQ(make_action("snapshot", params({{"snapshotClass", value::make_string("my-vsc")},
                                            {"dataMover", value::make_string("unknown")}}))
                .snapshot_class()
                .value(),
            "my-vsc");
  EXPECT_EQ(make_action("snapshot", params({{"snapshotClass", value::make_string("123")}})).snapshot_class().value(),
            "123");
  EXPECT_FALSE(make_action("snapshot", params({{"snapshotClass", value::make_int(123)}})).snapshot_class().ok());
  EXPECT_FALSE(make_action("snapshot", params({{"snapshotClass", value()}})).snapshot_class().ok());
  EXPECT_FALSE(make_action("custom", params({{"snapshotClass", value::make_string("x")}})).snapshot_class().ok());
  EXPECT_FALSE(make_action("skip").snapshot_class().ok());
}

TEST(action, valid_data_movers) {
  for (std::string_view ok : {"", "velero", "velero-fs", "velero-block"}) {
    EXPECT_TRUE(is_valid_data_mover(ok)) << ok;
  }
  for (std::string_view bad : {"Velero", "velero-fs ", "my-company/mover", "kopia"}) {
    EXPECT_FALSE(is_valid_data_mover(bad)) << bad;
  }
}

}  // namespace
}  // namespace volpol::policy
