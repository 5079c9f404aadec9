// Coverage (plan/coverage.h): Go durations, robfig/cron specs as Velero's schedule controller
// parses them, and every volume against every Schedule.
#include <gtest/gtest.h>

#include <algorithm>

#include "volpol/k8s/loader.h"
#include "volpol/plan/coverage.h"
#include "volpol/plan/html_report.h"

namespace volpol::plan {
namespace {

constexpr std::int64_t minute = 60, hour = 3600, day = 86400;

TEST(coverage, go_durations) {
  EXPECT_EQ(*parse_go_duration("720h0m0s"), 720 * hour);
  EXPECT_EQ(*parse_go_duration("1h30m"), 90 * minute);
  EXPECT_EQ(*parse_go_duration("1.5h"), 90 * minute);
  EXPECT_EQ(*parse_go_duration("90s"), 90);
  EXPECT_EQ(*parse_go_duration("1500ms"), 1);
  EXPECT_EQ(*parse_go_duration("0"), 0);
  EXPECT_EQ(*parse_go_duration("-2m"), -120);
  EXPECT_EQ(parse_go_duration("3d").error()->message, "invalid duration `3d`: unknown unit");
  EXPECT_EQ(parse_go_duration("10").error()->message, "invalid duration `10`: missing unit");
  EXPECT_FALSE(parse_go_duration("").ok());
  EXPECT_FALSE(parse_go_duration("h").ok());
  EXPECT_FALSE(parse_go_duration("99999999999999h").ok());
  EXPECT_EQ(go_duration_text(720 * hour), "720h0m0s");
  EXPECT_EQ(go_duration_text(90), "1m30s");
  EXPECT_EQ(short_duration_text(30 * day), "30d");
  EXPECT_EQ(short_duration_text(day + 12 * hour), "1d12h");
  EXPECT_EQ(short_duration_text(15 * minute), "15m");
  EXPECT_EQ(short_duration_text(90 * minute + 30), "1h30m30s");
  EXPECT_EQ(short_duration_text(-hour), "-1h");
}

std::int64_t longest(std::string_view spec) {
  auto t = parse_cron(spec);
  EXPECT_TRUE(t.ok()) << spec << ": " << (t.ok() ? "" : t.error()->message);
  if (!t.ok() || !t->longest_interval) return -1;
  return *t->longest_interval;
}

TEST(coverage, cron_intervals) {
  EXPECT_EQ(longest("0 2 * * *"), day);
  EXPECT_EQ(longest("30 3 * * 0"), 7 * day);
  EXPECT_EQ(longest("*/15 * * * *"), 15 * minute);
  EXPECT_EQ(longest("0 */6 * * *"), 6 * hour);
  EXPECT_EQ(longest("0 1,13 * * *"), 12 * hour);
  EXPECT_EQ(longest("0 0 * * 1-5"), 3 * day);      // Friday to Monday
  EXPECT_EQ(longest("0 0 * * MON-FRI"), 3 * day);  // names, any case
  EXPECT_EQ(longest("0 0 31 * *"), 61 * day);      // May 31 to July 31
  EXPECT_EQ(longest("0 0 13 * 5"), 7 * day);       // both restricted: the 13th or a Friday
  EXPECT_EQ(longest("0 0 */10 * */2"), 2 * day);   // a step drops the star: days 1, 11, 21, 31 or Sun, Tue, Thu, Sat
  EXPECT_EQ(longest("0 0 */10 * *"), 10 * day);    // a star day of week: days 1, 11, 21, 31 only
  EXPECT_EQ(longest("0 0 1 1 *"), 366 * day);      // 2024 is a leap year
  EXPECT_EQ(longest("0 0 29 2 *"), (366 + 365 + 365 + 365) * day);
  EXPECT_EQ(longest("@daily"), day);
  EXPECT_EQ(longest("@midnight"), day);
  EXPECT_EQ(longest("@hourly"), hour);
  EXPECT_EQ(longest("@weekly"), 7 * day);
  EXPECT_EQ(longest("@every 90m"), 90 * minute);
  EXPECT_EQ(longest("@every 100ms"), 60);  // the controller checks Schedules once a minute
  EXPECT_EQ(longest("@every 36h"), 36 * hour);
  EXPECT_EQ(longest("@every 90s"), 2 * minute);  // due at the check after 90 s: every 2 minutes
  EXPECT_EQ(longest("@every 61s"), 2 * minute);
  EXPECT_EQ(longest("CRON_TZ=Europe/Berlin 0 2 * * *"), day);
  EXPECT_EQ(longest("TZ=UTC  0 2 * * *"), day);
  EXPECT_EQ(parse_cron("0 2 * * *")->runs_per_year, 365u);
  EXPECT_EQ(parse_cron("*/15 * * * *")->runs_per_year, 365u * 96);
  // February 30th never comes: robfig's Next gives the zero time, which Velero's
  // getNextRunTime takes as due at every check (each minute).
  auto never = parse_cron("0 0 30 2 *");
  ASSERT_TRUE(never.ok());
  EXPECT_TRUE(never->never_matches);
  EXPECT_EQ(never->longest_interval, 60);
}

TEST(coverage, invalid_cron_messages_are_robfigs) {
  const auto message = [](std::string_view spec) { return parse_cron(spec).error()->message; };
  EXPECT_EQ(message(""), "invalid schedule: empty spec string");
  EXPECT_EQ(message("0 2 * *"), "invalid schedule: expected exactly 5 fields, found 4: 0 2 * *");
  EXPECT_EQ(message("0 2 * * * *"), "invalid schedule: expected exactly 5 fields, found 6: 0 2 * * * *");
  EXPECT_EQ(message("61 * * * *"), "invalid schedule: end of range (61) above maximum (59): 61");
  EXPECT_EQ(message("0 0 0 * *"), "invalid schedule: beginning of range (0) below minimum (1): 0");
  EXPECT_EQ(message("0 5-2 * * *"), "invalid schedule: beginning of range (5) beyond end of range (2): 5-2");
  EXPECT_EQ(message("*/0 * * * *"), "invalid schedule: step of range should be a positive number: */0");
  EXPECT_EQ(message("x * * * *"), "invalid schedule: failed to parse int from x");
  EXPECT_EQ(message("1-2-3 * * * *"), "invalid schedule: too many hyphens: 1-2-3");
  EXPECT_EQ(message("1/2/3 * * * *"), "invalid schedule: too many slashes: 1/2/3");
  EXPECT_EQ(message("0 0 * * 7"), "invalid schedule: end of range (7) above maximum (6): 7");
  EXPECT_EQ(message("@fortnightly"), "invalid schedule: unrecognized descriptor: @fortnightly");
  EXPECT_EQ(message("CRON_TZ=Mars/Olympus 0 3 * * *"),
            "invalid schedule: provided bad location Mars/Olympus: unknown time zone Mars/Olympus");
  EXPECT_EQ(message("TZ=../../etc/passwd 0 3 * * *"),
            "invalid schedule: provided bad location ../../etc/passwd: unknown time zone ../../etc/passwd");
}

const char* kCluster = R"(apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: data, namespace: shop}
spec: {storageClassName: csi-sc, volumeName: pv-data}
status: {phase: Bound}
---
apiVersion: v1
kind: PersistentVolume
metadata: {name: pv-data}
spec:
  storageClassName: csi-sc
  csi: {driver: ebs.csi.aws.com, volumeHandle: vol-1}
  claimRef: {namespace: shop, name: data}
---
apiVersion: v1
kind: Pod
metadata: {name: web, namespace: shop}
spec:
  nodeName: n1
  containers:
  - name: web
    volumeMounts: [{name: data, mountPath: /data}, {name: cache, mountPath: /cache}, {name: config, mountPath: /etc/web}]
  volumes:
  - {name: data, persistentVolumeClaim: {claimName: data}}
  - {name: cache, emptyDir: {}}
  - {name: config, configMap: {name: web}}
status: {phase: Running}
---
apiVersion: v1
kind: Pod
metadata: {name: worker, namespace: jobs}
spec:
  nodeName: n1
  containers:
  - {name: worker, volumeMounts: [{name: scratch, mountPath: /scratch}]}
  volumes:
  - {name: scratch, emptyDir: {}}
status: {phase: Running}
---
apiVersion: velero.io/v1
kind: Schedule
metadata: {name: daily, namespace: velero}
spec:
  schedule: "0 1 * * *"
  template:
    includedNamespaces: [shop]
    ttl: 12h
    resourcePolicy: {kind: configmap, name: skip-emptydir}
---
apiVersion: velero.io/v1
kind: Schedule
metadata: {name: hourly, namespace: velero}
spec:
  schedule: "@hourly"
  template:
    includedNamespaces: [shop]
    defaultVolumesToFsBackup: true
---
apiVersion: velero.io/v1
kind: Schedule
metadata: {name: paused, namespace: velero}
spec:
  schedule: "0 3 * * *"
  paused: true
  template: {includedNamespaces: [jobs], defaultVolumesToFsBackup: true}
---
apiVersion: velero.io/v1
kind: Schedule
metadata: {name: elsewhere, namespace: other}
spec: {schedule: "0 3 * * *", template: {defaultVolumesToFsBackup: true}}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: skip-emptydir, namespace: velero}
data:
  policy.yaml: |
    version: v1
    volumePolicies:
    - conditions: {volumeTypes: [emptyDir]}
      action: {type: skip}
)";

