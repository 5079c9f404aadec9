// Test files: finding, reading (with every mistake reported), running, --update.
#include <gtest/gtest.h>

#include "verify_fixture.h"
#include "volpol/verify/test_suite.h"

using namespace volpol;
using namespace volpol::verify;
using volpol::testing::scratch_dir;
using volpol::testing::source_path;
using volpol::testing::write_file;

namespace {

constexpr const char* pod_and_policy = R"(policy:
  version: v1
  volumePolicies:
    - conditions: {nfs: {server: nfs.example.com}}
      action: {type: fs-backup}
cluster:
  - apiVersion: v1
    kind: Pod
    metadata: {name: web, namespace: demo}
    spec:
      nodeName: node-1
      containers: [{name: web, image: nginx, volumeMounts: [{name: shared, mountPath: /srv}, {name: tmp, mountPath: /tmp}]}]
      volumes:
        - {name: shared, nfs: {server: nfs.example.com, path: /exports/web}}
        - {name: tmp, emptyDir: {}}
    status: {phase: Running}
)";

}  // namespace

TEST(test_files, names) {
  EXPECT_TRUE(is_test_file_name("volpol-test.yaml"));
  EXPECT_TRUE(is_test_file_name("prod.volpol-test.yaml"));
  EXPECT_FALSE(is_test_file_name(".volpol-test.yaml"));
  EXPECT_FALSE(is_test_file_name("volpol-test.yml"));
  EXPECT_FALSE(is_test_file_name("myvolpol-test.yaml"));
}

TEST(test_files, found_recursively_sorted_once) {
  const auto dir = scratch_dir("find");
  std::filesystem::create_directories(dir / "a" / "b");
  write_file(dir / "a" / "b" / "volpol-test.yaml", "expect: []\n");
  write_file(dir / "a" / "x.volpol-test.yaml", "expect: []\n");
  write_file(dir / "a" / "policy.yaml", "version: v1\n");
  diagnostics problems;
  const auto found = find_test_files({dir.string(), (dir / "a").string(), (dir / "missing").string()}, problems);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0], (dir / "a" / "b" / "volpol-test.yaml").string());
  EXPECT_EQ(found[1], (dir / "a" / "x.volpol-test.yaml").string());
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems.items()[0].message, "no such file or folder");
}

TEST(test_files, every_mistake_is_reported_with_its_position) {
  diagnostics problems;
  auto f = load_test_file(source_path("tests/data/verify/broken.volpol-test.yaml"), problems);
  EXPECT_FALSE(f.has_value());
  ASSERT_EQ(problems.size(), 3u);
  EXPECT_EQ(problems.items()[0].where.line, 8u);
  EXPECT_EQ(problems.items()[0].where.path, "tests[0].expect[0].methd");
  EXPECT_EQ(problems.items()[1].message, "unknown method `snapshot`");
  EXPECT_EQ(problems.items()[2].message, "names no volume");
}

