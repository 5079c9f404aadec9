// Document rules (VP100-VP122): each triggered, and a close case that is not.
#include <gtest/gtest.h>

#include "lint_fixture.h"

using volpol::lint::rule_id;
using volpol::testing::lint_policy;
using volpol::testing::lint_texts;

namespace {

std::string one_policy(const std::string& conditions, const std::string& action = "type: skip") {
  return "version: v1\nvolumePolicies:\n- conditions:\n" + conditions + "  action:\n    " + action + "\n";
}

}  // namespace

// ---- VP100 velero-warning ------------------------------------------------------------------
TEST(lint_velero_warning, global_policy_with_include_exclude_is_reported) {
  auto r = lint_texts(
      {.global_policy = "version: v1\nvolumePolicies:\n- conditions: {pvcPhase: [Pending]}\n  action: "
                        "{type: skip}\nincludeExcludePolicy:\n  includedNamespaceScopedResources: [pods]\n"});
  ASSERT_EQ(r->of(rule_id::velero_warning).size(), 1u) << r->dump();
  EXPECT_EQ(r->of(rule_id::velero_warning)[0].file, "g.yaml");
}
TEST(lint_velero_warning, global_policy_with_volume_policies_only_is_clean) {
  auto r = lint_texts(
      {.global_policy = "version: v1\nvolumePolicies:\n- conditions: {pvcPhase: [Pending]}\n  action: {type: skip}\n"});
  EXPECT_TRUE(r->findings.empty()) << r->dump();
}

// ---- VP101 unknown-volume-type ----------------------------------------------------------------
TEST(lint_unknown_volume_type, wrong_case_gets_did_you_mean_and_position) {
  auto r = lint_policy(one_policy("    volumeTypes: [nfs, emptydir]\n"));
  const auto f = r->of(rule_id::unknown_volume_type);
  ASSERT_EQ(f.size(), 1u) << r->dump();
  EXPECT_EQ(f[0].file, "p.yaml");
  EXPECT_EQ(f[0].line, 4u);
  EXPECT_EQ(f[0].column, 24u);
  EXPECT_EQ(f[0].path, "volumePolicies[0].conditions.volumeTypes[1]");
  EXPECT_EQ(f[0].help, "did you mean `emptyDir`?");
  EXPECT_EQ(f[0].severity, volpol::lint::level::error);
  EXPECT_NE(f[0].message.find("this entry never matches"), std::string::npos) << f[0].message;
}
TEST(lint_unknown_volume_type, every_entry_wrong_means_the_policy_never_matches) {
  auto r = lint_policy(one_policy("    volumeTypes: [configmap]\n"));
  const auto f = r->of(rule_id::unknown_volume_type);
  ASSERT_EQ(f.size(), 1u) << r->dump();
  EXPECT_EQ(f[0].help, "did you mean `configMap`?");
  EXPECT_NE(f[0].message.find("volumePolicies[0] (skip) never matches"), std::string::npos) << f[0].message;
}
TEST(lint_unknown_volume_type, pvc_and_aws_azure_disk_get_their_own_help) {
  auto r = lint_policy(one_policy("    volumeTypes: [pvc, awsAzureDisk]\n"));
  const auto f = r->of(rule_id::unknown_volume_type);
  ASSERT_EQ(f.size(), 2u) << r->dump();
  EXPECT_NE(f[0].help.find("PV's type"), std::string::npos) << f[0].help;
  EXPECT_NE(f[1].help.find("azureDisk"), std::string::npos) << f[1].help;
}
TEST(lint_unknown_volume_type, velero_spellings_are_clean) {
  auto r = lint_policy(one_policy("    volumeTypes: [emptyDir, configMap, csi, storageOS]\n"));
  EXPECT_FALSE(r->has(rule_id::unknown_volume_type)) << r->dump();
}

// ---- VP102 unknown-pvc-phase ------------------------------------------------------------------
TEST(lint_unknown_pvc_phase, lower_case_phase_is_reported) {
  auto r = lint_policy(one_policy("    pvcPhase: [bound]\n"));
  const auto f = r->of(rule_id::unknown_pvc_phase);
  ASSERT_EQ(f.size(), 1u) << r->dump();
  EXPECT_EQ(f[0].help, "did you mean `Bound`?");
}
TEST(lint_unknown_pvc_phase, pv_phase_is_explained) {
  auto r = lint_policy(one_policy("    pvcPhase: [Released]\n"));
  ASSERT_EQ(r->of(rule_id::unknown_pvc_phase).size(), 1u) << r->dump();
  EXPECT_NE(r->of(rule_id::unknown_pvc_phase)[0].help.find("PersistentVolume phase"), std::string::npos);
}
TEST(lint_unknown_pvc_phase, pvc_phases_are_clean) {
  auto r = lint_policy(one_policy("    pvcPhase: [Pending, Bound, Lost]\n"));
  EXPECT_TRUE(r->findings.empty()) << r->dump();
}