const coverage_volume& find(const coverage_result& c, std::string_view key) {
  for (const coverage_volume& v : c.volumes)
    if (v.volume == key) return v;
  ADD_FAILURE() << "no volume " << key;
  static const coverage_volume none;
  return none;
}

TEST(coverage, every_volume_against_every_schedule) {
  const k8s::load_result loaded = k8s::load_text(kCluster, "c.yaml");
  ASSERT_TRUE(loaded.problems.items().empty()) << loaded.problems.items()[0].to_string();
  coverage_input in;
  in.cluster = &loaded.objects;
  const coverage_result c = make_coverage(in);
  // The Velero namespace's Schedules by name; `other/elsewhere` is not Velero's.
  ASSERT_EQ(c.sources.size(), 3u);
  EXPECT_EQ(c.sources[0].name, "daily");
  EXPECT_EQ(c.sources[1].name, "hourly");
  EXPECT_EQ(c.sources[2].name, "paused");
  EXPECT_TRUE(c.sources[0].runs);
  EXPECT_FALSE(c.sources[2].runs);
  EXPECT_EQ(c.sources[0].ttl, 12 * hour);
  EXPECT_FALSE(c.sources[0].ttl_default);
  EXPECT_EQ(c.sources[1].ttl, 720 * hour);
  EXPECT_EQ(c.sources[0].policy_config_map, "velero/skip-emptydir");

  // The PVC: daily snapshots it (CSI), hourly copies it; the newest copy is at most an hour old.
  const coverage_volume& data = find(c, "shop/data");
  EXPECT_EQ(data.status, coverage_status::protected_volume);
  ASSERT_EQ(data.entries.size(), 3u);
  EXPECT_EQ(data.entries[0].method, "csi-snapshot");
  EXPECT_EQ(data.entries[1].method, "fs-backup");
  EXPECT_EQ(data.entries[2].method, "not-backed-up");
  ASSERT_TRUE(data.best_source);
  EXPECT_EQ(*data.best_source, 1u);
  EXPECT_EQ(data.newest_copy_age, hour);
  EXPECT_EQ(data.method, "fs-backup");

  // The emptyDir: daily skips it by its policy, hourly copies it.
  const coverage_volume& cache = find(c, "shop/web/cache");
  EXPECT_EQ(cache.status, coverage_status::protected_volume);
  EXPECT_EQ(cache.entries[0].method, "skipped");
  EXPECT_EQ(cache.entries[0].policy, "volumePolicies[0] (skip)");

  // The configMap volume is kube state; the jobs pod only a paused Schedule includes.
  EXPECT_EQ(find(c, "shop/web/config").status, coverage_status::kube_state);
  const coverage_volume& scratch = find(c, "jobs/worker/scratch");
  EXPECT_EQ(scratch.status, coverage_status::unprotected);
  // Only the paused Schedule includes it.
  EXPECT_EQ(scratch.why, unprotected_why::not_running);
  EXPECT_EQ(why_text(scratch, c),
            "included only by sources that create or hold no Backup (paused, invalid, failed): paused");
  ASSERT_EQ(c.unprotected.size(), 1u);
  EXPECT_EQ(c.volumes[c.unprotected[0]].volume, "jobs/worker/scratch");

  ASSERT_EQ(c.namespaces.size(), 2u);
  EXPECT_EQ(c.namespaces[0].name, "jobs");
  EXPECT_EQ(c.namespaces[0].unprotected, 1u);
  EXPECT_EQ(c.namespaces[1].protected_volumes, 2u);
  EXPECT_EQ(c.namespaces[1].kube_state, 1u);
  EXPECT_EQ(c.namespaces[1].by_method.at("fs-backup"), 2u);

  // Paused: a warning; daily's ttl (12h) outlives its day between runs: a warning too.
  std::vector<std::string> problems;
  for (const diagnostic& d : c.problems) problems.push_back(d.message);
  ASSERT_EQ(problems.size(), 3u);
  EXPECT_EQ(problems[0], "1 Schedule outside `velero` not planned: other/elsewhere");
  EXPECT_EQ(problems[1],
            "Schedule velero/daily: ttl 12h0m0s is shorter than the longest time between its runs (24h0m0s): for a "
            "while before each run no copy exists");
  EXPECT_EQ(problems[2], "Schedule velero/paused: paused: it creates no Backup");

  const std::string metrics = coverage_prometheus_text(c);
  EXPECT_NE(metrics.find("volpol_volume_protected{namespace=\"shop\",persistentvolumeclaim=\"data\",volume=\"shop/"
                         "data\",schedule=\"hourly\",kind=\"Schedule\",method=\"fs-backup\"} 1\n"),
            std::string::npos);
  EXPECT_NE(metrics.find("volpol_unprotected_volumes{namespace=\"jobs\"} 1\n"), std::string::npos);
}