// A misspelt key must not make a test pass: the `backup:` and `server:` values are checked
// as `volpol plan` checks --backup and the server flags.
TEST(test_files, backup_and_server_mistakes_are_errors_as_plan_says_them) {
  const auto dir = scratch_dir("typos");
  write_file(dir / "volpol-test.yaml", std::string(pod_and_policy) + R"(backup: {snapshotVolume: false}
server:
  features: [EnableCSi]
  volumeSnapshotLocations: [default]
expect: [{volume: demo/web/shared, method: fs-backup}]
)");
  diagnostics problems;
  auto f = load_test_file((dir / "volpol-test.yaml").string(), problems);
  EXPECT_FALSE(f.has_value());
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_EQ(problems.items()[0].where.path, "backup");
  EXPECT_EQ(problems.items()[0].where.line, 17u);
  EXPECT_NE(problems.items()[0].message.find("unknown field `snapshotVolume`"), std::string::npos)
      << problems.items()[0].message;
  EXPECT_EQ(problems.items()[0].help, "did you mean `snapshotVolumes`?");
  EXPECT_EQ(problems.items()[1].where.path, "server.features");
  EXPECT_EQ(problems.items()[1].message, "unknown feature flag `EnableCSi`");
  EXPECT_TRUE(problems.items()[1].help.starts_with("did you mean `EnableCSI`?")) << problems.items()[1].help;

  write_file(dir / "volpol-test.yaml", std::string(pod_and_policy) + R"(server: {volumeSnapshotLocations: [default]}
expect: [{volume: demo/web/shared, method: fs-backup}]
)");
  diagnostics more;
  EXPECT_FALSE(load_test_file((dir / "volpol-test.yaml").string(), more).has_value());
  ASSERT_EQ(more.size(), 1u);
  EXPECT_EQ(more.items()[0].where.path, "server.volumeSnapshotLocations");
  EXPECT_EQ(more.items()[0].message, "`default` is not NAME=PROVIDER and not a provider volpol knows");
}

// yaml-cpp keeps the first of two equal keys: the second is an error, as in a policy.
TEST(test_files, a_duplicate_key_is_an_error) {
  const auto dir = scratch_dir("duplicate");
  write_file(dir / "volpol-test.yaml", std::string(pod_and_policy) + R"(cluster: [missing.yaml]
expect: [{volume: demo/web/shared, method: fs-backup, method: skipped}]
)");
  diagnostics problems;
  EXPECT_FALSE(load_test_file((dir / "volpol-test.yaml").string(), problems).has_value());
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_EQ(problems.items()[0].message, "duplicate key `cluster` (first defined at line 6)");
  EXPECT_EQ(problems.items()[0].where.line, 17u);
  EXPECT_EQ(problems.items()[1].message, "duplicate key `method` (first defined at line 18)");
}

// Inline policies and objects are read as written: a quoted "007" stays a string (not 7), a
// quoted "no" is not a boolean, and an object in flow style is YAML, not JSON.
TEST(test_run, inline_text_keeps_its_quotes_and_flow_style) {
  const auto dir = scratch_dir("quotes");
  write_file(dir / "volpol-test.yaml", R"(policy:
  version: v1
  volumePolicies:
    - conditions: {pvcLabels: {n: "007"}}
      action: {type: fs-backup}
cluster:
  - {apiVersion: v1, kind: Pod, metadata: {name: p, namespace: "007"}, spec: {nodeName: n1, containers: [{name: c, image: i, volumeMounts: [{name: d, mountPath: /d}]}], volumes: [{name: d, persistentVolumeClaim: {claimName: c}}]}, status: {phase: Running}}
  - {apiVersion: v1, kind: PersistentVolumeClaim, metadata: {name: c, namespace: "007", labels: {n: "007"}}, spec: {volumeName: pv9, resources: {requests: {storage: 1Gi}}}, status: {phase: Bound}}
  - {apiVersion: v1, kind: PersistentVolume, metadata: {name: pv9}, spec: {capacity: {storage: 1Gi}, nfs: {server: s, path: /x}, claimRef: {namespace: "007", name: c}}}
expect: [{pvc: "007/c", method: fs-backup, policy: "volumePolicies[0]"}]
)");
  std::vector<test_file> files;
  const run_summary s = run_tests({dir.string()}, files);
  ASSERT_EQ(s.cases.size(), 1u) << (s.problems.empty() ? "" : s.problems.items()[0].to_string());
  EXPECT_TRUE(s.cases[0].passed()) << render_test_text(s);

  write_file(dir / "volpol-test.yaml", std::string(pod_and_policy) + R"(backup: {snapshotVolumes: "no"}
expect: [{volume: demo/web/shared, method: fs-backup}]
)");
  diagnostics problems;
  EXPECT_FALSE(load_test_file((dir / "volpol-test.yaml").string(), problems).has_value());
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems.items()[0].message.find("spec.snapshotVolumes: expected `true` or `false`, got a string"),
            std::string::npos)
      << problems.items()[0].message;
}