// ---- VP103 unknown-access-mode ----------------------------------------------------------------
TEST(lint_unknown_access_mode, abbreviation_is_spelled_out) {
  auto r = lint_policy(one_policy("    pvcAccessModes: [ReadWriteMany, RWO]\n"));
  const auto f = r->of(rule_id::unknown_access_mode);
  ASSERT_EQ(f.size(), 1u) << r->dump();
  EXPECT_EQ(f[0].help, "did you mean `ReadWriteOnce`?");
  // The PVC's set must equal the condition's: one unknown mode and the policy never matches.
  EXPECT_NE(f[0].message.find("never matches"), std::string::npos);
  EXPECT_EQ(f[0].message.find("this entry"), std::string::npos) << f[0].message;
}
TEST(lint_unknown_access_mode, kubernetes_modes_are_clean) {
  auto r = lint_policy(one_policy("    pvcAccessModes: [ReadWriteOnce, ReadWriteOncePod]\n"));
  EXPECT_TRUE(r->findings.empty()) << r->dump();
}

// ---- VP104 unknown-volume-mode ----------------------------------------------------------------
TEST(lint_unknown_volume_mode, lower_case_block_is_reported_at_the_value) {
  auto r = lint_policy(one_policy("    pvcVolumeMode: block\n"));
  const auto f = r->of(rule_id::unknown_volume_mode);
  ASSERT_EQ(f.size(), 1u) << r->dump();
  EXPECT_EQ(f[0].help, "did you mean `Block`?");
  EXPECT_EQ(f[0].line, 4u);
  EXPECT_EQ(f[0].column, 20u);
}
TEST(lint_unknown_volume_mode, block_is_clean) {
  auto r = lint_policy(one_policy("    pvcVolumeMode: Block\n"));
  EXPECT_TRUE(r->findings.empty()) << r->dump();
}

// ---- VP110 unreachable-policy -----------------------------------------------------------------
TEST(lint_unreachable_policy, catch_all_first_shadows_everything_after_it) {
  auto r = lint_policy(
      "version: v1\nvolumePolicies:\n- conditions: {}\n  action: {type: fs-backup}\n"
      "- conditions:\n    csi: {}\n  action: {type: snapshot}\n");
  const auto f = r->of(rule_id::unreachable_policy);
  ASSERT_EQ(f.size(), 1u) << r->dump();
  EXPECT_EQ(f[0].line, 5u);
  EXPECT_EQ(f[0].path, "volumePolicies[1]");
  EXPECT_EQ(f[0].message,
            "volumePolicies[1] (snapshot) is never reached: volumePolicies[0] (fs-backup) matches every "
            "volume (no conditions)");
}
TEST(lint_unreachable_policy, catch_all_last_is_clean) {
  auto r = lint_policy(
      "version: v1\nvolumePolicies:\n- conditions:\n    csi: {}\n  action: {type: snapshot}\n"
      "- conditions: {}\n  action: {type: fs-backup}\n");
  EXPECT_TRUE(r->findings.empty()) << r->dump();
}
TEST(lint_unreachable_policy, superset_storage_class_list) {
  auto r = lint_policy(
      "version: v1\nvolumePolicies:\n- conditions: {storageClass: [a, b, c]}\n  action: {type: skip}\n"
      "- conditions: {storageClass: [b], pvcLabels: {app: db}}\n  action: {type: fs-backup}\n");
  ASSERT_EQ(r->of(rule_id::unreachable_policy).size(), 1u) << r->dump();
  EXPECT_NE(r->of(rule_id::unreachable_policy)[0].message.find("matches every volume it matches"), std::string::npos);
}
TEST(lint_unreachable_policy, overlapping_storage_class_lists_are_clean) {
  auto r = lint_policy(
      "version: v1\nvolumePolicies:\n- conditions: {storageClass: [a, b]}\n  action: {type: skip}\n"
      "- conditions: {storageClass: [b, c]}\n  action: {type: fs-backup}\n");
  EXPECT_FALSE(r->has(rule_id::unreachable_policy)) << r->dump();
}
TEST(lint_unreachable_policy, contained_capacity_range) {
  auto r = lint_policy(
      "version: v1\nvolumePolicies:\n- conditions: {capacity: '0,100Gi'}\n  action: {type: skip}\n"
      "- conditions: {capacity: '10Gi,50Gi'}\n  action: {type: fs-backup}\n");
  EXPECT_TRUE(r->has(rule_id::unreachable_policy)) << r->dump();
}
TEST(lint_unreachable_policy, overlapping_capacity_ranges_are_clean) {
  auto r = lint_policy(
      "version: v1\nvolumePolicies:\n- conditions: {capacity: '0,10Gi'}\n  action: {type: skip}\n"
      "- conditions: {capacity: '5Gi,'}\n  action: {type: fs-backup}\n");
  EXPECT_FALSE(r->has(rule_id::unreachable_policy)) << r->dump();
}
TEST(lint_unreachable_policy, same_conditions_twice) {
  auto r = lint_policy(
      "version: v1\nvolumePolicies:\n- conditions: {nfs: {server: s1}}\n  action: {type: skip}\n"
      "- conditions: {nfs: {server: s1}}\n  action: {type: fs-backup}\n");
  ASSERT_EQ(r->of(rule_id::unreachable_policy).size(), 1u) << r->dump();
  EXPECT_NE(r->of(rule_id::unreachable_policy)[0].message.find("has the same conditions"), std::string::npos);
}
TEST(lint_unreachable_policy, backup_catch_all_shadows_global_policies) {
  auto r = lint_texts(
      {.policy = "version: v1\nvolumePolicies:\n- conditions: {}\n  action: {type: fs-backup}\n",
       .global_policy = "version: v1\nvolumePolicies:\n- conditions: {pvcPhase: [Pending]}\n  action: {type: skip}\n"});
  const auto f = r->of(rule_id::unreachable_policy);
  ASSERT_EQ(f.size(), 1u) << r->dump();
  EXPECT_EQ(f[0].file, "g.yaml");
  EXPECT_NE(f[0].message.find("global volumePolicies[0] (skip) is never reached"), std::string::npos) << f[0].message;
}