TEST(coverage, a_missing_policy_fails_the_schedule_and_no_schedule_protects_nothing) {
  const std::string text = std::string(kCluster).substr(0, std::string(kCluster).find(
                                                               "---\napiVersion: v1\nkind: ConfigMap"));
  const k8s::load_result loaded = k8s::load_text(text, "c.yaml");
  coverage_input in;
  in.cluster = &loaded.objects;
  const coverage_result c = make_coverage(in);
  EXPECT_FALSE(c.sources[0].runs);
  EXPECT_TRUE(c.problems.has_errors());
  EXPECT_EQ(c.problems.items()[1].message,
            "Schedule velero/daily: resource policy ConfigMap `velero/skip-emptydir` is not in the input: its Backups "
            "fail validation");
  // Only hourly runs: the emptyDir it copies stays protected.
  EXPECT_EQ(find(c, "shop/web/cache").status, coverage_status::protected_volume);

  in.velero_namespace = "nowhere";
  const coverage_result none = make_coverage(in);
  EXPECT_TRUE(none.sources.empty());
  EXPECT_EQ(find(none, "shop/data").why, unprotected_why::no_source);
  EXPECT_EQ(none.unprotected.size(), 3u);  // data, cache, scratch; config is kube state
}

TEST(coverage, backups_ttl_and_why_when_no_schedule_runs) {
  const std::string extra = R"(
---
apiVersion: velero.io/v1
kind: Backup
metadata: {name: hourly, namespace: velero}
spec: {includedNamespaces: [jobs], defaultVolumesToFsBackup: true}
status: {phase: Completed, expiration: "2030-01-01T00:00:00Z"}
---
apiVersion: velero.io/v1
kind: Backup
metadata: {name: old, namespace: velero}
spec: {includedNamespaces: [jobs], defaultVolumesToFsBackup: true}
status: {phase: Completed, expiration: "2020-01-01T00:00:00Z"}
---
apiVersion: velero.io/v1
kind: Backup
metadata: {name: running, namespace: velero}
spec: {includedNamespaces: [jobs], defaultVolumesToFsBackup: true}
status: {phase: InProgress}
---
apiVersion: velero.io/v1
kind: Backup
metadata: {name: from-schedule, namespace: velero, labels: {velero.io/schedule-name: daily}}
spec: {includedNamespaces: [jobs], defaultVolumesToFsBackup: true}
---
apiVersion: velero.io/v1
kind: Schedule
metadata: {name: negative, namespace: velero}
spec: {schedule: "@daily", template: {includedNamespaces: [none], ttl: -1h}}
)";
  const k8s::load_result loaded = k8s::load_text(std::string(kCluster) + extra, "c.yaml");
  ASSERT_TRUE(loaded.problems.items().empty()) << loaded.problems.items()[0].to_string();
  coverage_input in;
  in.cluster = &loaded.objects;
  in.include_backups = true;
  in.now = "2026-12-06T17:00:00Z";
  const coverage_result c = make_coverage(in);
  // Schedules by name, then the Backups no Schedule created, by name.
  std::vector<std::string> labels;
  for (const coverage_source& s : c.sources) labels.push_back(source_label(s) + (s.runs ? "" : " (no copy)"));
  EXPECT_EQ(labels, (std::vector<std::string>{"daily", "hourly", "negative", "paused (no copy)", "backup/hourly",
                                              "backup/old (no copy)", "backup/running (no copy)"}));
  EXPECT_EQ(c.sources[2].ttl, -hour);
  EXPECT_FALSE(c.sources[2].ttl_default);
  // The Backup `hourly` shares a Schedule's name: the metrics tell them apart by kind.
  const coverage_volume& scratch = find(c, "jobs/worker/scratch");
  EXPECT_EQ(scratch.status, coverage_status::protected_volume);
  EXPECT_EQ(scratch.method, "fs-backup");
  EXPECT_FALSE(scratch.newest_copy_age);  // a Backup runs once
  const std::string metrics = coverage_prometheus_text(c);
  EXPECT_NE(metrics.find("schedule=\"hourly\",kind=\"Backup\",method=\"fs-backup\"} 1"), std::string::npos);
  std::vector<std::string> problems;
  for (const diagnostic& d : c.problems) problems.push_back(d.message);
  EXPECT_NE(std::find(problems.begin(), problems.end(),
                      "Backup velero/old: expired at 2020-01-01T00:00:00Z: garbage collection deletes it"),
            problems.end());
  EXPECT_NE(std::find(problems.begin(), problems.end(),
                      "Backup velero/running: phase InProgress: it holds no copy yet"),
            problems.end());
  EXPECT_NE(std::find(problems.begin(), problems.end(),
                      "Schedule velero/negative: ttl -1h0m0s is negative: each Backup has expired when it is made, "
                      "and garbage collection deletes it"),
            problems.end());
}