TEST(test_files, inputs_of_a_test_replace_the_files) {
  const auto dir = scratch_dir("inputs");
  write_file(dir / "volpol-test.yaml", std::string(pod_and_policy) + R"(backup: {snapshotMoveData: true}
server: {volumeSnapshotLocations: {default: aws}, features: [EnableCSI]}
tests:
  - name: file inputs
    expect: [{volume: demo/web/shared, method: fs-backup}]
  - name: own backup, a Schedule
    backup: {kind: Schedule, spec: {template: {defaultVolumesToFsBackup: true}}}
    policy: null
    expect: [{volume: demo/web/tmp, method: fs-backup}]
)");
  diagnostics problems;
  auto f = load_test_file((dir / "volpol-test.yaml").string(), problems);
  ASSERT_TRUE(f.has_value()) << (problems.empty() ? "" : problems.items()[0].to_string());
  ASSERT_EQ(f->cases.size(), 2u);
  EXPECT_EQ(f->cases[0].inputs.backup.snapshot_move_data, std::optional<bool>(true));
  ASSERT_EQ(f->cases[0].inputs.server.volume_snapshot_locations.size(), 1u);
  EXPECT_TRUE(f->cases[0].inputs.server.features_given);
  EXPECT_FALSE(f->cases[1].inputs.backup.snapshot_move_data.has_value());
  EXPECT_EQ(f->cases[1].inputs.backup.default_volumes_to_fs_backup, std::optional<bool>(true));
  EXPECT_TRUE(f->cases[1].inputs.policy.empty());
  EXPECT_FALSE(f->cases[0].inputs.policy.text.empty());
  for (const test_case& t : f->cases) EXPECT_TRUE(run_test(f->path, t).passed()) << t.name;
}

// A test name is the user's text: terminal codes are escaped in the text report, and a byte
// that is not UTF-8 cannot break the JUnit XML. A passing test's warnings are printed too.
TEST(test_report, names_are_escaped_and_warnings_of_passing_tests_shown) {
  const auto dir = scratch_dir("names");
  const std::string global = R"(globalPolicy:
  version: v1
  includeExcludePolicy: {includedNamespaceScopedResources: [pods]}
  volumePolicies: []
)";
  // A raw 0xE9 byte (Latin-1 e-acute, not UTF-8) and an escape sequence in the name.
  write_file(dir / "volpol-test.yaml", "name: \"caf\xE9 \\e[31mred\"\n" + global + pod_and_policy +
                                           "expect: [{volume: demo/web/shared, method: fs-backup}]\n");
  std::vector<test_file> files;
  const run_summary s = run_tests({dir.string()}, files);
  ASSERT_EQ(s.cases.size(), 1u) << (s.problems.empty() ? "" : s.problems.items()[0].to_string());
  EXPECT_TRUE(s.cases[0].passed());
  const std::string report = render_test_text(s);
  EXPECT_NE(report.find(": caf\\xE9 \\x1B[31mred (1 checked"), std::string::npos) << report;
  EXPECT_NE(report.find("warning: includeExcludePolicy, clusterScopedFilterPolicy and namespacedFilterPolicies are "
                        "ignored in a global policy"),
            std::string::npos)
      << report;
  const std::string junit = render_test_junit(s);
  EXPECT_NE(junit.find("name=\"caf\xEF\xBF\xBD [31mred\""), std::string::npos) << junit;
}

