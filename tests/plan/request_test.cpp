// plan::prepare: a request of data in, the plan and every problem as data out (issue 32).
#include "volpol/plan/request.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

namespace volpol::plan {
namespace {

std::string source(const std::string& path) { return std::string(VOLPOL_SOURCE_DIR) + "/" + path; }

std::string write_temp(const std::string& name, const std::string& text) {
  const std::string path = std::string(VOLPOL_BINARY_DIR) + "/" + name;
  std::ofstream(path) << text;
  return path;
}

const volume_record* record_of(const plan_result& r, std::string_view ns, std::string_view pvc) {
  for (const volume_record& v : r.volumes)
    if (v.pvc_namespace == ns && v.pvc_name == pvc) return &v;
  return nullptr;
}

TEST(request, plans_files_with_a_policy_and_the_backup_create_flags) {
  plan_request r;
  r.policy_file = source("examples/policies/csi-snapshot-else-fs-backup.yaml");
  r.inputs = {source("examples/cluster")};
  r.snapshot_move_data = true;
  r.threads = 1;
  prepare_result p = prepare(r);
  ASSERT_EQ(p.status, prepare_status::planned);
  ASSERT_NE(p.plan, nullptr);
  EXPECT_TRUE(p.problems.empty()) << p.problems.front().what.to_string();
  EXPECT_FALSE(p.plan->unreadable_input);
  EXPECT_EQ(p.plan->input.backup.snapshot_move_data, true);
  const volume_record* postgres = record_of(p.plan->result, "shop", "data-postgres-0");
  ASSERT_NE(postgres, nullptr);
  EXPECT_EQ(method_label(*postgres), "csi-snapshot-data-movement");
  EXPECT_EQ(p.plan->context.policy_file, r.policy_file);
  EXPECT_EQ(p.plan->context.inputs, r.inputs);
}

TEST(request, no_objects_and_no_cluster_is_a_wrong_request) {
  prepare_result p = prepare(plan_request{});
  EXPECT_EQ(p.status, prepare_status::invalid);
  EXPECT_EQ(p.plan, nullptr);
  ASSERT_EQ(p.problems.size(), 1u);
  EXPECT_EQ(p.problems[0].source, problem_source::request);
  EXPECT_TRUE(p.problems[0].see_help);
  EXPECT_EQ(p.problems[0].what.message,
            "nothing to plan: give -f PATH (files, folders, - for stdin, a Velero backup) or --cluster");
}

TEST(request, a_policy_file_that_cannot_be_read_is_an_unreadable_input) {
  plan_request r;
  r.policy_file = "/nonexistent/policy.yaml";
  r.inputs = {source("examples/cluster")};
  prepare_result p = prepare(r);
  EXPECT_EQ(p.status, prepare_status::unreadable);
  ASSERT_EQ(p.problems.size(), 1u);
  EXPECT_EQ(p.problems[0].source, problem_source::input);
  EXPECT_EQ(p.problems[0].what.to_string(),
            "--policy /nonexistent/policy.yaml: cannot read: No such file or directory");
}

TEST(request, an_unknown_feature_flag_says_the_near_one) {
  plan_request r;
  r.inputs = {source("examples/cluster")};
  r.features = "EnableCSII";
  prepare_result p = prepare(r);
  EXPECT_EQ(p.status, prepare_status::invalid);
  ASSERT_EQ(p.problems.size(), 1u);
  EXPECT_EQ(p.problems[0].source, problem_source::request);
  EXPECT_EQ(p.problems[0].what.where.file, "--features");
  EXPECT_EQ(p.problems[0].what.help,
            "did you mean `EnableCSI`? Velero's feature flags are `EnableCSI` and `EnableAPIGroupVersions` "
            "(case-sensitive)");
}

TEST(request, an_invalid_policy_stops_with_its_problems) {
  plan_request r;
  r.policy_file =
      write_temp("request-bad-policy.yaml",
                 "version: v1\nvolumePolicies:\n- conditions: {capacity: \"1Gi,x\"}\n  action: {type: skip}\n");
  r.inputs = {source("examples/cluster")};
  prepare_result p = prepare(r);
  EXPECT_EQ(p.status, prepare_status::invalid);
  ASSERT_FALSE(p.problems.empty());
  for (const request_problem& q : p.problems) EXPECT_EQ(q.source, problem_source::policy) << q.what.to_string();
  EXPECT_EQ(p.problems[0].what.level, severity::error);
}

TEST(request, object_problems_are_kept_and_the_rest_is_planned) {
  plan_request r;
  r.inputs = {source("examples/cluster/shop.yaml"),
              write_temp("request-bad-object.yaml",
                         "apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: shop}\n"
                         "spec: {volumes: 7}\n"),
              "/nonexistent/objects.yaml"};
  prepare_result p = prepare(r);
  ASSERT_EQ(p.status, prepare_status::planned);
  EXPECT_TRUE(p.plan->unreadable_input);  // `volpol plan` exits 3 after its output
  EXPECT_TRUE(p.plan->input_errors);
  ASSERT_GE(p.problems.size(), 2u);
  EXPECT_EQ(p.problems[0].source, problem_source::input);
  EXPECT_EQ(p.problems[0].what.to_string(), "/nonexistent/objects.yaml: cannot read: No such file or directory");
  EXPECT_EQ(p.problems[1].source, problem_source::objects);
  EXPECT_EQ(p.plan->context.input_problems.size(), p.problems.size() - 1);
  EXPECT_NE(record_of(p.plan->result, "shop", "data-postgres-0"), nullptr);
}

TEST(request, objects_without_volumes_are_nothing_to_plan) {
  plan_request r;
  r.inputs = {source("tests/data/velero/backup-shop.yaml")};
  prepare_result p = prepare(r);
  EXPECT_EQ(p.status, prepare_status::unreadable);
  ASSERT_EQ(p.problems.size(), 1u);
  EXPECT_EQ(p.problems[0].source, problem_source::input);
  EXPECT_EQ(p.problems[0].what.message,
            "no PersistentVolumes, PersistentVolumeClaims or pods to plan: it holds 1 Backup");
}

TEST(request, a_backup_among_the_objects_brings_its_policy_config_map) {
  plan_request r;
  r.inputs = {source("tests/data/velero/cluster-objects.yaml"), source("examples/cluster")};
  r.backup = "nightly-shop";
  r.volume_snapshot_locations = {"x=gcp"};
  r.velero = velero_version::main;
  prepare_result p = prepare(r);
  ASSERT_EQ(p.status, prepare_status::planned);
  ASSERT_NE(p.plan->input.backup_policies, nullptr);  // the ConfigMap spec.resourcePolicy names
  EXPECT_EQ(p.plan->input.backup.include_namespaces, std::vector<std::string>{"shop"});
}

TEST(request, a_backup_name_not_among_the_objects_lists_those_that_are) {
  plan_request r;
  r.inputs = {source("tests/data/velero/cluster-objects.yaml"), source("examples/cluster")};
  r.backup = "weekly";
  prepare_result p = prepare(r);
  EXPECT_EQ(p.status, prepare_status::invalid);
  ASSERT_FALSE(p.problems.empty());
  const request_problem& last = p.problems.back();
  EXPECT_EQ(last.source, problem_source::backup);
  EXPECT_EQ(last.flag, "--backup");
  EXPECT_TRUE(last.see_help);
  EXPECT_EQ(last.what.message, "no Backup or Schedule named `weekly` in the input");
}

TEST(request, texts_and_resolved_options_plan_as_files_and_flags_do) {
  // What `volpol test` gives: the policy and some objects as text, options already resolved.
  plan_request r;
  r.policy_text = policy::config_map_text{
      "version: v1\nvolumePolicies:\n- conditions: {storageClass: [fast]}\n  action: {type: skip}\n",
      "suite.volpol-test.yaml (policy, inline)"};
  r.inputs = {source("examples/cluster/shop.yaml")};
  r.input_texts = {
      {"apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata: {name: fast}\n"
       "provisioner: ebs.csi.aws.com\n---\n"
       "apiVersion: v1\nkind: PersistentVolume\nmetadata: {name: pv-extra}\n"
       "spec: {storageClassName: fast, capacity: {storage: 1Gi}, csi: {driver: ebs.csi.aws.com, "
       "volumeHandle: vol-1}}\n",
       "suite.volpol-test.yaml (cluster[1], inline, line 3)"}};
  backup_options b;
  b.snapshot_move_data = true;
  r.resolved_backup = b;
  r.snapshot_move_data = false;  // the resolved options win over the flags
  server_options s;
  s.enable_csi = true;
  r.resolved_server = s;
  r.features = "NoSuchFeature";  // not read: the server is resolved
  r.velero = velero_version::v1_18_2;
  prepare_result p = prepare(r);
  ASSERT_EQ(p.status, prepare_status::planned) << (p.problems.empty() ? "" : p.problems[0].what.to_string());
  EXPECT_TRUE(p.problems.empty()) << p.problems.front().what.to_string();
  EXPECT_EQ(p.plan->input.backup.snapshot_move_data, true);
  EXPECT_EQ(p.plan->result.server.velero.version, velero_version::v1_18_2);
  EXPECT_EQ(p.plan->context.policy_file, "suite.volpol-test.yaml (policy, inline)");
  EXPECT_EQ(p.plan->context.inputs,
            (std::vector<std::string>{r.inputs[0], "suite.volpol-test.yaml (cluster[1], inline, line 3)"}));
  // Every kind of the text is merged, the StorageClass too.
  EXPECT_EQ(p.plan->loaded.objects.storage_classes().size(), 1u);
  const volume_record* extra = nullptr;
  for (const volume_record& v : p.plan->result.volumes)
    if (v.pv_name == "pv-extra") extra = &v;
  ASSERT_NE(extra, nullptr);
  EXPECT_EQ(method_label(*extra), "skipped");
}

TEST(request, a_policy_text_with_errors_is_named_by_its_label) {
  plan_request r;
  r.policy_text = policy::config_map_text{"version: v2\n", "t.yaml (policy, inline)"};
  r.input_texts = {{"apiVersion: v1\nkind: PersistentVolume\nmetadata: {name: a}\nspec: {}\n", "t.yaml (cluster)"}};
  r.velero = velero_version::main;
  prepare_result p = prepare(r);
  EXPECT_EQ(p.status, prepare_status::invalid);
  ASSERT_FALSE(p.problems.empty());
  EXPECT_EQ(p.problems[0].source, problem_source::policy);
  EXPECT_TRUE(p.problems[0].what.to_string().starts_with("t.yaml (policy, inline):1:10: version: unsupported version"))
      << p.problems[0].what.to_string();
}

TEST(request, inputs_only_loads_without_planning) {
  plan_request r;
  r.inputs = {source("examples/cluster")};
  r.inputs_only = true;
  prepare_result p = prepare(r);
  ASSERT_EQ(p.status, prepare_status::planned);
  EXPECT_EQ(p.plan->input.cluster, &p.plan->loaded.objects);
  EXPECT_TRUE(p.plan->result.volumes.empty());
}

TEST(request, phases_are_reported_in_order) {
  plan_request r;
  r.inputs = {source("examples/cluster")};
  std::vector<std::string> seen;
  r.on_phase = [&](const char* phase, bool started) { seen.push_back(std::string(started ? "+" : "-") + phase); };
  ASSERT_EQ(prepare(r).status, prepare_status::planned);
  EXPECT_EQ(seen, (std::vector<std::string>{"+load", "-load", "+plan", "-plan"}));
}

}  // namespace
}  // namespace volpol::plan