TEST(coverage, prometheus_labels_are_escaped) {
  coverage_result c;
  coverage_source s;
  s.name = "a\"b\\c\nd";
  s.runs = true;
  c.sources.push_back(s);
  coverage_volume v;
  v.namespace_ = "ns";
  v.volume = "ns/p";
  v.status = coverage_status::protected_volume;
  v.entries.push_back(coverage_entry{0, "fs-backup", "", ""});
  c.volumes.push_back(v);
  EXPECT_NE(coverage_prometheus_text(c).find("schedule=\"a\\\"b\\\\c\\nd\""), std::string::npos)
      << coverage_prometheus_text(c);
}

TEST(coverage, html_names_every_volume_and_escapes_input) {
  const k8s::load_result loaded = k8s::load_text(kCluster, "c.yaml");
  coverage_input in;
  in.cluster = &loaded.objects;
  coverage_result c = make_coverage(in);
  c.volumes[0].name = "<script>alert(1)</script>";
  char* data = nullptr;
  std::size_t size = 0;
  std::FILE* f = open_memstream(&data, &size);
  write_html(coverage_html(c), f);
  std::fclose(f);
  const std::string page(data, size);
  std::free(data);
  EXPECT_TRUE(page.starts_with("<!DOCTYPE html>"));
  EXPECT_EQ(page.find("<script>alert"), std::string::npos);
  EXPECT_NE(page.find("&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
  for (const char* name : {"web/cache", "web/config", "data", "daily", "hourly", "paused"})
    EXPECT_NE(page.find(name), std::string::npos) << name;
  EXPECT_EQ(page.find("http://"), page.find("http://www.w3.org/2000/svg"));  // nothing fetched
}

}  // namespace
}  // namespace volpol::plan