TEST(test_run, a_wrong_expectation_fails_with_the_field_that_differs) {
  const auto dir = scratch_dir("wrong");
  write_file(dir / "volpol-test.yaml", std::string(pod_and_policy) + R"(expect:
  - {volume: demo/web/shared, method: csi-snapshot, policy: "volumePolicies[0]"}
  - {volume: demo/web/tmp, method: skipped, policy: none}
  - {pvc: demo/nothing, method: skipped}
)");
  std::vector<test_file> files;
  const run_summary s = run_tests({dir.string()}, files);
  EXPECT_EQ(s.passed, 0u);
  EXPECT_EQ(s.failed, 1u);
  ASSERT_EQ(s.cases.size(), 1u);
  const case_result& c = s.cases[0];
  ASSERT_EQ(c.checks.size(), 3u);
  ASSERT_EQ(c.checks[0].mismatches.size(), 1u);
  EXPECT_EQ(c.checks[0].mismatches[0].field, "method");
  EXPECT_EQ(c.checks[0].mismatches[0].expected, "csi-snapshot");
  EXPECT_EQ(c.checks[0].mismatches[0].got, "fs-backup");
  EXPECT_TRUE(c.checks[1].passed());
  EXPECT_EQ(c.checks[2].problem, "matches no volume of the plan");
  const std::string text = render_test_text(s);
  EXPECT_NE(text.find("    - method: csi-snapshot\n    + method: fs-backup\n      policy: volumePolicies[0]\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\n0 passed, 1 failed\n"), std::string::npos);
  const std::string junit = render_test_junit(s);
  EXPECT_NE(junit.find("<testsuites name=\"volpol test\" tests=\"1\" failures=\"1\">"), std::string::npos);
}

