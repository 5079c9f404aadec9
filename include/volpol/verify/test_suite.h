// volpol/verify/test_suite.h — policy tests: files that name a policy, cluster objects and a
// backup, and say what the plan must do with each volume (`volpol test`).
//
// A test file is YAML, named `volpol-test.yaml` or `*.volpol-test.yaml`; its format is in
// doc/test-files.md and schema/volpol-test.schema.json:
//
//     policy: ../policies/snapshot-class-per-storage-class.yaml   # or the document inline
//     globalPolicy: ../policies/global.yaml                       # optional
//     cluster: [../cluster]                                       # paths and/or inline objects
//     backup: {snapshotMoveData: true}                            # BackupSpec fields, or a Backup/Schedule
//     server: {volumeSnapshotLocations: [default=aws]}            # features, locations, ...
//     tests:
//       - name: postgres data is snapshotted and moved
//         expect:
//           - volume: shop/postgres-0/data        # or pvc: NS/NAME, or pv: NAME
//             method: csi-snapshot-data-movement
//             policy: volumePolicies[0]           # optional: `none` = no policy decided
//             reasonKind: csi-snapshot            # optional: how the deciding step concluded
//             snapshotClass: ebs-gp3-snapclass    # optional
//             dataMover: velero                   # optional
//
// Relative paths are relative to the test file. A test (an item of `tests`) may replace any of
// policy, globalPolicy, cluster, backup, server for itself. Without `tests`, a top-level
// `expect` is the file's one test. Unknown keys are errors (a misspelt expectation must not
// pass in silence).
#pragma once

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "volpol/core/diagnostic.h"
#include "volpol/detail/verify/scenario.h"
#include "volpol/detail/verify/volume_outcome.h"