// ---- VP111 contradictory-conditions -----------------------------------------------------------
TEST(lint_contradictory_conditions, pending_with_storage_class_never_matches) {
  auto r = lint_policy(one_policy("    pvcPhase: [Pending]\n    storageClass: [gp3-csi]\n"));
  const auto f = r->of(rule_id::contradictory_conditions);
  ASSERT_EQ(f.size(), 1u) << r->dump();
  EXPECT_EQ(f[0].line, 4u);
  EXPECT_NE(f[0].message.find("`storageClass` is read from the PV"), std::string::npos) << f[0].message;
}
TEST(lint_contradictory_conditions, pending_with_lower_capacity_bound) {
  auto r = lint_policy(one_policy("    pvcPhase: [Pending]\n    capacity: '1Gi,'\n"));
  EXPECT_TRUE(r->has(rule_id::contradictory_conditions)) << r->dump();
}
TEST(lint_contradictory_conditions, pending_with_capacity_that_holds_zero_is_clean) {
  auto r = lint_policy(one_policy("    pvcPhase: [Pending]\n    capacity: '0,10Gi'\n"));
  EXPECT_TRUE(r->findings.empty()) << r->dump();
}
TEST(lint_contradictory_conditions, pending_or_bound_with_storage_class_is_clean) {
  auto r = lint_policy(one_policy("    pvcPhase: [Pending, Bound]\n    storageClass: [gp3-csi]\n"));
  EXPECT_TRUE(r->findings.empty()) << r->dump();
}
TEST(lint_contradictory_conditions, csi_with_volume_types_without_csi) {
  auto r = lint_policy(one_policy("    csi: {}\n    volumeTypes: [nfs]\n"));
  EXPECT_TRUE(r->has(rule_id::contradictory_conditions)) << r->dump();
}
TEST(lint_contradictory_conditions, pod_only_types_with_pvc_labels) {
  auto r = lint_policy(one_policy("    volumeTypes: [emptyDir]\n    pvcLabels: {app: db}\n"));
  EXPECT_TRUE(r->has(rule_id::contradictory_conditions)) << r->dump();
}
TEST(lint_contradictory_conditions, csi_with_volume_types_that_list_csi_is_clean) {
  auto r = lint_policy(one_policy("    csi: {driver: ebs.csi.aws.com}\n    volumeTypes: [csi, nfs]\n"));
  EXPECT_TRUE(r->findings.empty()) << r->dump();
}

