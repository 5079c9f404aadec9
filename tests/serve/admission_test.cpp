// The webhook's decisions: labelled ConfigMaps are validated for their side, the rest allowed.
#include "volpol/serve/admission.h"

#include <gtest/gtest.h>

#include "admission_review_fixtures.h"

namespace volpol::serve {
namespace {

using namespace volpol::testing;

admission_request parsed(const std::string& body) {
  auto r = parse_admission_review(body);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error()->to_string());
  return r.ok() ? r.value() : admission_request{};
}

TEST(admission, a_valid_backup_policy_is_allowed_without_warnings) {
  const admission_request req = parsed(config_map_review(valid_policy, backup_label));
  const admission_decision d = review(req, {});
  EXPECT_TRUE(d.allowed);
  EXPECT_EQ(d.reason, admission_reason::valid);
  EXPECT_EQ(d.side, policy::policy_use::backup);
  EXPECT_EQ(d.object, "ConfigMap velero/backup-policy");
  EXPECT_TRUE(d.problems.empty());
  const admission_response r = respond(req, d, {});
  EXPECT_TRUE(r.allowed);
  EXPECT_EQ(r.uid, "705ab4f5-6393-11e8-b7cc-42010a800002");
  EXPECT_TRUE(r.warnings.empty());
}

TEST(admission, an_invalid_policy_is_denied_with_key_line_and_column) {
  const admission_request req = parsed(config_map_review(invalid_policy, backup_label));
  const admission_decision d = review(req, {});
  EXPECT_FALSE(d.allowed);
  EXPECT_EQ(d.reason, admission_reason::invalid);
  ASSERT_EQ(d.problems.size(), 1u);
  EXPECT_EQ(d.problems.items()[0].where.line, 4u);
  EXPECT_EQ(d.problems.items()[0].where.column, 5u);
  const admission_response r = respond(req, d, {});
  EXPECT_FALSE(r.allowed);
  EXPECT_EQ(r.status_code, 422);
  EXPECT_EQ(r.status_reason, "Invalid");
  EXPECT_EQ(
      r.message,
      "volpol: the backup resource policy in ConfigMap velero/backup-policy is invalid\n"
      "ConfigMap velero/backup-policy, data key `policy.yaml`, line 4, column 5: "
      "volumePolicies[0].conditions.storageClas: unknown condition `storageClas` (help: did you mean `storageClass`?)");
}

TEST(admission, the_policy_is_checked_for_the_velero_release_given) {
  // `volpol serve --velero-version v1.18.2`: what that server refuses is denied at apply time.
  const std::string policy =
      "version: v1\nvolumePolicies:\n- conditions:\n    pvcVolumeMode: Block\n  action:\n"
      "    type: skip\n";
  const admission_request req = parsed(config_map_review(policy, backup_label));
  EXPECT_TRUE(review(req, {}).allowed);  // main has pvcVolumeMode
  review_options o;
  o.velero = velero_version::v1_18_2;
  const admission_decision d = review(req, o);
  EXPECT_FALSE(d.allowed);
  ASSERT_EQ(d.problems.size(), 1u);
  EXPECT_EQ(d.problems.items()[0].message,
            "`pvcVolumeMode` is not a condition in Velero v1.18.2 (main has it, velero-io/velero#9906)");
  EXPECT_EQ(d.problems.items()[0].where.line, 4u);
}

TEST(admission, the_depth_limit_is_the_one_given) {
  const admission_request req = parsed(config_map_review(valid_policy, backup_label));
  review_options shallow;
  shallow.limits.max_depth = 2;  // valid_policy nests 3 deep: volumePolicies, its item, conditions
  const admission_decision d = review(req, shallow);
  EXPECT_FALSE(d.allowed);
  ASSERT_EQ(d.problems.size(), 1u);
  EXPECT_NE(d.problems.items()[0].message.find("nested more than 2"), std::string::npos)
      << d.problems.items()[0].message;
  EXPECT_EQ(d.problems.items()[0].help, "raise the limit with --max-depth");
  EXPECT_TRUE(review(req, {}).allowed);  // the default, 512
}

TEST(admission, the_restore_side_refuses_volume_policies) {
  const admission_request req = parsed(config_map_review(valid_policy, R"({"volpol.io/resource-policy":"restore"})"));
  const admission_decision d = review(req, {});
  EXPECT_FALSE(d.allowed);
  EXPECT_EQ(d.side, policy::policy_use::restore);
  ASSERT_FALSE(d.problems.empty());
  EXPECT_NE(respond(req, d, {})
                .message.find("line 3, column 3: volumePolicies: volumePolicies are not supported for restore"),
            std::string::npos)
      << respond(req, d, {}).message;
}

TEST(admission, a_global_policy_with_filters_is_allowed_with_a_warning) {
  const admission_request req = parsed(config_map_review(global_policy_with_filters, global_label));
  const admission_decision d = review(req, {});
  EXPECT_TRUE(d.allowed);
  const admission_response r = respond(req, d, {});
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_NE(r.warnings[0].find("ConfigMap velero/backup-policy, data key `policy.yaml`, line 1, column 1: "
                               "includeExcludePolicy, clusterScopedFilterPolicy and namespacedFilterPolicies are "
                               "ignored in a global policy"),
            std::string::npos)
      << r.warnings[0];
}

TEST(admission, deny_warnings_turns_the_warning_into_a_denial) {
  const admission_request req = parsed(config_map_review(global_policy_with_filters, global_label));
  review_options o;
  o.deny_warnings = true;
  const admission_decision d = review(req, o);
  EXPECT_FALSE(d.allowed);
  const admission_response r = respond(req, d, o);
  EXPECT_TRUE(r.warnings.empty());
  EXPECT_NE(r.message.find("are ignored in a global policy"), std::string::npos) << r.message;
}

TEST(admission, lint_findings_become_warnings_or_denials) {
  const admission_request req = parsed(config_map_review(valid_policy, backup_label));
  review_options o;
  int calls = 0;
  o.lint = [&](std::string_view document, const policy::text_origin& origin, policy::policy_use use,
               const policy::policies&) {
    ++calls;
    EXPECT_EQ(document, valid_policy);
    EXPECT_EQ(origin.data_key, "policy.yaml");
    EXPECT_EQ(use, policy::policy_use::backup);
    diagnostics out;
    out.add(origin.diagnose({4, 20}, "volumePolicies[0].conditions.storageClass", "storage class `gp2` is shadowed"));
    return out;
  };
  const admission_decision d = review(req, o);
  EXPECT_EQ(calls, 1);
  EXPECT_TRUE(d.allowed);
  const admission_response r = respond(req, d, o);
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0],
            "ConfigMap velero/backup-policy, data key `policy.yaml`, line 4, column 20: "
            "volumePolicies[0].conditions.storageClass: storage class `gp2` is shadowed");
  o.deny_warnings = true;
  const admission_decision denied = review(req, o);
  EXPECT_FALSE(denied.allowed);
  EXPECT_EQ(respond(req, denied, o).message,
            "volpol: the backup resource policy in ConfigMap velero/backup-policy has warnings, and this webhook "
            "denies warnings (--deny-warnings)\n"
            "ConfigMap velero/backup-policy, data key `policy.yaml`, line 4, column 20: "
            "volumePolicies[0].conditions.storageClass: storage class `gp2` is shadowed");
}