// A warning of a test's inputs is printed once as `file:line: warning: ...` (issue 35: the
// text said "warning: dump.yaml:275: warning: ...").
TEST(test_report, a_warning_is_named_once) {
  run_summary s;
  case_result c;
  c.file = "t/volpol-test.yaml";
  c.name = "demo";
  diagnostic w = make_error("a warning of the dump");
  w.level = severity::warning;
  w.where.file = "dump.yaml";
  w.where.line = 275;
  c.problems.add(w);
  c.problems.add(make_error("an error of the dump"));
  s.cases.push_back(std::move(c));
  s.failed = 1;
  const std::string text = render_test_text(s);
  EXPECT_NE(text.find("  dump.yaml:275: warning: a warning of the dump\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("warning: dump.yaml"), std::string::npos) << text;
  EXPECT_NE(text.find("  an error of the dump\n"), std::string::npos) << text;
}

TEST(test_run, an_invalid_policy_fails_the_test_with_the_policy_problem) {
  const auto dir = scratch_dir("badpolicy");
  write_file(dir / "volpol-test.yaml", R"(policy: {version: v2}
cluster: []
expect: [{pv: x, method: skipped}]
)");
  std::vector<test_file> files;
  const run_summary s = run_tests({dir.string()}, files);
  ASSERT_EQ(s.cases.size(), 1u);
  EXPECT_FALSE(s.cases[0].planned);
  EXPECT_FALSE(s.cases[0].passed());
  ASSERT_FALSE(s.cases[0].problems.empty());
  EXPECT_NE(s.cases[0].problems.items()[0].to_string().find("version"), std::string::npos);
}

TEST(test_update, writes_expectations_that_then_pass) {
  const auto dir = scratch_dir("update");
  write_file(dir / "volpol-test.yaml", std::string(pod_and_policy) + R"(tests:
  - name: new, no expectations yet
  - name: one stale expectation
    expect: [{volume: demo/web/shared, method: skipped, policy: none}]
)");
  std::vector<test_file> files;
  const run_summary before = run_tests({dir.string()}, files);
  EXPECT_EQ(before.failed, 2u);
  diagnostics problems;
  const auto written = update_test_files(before, files, problems);
  EXPECT_TRUE(problems.empty());
  ASSERT_EQ(written.size(), 1u);
  std::vector<test_file> again;
  const run_summary after = run_tests({dir.string()}, again);
  EXPECT_EQ(after.passed, 2u) << render_test_text(after);
  EXPECT_EQ(after.failed, 0u);
  ASSERT_EQ(again.size(), 1u);
  ASSERT_EQ(again[0].cases[0].expect.size(), 2u);  // both pod volumes
  EXPECT_EQ(again[0].cases[0].expect[0].select.volume, "demo/web/shared");
  EXPECT_EQ(again[0].cases[0].expect[0].policy, std::optional<std::string>("volumePolicies[0]"));
  EXPECT_EQ(again[0].cases[1].expect[0].method, std::optional<std::string>("fs-backup"));
  EXPECT_EQ(again[0].cases[1].expect[0].policy, std::optional<std::string>("volumePolicies[0]"));
}

// A name with a DEL (0x7F; a damaged dump: no API server accepts one) must round-trip through
// the test file: yaml-cpp writes a DEL raw inside double quotes, which YAML does not allow, so
// --update wrote a file that YAML readers (yaml-cpp's own loader too) refuse.
TEST(test_update, a_name_with_a_del_byte_is_written_escaped) {
  const auto dir = scratch_dir("update-del");
  std::string text = pod_and_policy;
  text.replace(text.find("{name: shared, mountPath"), 13, "{name: \"sha\\x7Fred\"");
  text.replace(text.find("{name: shared, nfs"), 13, "{name: \"sha\\x7Fred\"");
  write_file(dir / "volpol-test.yaml", text + "tests:\n  - name: new, no expectations yet\n");
  std::vector<test_file> files;
  const run_summary before = run_tests({dir.string()}, files);
  ASSERT_EQ(before.cases.size(), 1u);
  ASSERT_TRUE(before.cases[0].planned) << render_test_text(before);
  diagnostics problems;
  ASSERT_EQ(update_test_files(before, files, problems).size(), 1u);
  EXPECT_TRUE(problems.empty());
  const std::string written = volpol::testing::read_file(dir / "volpol-test.yaml");
  EXPECT_EQ(written.find('\x7f'), std::string::npos) << written;
  EXPECT_NE(written.find("demo/web/sha\\x7f"), std::string::npos) << written;
  std::vector<test_file> again;
  const run_summary after = run_tests({dir.string()}, again);
  EXPECT_EQ(after.passed, 1u) << render_test_text(after);
  ASSERT_EQ(again.size(), 1u);
  ASSERT_EQ(again[0].cases[0].expect.size(), 2u);
  EXPECT_EQ(again[0].cases[0].expect[0].select.volume, "demo/web/sha\x7Fred");
  EXPECT_EQ(again[0].cases[0].expect[0].method, std::optional<std::string>("fs-backup"));
}

TEST(test_run, a_shared_pvc_is_named_by_its_pvc_and_the_second_pod_by_its_volume) {
  // examples/cluster: PVC media/media-library is mounted by two pods; the first pod's
  // PodVolumeBackup covers it, the second pod's row is `shared-pvc`.
  const auto dir = scratch_dir("shared-pvc");
  write_file(dir / "volpol-test.yaml", "cluster: [" + source_path("examples/cluster") + R"(]
expect:
  - {pvc: media/media-library, method: fs-backup}
  - {volume: media/uploader-7c9f8d6b5-abcde/library, method: shared-pvc}
)");
  std::vector<test_file> files;
  const run_summary s = run_tests({dir.string()}, files);
  ASSERT_EQ(s.cases.size(), 1u);
  const case_result& c = s.cases[0];
  ASSERT_EQ(c.checks.size(), 2u);
  EXPECT_TRUE(c.checks[0].passed()) << c.checks[0].problem << render_test_text(s);
  EXPECT_EQ(c.checks[0].volume, "media thumbnailer-6b5d4c3a2-fghij/library (PVC media-library, PV nfs-media)");
  EXPECT_TRUE(c.checks[1].passed()) << c.checks[1].problem << render_test_text(s);
  EXPECT_EQ(s.passed, 1u);
}