// ---- VP112 unsupported-fs-backup --------------------------------------------------------------
TEST(lint_unsupported_fs_backup, fs_backup_of_host_path_volumes) {
  auto r = lint_policy(one_policy("    volumeTypes: [hostPath]\n", "type: fs-backup"));
  const auto f = r->of(rule_id::unsupported_fs_backup);
  ASSERT_EQ(f.size(), 1u) << r->dump();
  EXPECT_EQ(f[0].path, "volumePolicies[0].action.type");
  EXPECT_EQ(f[0].line, 6u);
}
TEST(lint_unsupported_fs_backup, fs_backup_of_block_volumes) {
  auto r = lint_policy(one_policy("    pvcVolumeMode: Block\n", "type: fs-backup"));
  EXPECT_TRUE(r->has(rule_id::unsupported_fs_backup)) << r->dump();
}
TEST(lint_unsupported_fs_backup, skip_of_host_path_and_fs_backup_of_filesystem_are_clean) {
  EXPECT_TRUE(lint_policy(one_policy("    volumeTypes: [hostPath]\n"))->findings.empty());
  EXPECT_TRUE(lint_policy(one_policy("    pvcVolumeMode: Filesystem\n", "type: fs-backup"))->findings.empty());
  EXPECT_TRUE(lint_policy(one_policy("    volumeTypes: [hostPath, local]\n", "type: fs-backup"))->findings.empty());
}

// ---- VP120 custom-without-parameters ----------------------------------------------------------
TEST(lint_custom_without_parameters, custom_without_parameters_is_reported) {
  auto r = lint_policy(one_policy("    storageClass: [gp3-csi]\n", "type: custom"));
  ASSERT_EQ(r->of(rule_id::custom_without_parameters).size(), 1u) << r->dump();
}
TEST(lint_custom_without_parameters, empty_parameters_count_as_none) {
  auto r = lint_policy(one_policy("    storageClass: [gp3-csi]\n", "type: custom\n    parameters: {}"));
  EXPECT_TRUE(r->has(rule_id::custom_without_parameters)) << r->dump();
}
TEST(lint_custom_without_parameters, custom_with_parameters_is_clean) {
  auto r = lint_policy(one_policy("    storageClass: [gp3-csi]\n", "type: custom\n    parameters: {mine: true}"));
  EXPECT_TRUE(r->findings.empty()) << r->dump();
}

// ---- VP121 unread-parameter -------------------------------------------------------------------
TEST(lint_unread_parameter, misspelt_snapshot_parameter_gets_did_you_mean) {
  auto r = lint_policy(one_policy("    csi: {}\n", "type: snapshot\n    parameters: {snapshotclass: fast}"));
  const auto f = r->of(rule_id::unread_parameter);
  ASSERT_EQ(f.size(), 1u) << r->dump();
  EXPECT_EQ(f[0].help, "did you mean `snapshotClass`?");
  EXPECT_EQ(f[0].path, "volumePolicies[0].action.parameters.snapshotclass");
  EXPECT_EQ(f[0].line, 7u);
}
TEST(lint_unread_parameter, any_parameter_of_fs_backup) {
  auto r = lint_policy(one_policy("    nfs: {}\n", "type: fs-backup\n    parameters: {uploader: kopia}"));
  ASSERT_EQ(r->of(rule_id::unread_parameter).size(), 1u) << r->dump();
  EXPECT_NE(r->of(rule_id::unread_parameter)[0].help.find("no parameter of a `fs-backup` action"), std::string::npos);
}
TEST(lint_unread_parameter, snapshot_parameters_velero_reads_are_clean) {
  auto r = lint_policy(
      one_policy("    csi: {}\n", "type: snapshot\n    parameters: {snapshotClass: fast, dataMover: velero-block}"));
  EXPECT_TRUE(r->findings.empty()) << r->dump();
}

// ---- VP122 global-snapshot-overridden ---------------------------------------------------------
TEST(lint_global_snapshot_overridden, global_snapshot_policy_is_reported) {
  auto r = lint_texts({.global_policy = one_policy("    csi: {}\n", "type: snapshot")});
  const auto f = r->of(rule_id::global_snapshot_overridden);
  ASSERT_EQ(f.size(), 1u) << r->dump();
  EXPECT_EQ(f[0].file, "g.yaml");
}
TEST(lint_global_snapshot_overridden, backup_snapshot_and_global_skip_are_clean) {
  auto r = lint_texts({.policy = one_policy("    csi: {}\n", "type: snapshot"),
                       .global_policy = one_policy("    pvcPhase: [Pending]\n")});
  EXPECT_TRUE(r->findings.empty()) << r->dump();
}