TEST(admission, lint_is_not_asked_about_an_invalid_policy) {
  review_options o;
  o.lint = [](std::string_view, const policy::text_origin&, policy::policy_use, const policy::policies&) {
    ADD_FAILURE() << "lint called";
    return diagnostics{};
  };
  EXPECT_FALSE(review(parsed(config_map_review(invalid_policy, backup_label)), o).allowed);
}

TEST(admission, two_data_keys_are_denied_as_velero_does) {
  const admission_request req = parsed(
      config_map_review("", backup_label, "CREATE", "two", R"({"a.yaml":"version: v1\n","b.yaml":"version: v1\n"})"));
  const admission_decision d = review(req, {});
  EXPECT_FALSE(d.allowed);
  const admission_response r = respond(req, d, {});
  EXPECT_NE(r.message.find("`data` must hold exactly one key"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("`a.yaml`, `b.yaml`"), std::string::npos) << r.message;
}

TEST(admission, everything_else_is_allowed) {
  // No label.
  admission_decision d = review(parsed(config_map_review(invalid_policy, R"({"app":"x"})")), {});
  EXPECT_TRUE(d.allowed);
  EXPECT_EQ(d.reason, admission_reason::not_labelled);
  // DELETE of a labelled, invalid ConfigMap.
  d = review(parsed(config_map_review(invalid_policy, backup_label, "DELETE")), {});
  EXPECT_TRUE(d.allowed);
  EXPECT_EQ(d.reason, admission_reason::delete_or_connect);
  // Another kind.
  d = review(parsed(R"({"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"u",)"
                    R"("kind":{"group":"apps","version":"v1","kind":"Deployment"},"operation":"CREATE",)"
                    R"("object":{"metadata":{"labels":{"volpol.io/resource-policy":"backup"}}}}})"),
             {});
  EXPECT_TRUE(d.allowed);
  EXPECT_EQ(d.reason, admission_reason::not_config_map);
}

TEST(admission, an_unknown_side_is_allowed_with_a_warning) {
  const admission_request req = parsed(config_map_review(invalid_policy, R"({"volpol.io/resource-policy":"backups"})"));
  const admission_decision d = review(req, {});
  EXPECT_TRUE(d.allowed);
  EXPECT_EQ(d.reason, admission_reason::unknown_side);
  const admission_response r = respond(req, d, {});
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0],
            "ConfigMap velero/backup-policy: metadata.labels.volpol.io/resource-policy: label value `backups` is not "
            "`backup`, `global` or `restore`: the policy was not checked");
}

}  // namespace
}  // namespace volpol::serve