namespace volpol::verify {

/// Which volume an expectation is about; every given name must match.
struct volume_selector {
  std::string volume;  ///< `NS/POD/VOLUME`: a volume of a pod
  std::string pvc;     ///< `NS/NAME`
  std::string pv;      ///< `NAME`
  /// `volume: shop/postgres-0/data`-style text, the given names only.
  [[nodiscard]] std::string describe() const;
  /// Every given name matches. A shared PVC's second-pod row (`shared-pvc`) is matched only
  /// through `volume`: `pvc`/`pv` alone name the PVC's own row.
  [[nodiscard]] bool matches(const plan::volume_record& r) const;
};

/// The selector `--update` writes for a record: its PVC, else its pod volume, else its PV (a
/// shared PVC's second-pod row: its pod volume).
[[nodiscard]] volume_selector selector_for(const plan::volume_record& r);

/// What one volume must be; absent fields are not checked.
struct expectation {
  volume_selector select;
  std::optional<std::string> method;       ///< method_label: fs-backup, csi-snapshot, ...
  std::optional<std::string> policy;       ///< `volumePolicies[N]`, `global volumePolicies[N]`, `none`
  std::optional<std::string> reason_kind;  ///< plan::reason_kind's name: csi-snapshot, fs-backup-declined ...
  std::optional<std::string> snapshot_class;
  std::optional<std::string> data_mover;
  source_location where;  ///< the list item in the test file
};

struct test_case {
  std::string name;
  scenario inputs;
  std::vector<expectation> expect;
  source_location where;    ///< the test's item (or the file, for a file-level `expect`)
  std::size_t index = 0;    ///< position in `tests` (0 for a file-level test)
  bool file_level = false;  ///< from a top-level `expect`
};

struct test_file {
  std::string path;
  std::vector<test_case> cases;
};

/// `volpol-test.yaml` or `*.volpol-test.yaml`.
[[nodiscard]] bool is_test_file_name(std::string_view file_name);

/// The test files under `paths` (a file is taken as given, whatever its name; a folder is
/// searched recursively for test file names), sorted, each once. Missing paths and folders
/// without test files are reported in `problems`.
[[nodiscard]] std::vector<std::string> find_test_files(const std::vector<std::string>& paths, diagnostics& problems);

/// Reads a test file. Every problem (unreadable, not YAML, unknown key, wrong type, missing
/// `method`...) goes to `problems` with its line and column.
/// @return the tests; nullopt when the file cannot be used at all.
[[nodiscard]] std::optional<test_file> load_test_file(const std::string& path, diagnostics& problems);
/// The same for a test file's text; `path` names it in problems and anchors its relative paths.
[[nodiscard]] std::optional<test_file> parse_test_file(std::string_view text, const std::string& path,
                                                       diagnostics& problems);

// ---- running ----------------------------------------------------------------------------

/// One checked field that differs.
struct field_mismatch {
  std::string field;  ///< the test file's key: method, policy, reasonKind, snapshotClass, dataMover
  std::string expected;
  std::string got;  ///< "" shown as `none`
};

struct expectation_result {
  const expectation* expect = nullptr;
  std::string volume;       ///< the matched volume's title (volume_title)
  volume_outcome got;       ///< the matched volume's outcome
  std::string explanation;  ///< why the plan decided so (for failures)
  std::string trace;        ///< the volume's `volpol explain` text (for failures)
  std::vector<field_mismatch> mismatches;
  std::string problem;  ///< "matches no volume" / "matches 2 volumes: ..."
  [[nodiscard]] bool passed() const { return mismatches.empty() && problem.empty(); }
};

struct case_result {
  std::string file;
  std::string name;
  const test_case* test = nullptr;
  std::vector<expectation_result> checks;
  diagnostics problems;     ///< inputs that could not be used (an error fails the test)
  bool planned = false;     ///< the inputs were usable and the plan was made
  std::size_t volumes = 0;  ///< volumes in the plan
  /// The Velero release the plan was made for (named by the test, read from its cluster, or main).
  velero_version velero = default_velero_version;
  /// Every volume of the plan with its outcome, named by the selector `--update` writes
  /// (`pvc:` when it has a PVC, else `volume:`, else `pv:`).
  std::vector<std::pair<volume_selector, volume_outcome>> planned_volumes;
  [[nodiscard]] bool passed() const;
};

struct run_summary {
  std::vector<case_result> cases;
  diagnostics problems;  ///< files that could not be found or read (each counts as a failure)
  std::size_t passed = 0, failed = 0;
};

/// Plans each test and checks its expectations.
[[nodiscard]] case_result run_test(const std::string& file, const test_case& t);

/// Finds, reads and runs every test under `paths`. `files` keeps the loaded files alive for
/// the results' pointers.
/// `velero`: the release for tests whose `server.veleroVersion` names none (`volpol test
/// --velero-version`); nullopt: main, as plan assumes it.
[[nodiscard]] run_summary run_tests(const std::vector<std::string>& paths, std::vector<test_file>& files,
                                    std::optional<velero_version> velero = std::nullopt);

/// Text: `PASS file: name` / `FAIL file: name` with, for each failed expectation, the
/// expected and the actual fields as a diff (`-` expected, `+` got), the plan's reason and the
/// volume's explain trace (every step, each policy's condition verdicts); then
/// `N passed, M failed`.
[[nodiscard]] std::string render_test_text(const run_summary& s);
/// JSON: {"passed", "failed", "problems", "tests": [{file, name, passed, volumes, problems,
/// checks: [{select, volume, passed, problem, expected{...}, got{...}, mismatches, explanation}]}]}.
[[nodiscard]] std::string render_test_json(const run_summary& s);
/// JUnit XML: one <testsuite> per file, one <testcase> per test, a <failure> with the text diff.
[[nodiscard]] std::string render_test_junit(const run_summary& s);

/// `--update`: rewrites each test file so its expectations are what the plan now says. Existing
/// expectations keep their selectors and get the current value of each field they check (and
/// of `method`); a test without expectations gets one per volume (method, plus policy,
/// snapshotClass and dataMover when the plan has them). The file is re-emitted from its parsed
/// YAML: comments and formatting are not kept. Files whose tests could not run are left as is.
/// @return the paths rewritten; problems (a file that cannot be written) go to `problems`.
[[nodiscard]] std::vector<std::string> update_test_files(const run_summary& s, const std::vector<test_file>& files,
                                                         diagnostics& problems);

}  // namespace volpol::verify