// ---- positions inside a ConfigMap ---------------------------------------------------------------
TEST(lint_positions, config_map_findings_point_into_the_config_map_file) {
  const std::string cm =
      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: vp\n  namespace: velero\ndata:\n  policy.yaml: |\n"
      "    version: v1\n    volumePolicies:\n    - conditions:\n        volumeTypes: [emptydir]\n"
      "      action:\n        type: skip\n";
  const auto checked = volpol::policy::check_config_map_text(cm, "cm.yaml");
  ASSERT_TRUE(checked.ok());
  volpol::lint::lint_input in;
  in.backup = &checked.built;
  const auto f = volpol::lint::run_lint(in, {});
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].file, "cm.yaml");
  EXPECT_EQ(f[0].line, 11u);
  EXPECT_EQ(f[0].column, 23u);
}

// lint_document: the webhook's entry point (a document as text, no file, no cluster).
namespace {
constexpr const char* shadowed_policy =
    "version: v1\n"
    "volumePolicies:\n"
    "- conditions:\n"
    "    storageClass: [gp3-csi]\n"
    "  action:\n"
    "    type: snapshot\n"
    "- conditions:\n"
    "    storageClass: [gp3-csi]\n"
    "    pvcLabels: {purpose: scratch}\n"
    "  action:\n"
    "    type: skip\n";

std::vector<volpol::lint::finding> lint_as(std::string_view text, volpol::policy::policy_use use,
                                           const volpol::lint::rule_selection& rules = {}) {
  const volpol::policy::checked_policies checked =
      volpol::policy::check_policy_text(text, {.object = "ConfigMap velero/p", .data_key = "policy.yaml"}, use);
  EXPECT_TRUE(checked.ok());
  std::vector<volpol::lint::finding> f = volpol::lint::lint_document(text, use, checked.built, rules);
  for (volpol::lint::finding& x : f) x.policy = nullptr;  // `checked` dies here
  return f;
}
}  // namespace

TEST(lint_document, finds_the_unreachable_policy_at_its_line_in_the_document) {
  const auto f = lint_as(shadowed_policy, volpol::policy::policy_use::backup);
  ASSERT_EQ(f.size(), 1U);
  EXPECT_EQ(f[0].rule, volpol::lint::rule_id::unreachable_policy);
  EXPECT_EQ(f[0].line, 7U);
  EXPECT_EQ(f[0].column, 3U);
  EXPECT_EQ(f[0].path, "volumePolicies[1]");
}

TEST(lint_document, a_global_policy_is_linted_as_global) {
  const auto f = lint_as(shadowed_policy, volpol::policy::policy_use::global);
  ASSERT_EQ(f.size(), 2U);
  // Global-only rule: the CSI plugin re-decides snapshots from the Backup's policy alone.
  EXPECT_EQ(f[0].rule, volpol::lint::rule_id::global_snapshot_overridden);
  EXPECT_EQ(f[0].line, 6U);
  EXPECT_EQ(f[1].rule, volpol::lint::rule_id::unreachable_policy);
  EXPECT_NE(f[1].message.find("global volumePolicies[1]"), std::string::npos) << f[1].message;
}

TEST(lint_document, ignore_comments_in_the_document_silence_findings) {
  std::string text = shadowed_policy;
  text.insert(text.find("- conditions:\n    storageClass: [gp3-csi]\n    pvcLabels"),
              "# volpol:ignore VP110 -- kept for when the first one goes\n");
  EXPECT_TRUE(lint_as(text, volpol::policy::policy_use::backup).empty());
}

TEST(lint_document, disabled_rules_and_restore_policies_give_nothing) {
  volpol::lint::rule_selection off;
  off.disable(volpol::lint::rule_id::unreachable_policy);
  EXPECT_TRUE(lint_as(shadowed_policy, volpol::policy::policy_use::backup, off).empty());
  // A restore policy has no volume policies (ValidateForRestore); its filters get no rules.
  EXPECT_TRUE(
      lint_as("version: v1\nnamespacedFilterPolicies:\n- namespaces: [app]\n  resourceFilters: [{kinds: [\"*\"]}]\n",
              volpol::policy::policy_use::restore)
          .empty());
}
