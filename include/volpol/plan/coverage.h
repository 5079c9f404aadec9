// volpol/plan/coverage.h — every volume against every Schedule: which Schedules back it up and
// how, and the volumes none protects, with why.
//
// Each Schedule of the Velero namespace is planned as Velero runs it: the Backup its controller
// creates (pkg/controller/schedule_controller.go `getBackup`, k8s::backup_from_schedule), with
// the resource-policy ConfigMap its template names, the server's global policy, server options
// and Velero release — plan::make_plan, once per Schedule. With coverage_input::include_backups,
// the Backups of the Velero namespace that no Schedule created are planned too.
//
//     plan::coverage_input in;
//     in.cluster = &objects;                 // PVs, PVCs, pods, Schedules, ConfigMaps ...
//     in.server = server;                    // --features, volume snapshot locations, release
//     auto cov = plan::make_coverage(in);    // never fails: problems are data
//     for (std::size_t i : cov.unprotected) use(cov.volumes[i]);
//
// A volume is protected when some running source copies its data (fs-backup, CSI snapshot with
// or without data movement, native snapshot, or a custom plugin's action). Volumes whose content
// comes from API objects (configMap, secret, projected, downwardAPI: pkg/util/podvolume
// `GetVolumesToProcess` skips them, "all data in those come from kube state") are listed with
// coverage_status::kube_state and are neither protected nor unprotected.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "volpol/core/diagnostic.h"
#include "volpol/core/result.h"
#include "volpol/k8s/cluster.h"
#include "volpol/plan/backup_options.h"
#include "volpol/plan/volume_record.h"
#include "volpol/policy/policies.h"

namespace volpol::plan {

/// A Go duration ("720h0m0s", "1h30m", "90s", "1.5h"; time.ParseDuration), in whole seconds
/// (fractions of a second dropped). Velero's `ttl` and robfig/cron's `@every` are written so.
/// @return the seconds, or an error naming the text ("invalid duration `3d`").
[[nodiscard]] result<std::int64_t> parse_go_duration(std::string_view text);
/// "720h0m0s" style (Go's time.Duration.String for whole seconds).
[[nodiscard]] std::string go_duration_text(std::int64_t seconds);
/// For people, exact: "30d", "1d12h", "6h", "1h30m30s", "45s".
[[nodiscard]] std::string short_duration_text(std::int64_t seconds);

/// A Schedule's `spec.schedule`, parsed as Velero parses it: robfig/cron v3 `ParseStandard`
/// (pkg/controller/schedule_controller.go `parseCronSchedule`): five fields (minute, hour,
/// day of month, month, day of week; names JAN-DEC and SUN-SAT; `*`, `?`, ranges, lists,
/// steps), the descriptors @yearly @annually @monthly @weekly @daily @midnight @hourly and
/// `@every DURATION`, and a leading `CRON_TZ=Zone ` / `TZ=Zone `. Day of month and day of week
/// both restricted: either matches (robfig's dayMatches).
struct cron_timing {
  /// The longest time between two runs in seconds (a run's newest copy is at most this old
  /// when the next is due), over eight years of runs from 2024-01-01 UTC (time zones and
  /// daylight saving time not applied), and never below schedule_sync_period_seconds.
  std::optional<std::int64_t> longest_interval;
  std::size_t runs_per_year = 0;  ///< runs in 2025 (UTC)
  /// The spec names no date that comes (`0 0 30 2 *`): robfig's Next gives the zero time, which
  /// Velero's getNextRunTime takes as due at every check, so a Backup starts about every
  /// minute (longest_interval is the sync period).
  bool never_matches = false;
};
/// How often Velero's schedule controller checks each Schedule (schedule_controller.go,
/// `scheduleSyncPeriod`): no Schedule runs more often.
inline constexpr std::int64_t schedule_sync_period_seconds = 60;
/// @return the timing, or the error Velero sets on the Schedule (phase FailedValidation,
///         "invalid schedule: ...").
[[nodiscard]] result<cron_timing> parse_cron(std::string_view spec);

/// Velero's default backup TTL (`velero server --default-backup-ttl`, 30 days).
inline constexpr std::int64_t default_backup_ttl_seconds = 720 * 3600;

struct coverage_input {
  /// The objects: volumes, and the Schedules, Backups and policy ConfigMaps of the Velero
  /// namespace. Must outlive the result only while make_coverage runs (the result owns its text).
  const k8s::cluster* cluster = nullptr;
  const policy::policies* global_policies = nullptr;             ///< the server's global volume policies, or null
  server_options server;                                         ///< features, snapshot locations, release
  std::string velero_namespace = "velero";                       ///< where Velero's Schedules and Backups are
  bool include_backups = false;                                  ///< also plan Backups no Schedule created
  std::int64_t default_backup_ttl = default_backup_ttl_seconds;  ///< --default-backup-ttl, seconds
  value custom_action_params;                                    ///< as plan_input's (null: not asked)
  /// The time now, RFC 3339 in UTC ("2026-12-06T17:00:00Z"), as Kubernetes writes times: a
  /// Backup whose status.expiration is before it has expired. "" = none compared.
  std::string now;
  unsigned threads = 1;  ///< as plan_input's
};

/// What planned volumes: a Schedule or (with include_backups) a Backup.
struct coverage_source {
  enum class kind : std::uint8_t { schedule, backup };
  kind k = kind::schedule;
  std::string name;               ///< metadata.name
  std::string cron;               ///< spec.schedule ("" for a Backup)
  bool paused = false;            ///< spec.paused: no Backup is created while paused
  cron_timing timing;             ///< parsed spec.schedule (a Backup: none)
  std::int64_t ttl = 0;           ///< spec.(template.)ttl, or the default, in seconds
  bool ttl_default = false;       ///< ttl unset: the server's --default-backup-ttl
  std::string policy_config_map;  ///< "namespace/name" of spec.resourcePolicy, "" for none
  /// Why it backs nothing up, or what else is wrong: an invalid cron, an invalid or missing
  /// policy ConfigMap, the Backup failing validation. Messages name the object.
  std::vector<diagnostic> problems;
  /// It creates Backups that copy data: a Backup always (it ran or will), a Schedule when not
  /// paused, its cron valid and it runs, its policy valid and it passes validation.
  bool runs = false;
  plan_summary summary;            ///< its plan's counts (empty when it could not be planned)
  std::vector<std::string> notes;  ///< its plan's notes, spelled (plan_note_text)
};

/// How outputs name a source: the Schedule's name, or `backup/NAME` for a Backup (a Backup and
/// a Schedule may share a name).
[[nodiscard]] std::string source_label(const coverage_source& s);

/// How a volume is protected, all sources together.
enum class coverage_status : std::uint8_t {
  protected_volume,  ///< a running source copies its data
  unprotected,       ///< no running source copies its data
  kube_state,        ///< configMap, secret, projected or downwardAPI: the objects are backed up, not the volume
};
/// "protected", "unprotected", "kube-state".
[[nodiscard]] std::string_view to_string(coverage_status s);

/// Why a volume is unprotected (coverage_volume::why), the first that holds.
enum class unprotected_why : std::uint8_t {
  none,              ///< protected (or kube-state)
  no_source,         ///< the Velero namespace has no Schedule (nor Backup, when asked)
  not_running,       ///< only sources that create no Backup include it (paused, invalid)
  included_by_none,  ///< every running source leaves it out (namespace, resource, label filters)
  skipped,           ///< every running source that includes it skips it (a policy, an annotation, ...)
  errors,            ///< the sources that include it fail on it (errors in the plan)
};
/// "no-schedule", "schedules-not-running", "included-by-none", "skipped-by-every-schedule",
/// "errors".
[[nodiscard]] std::string_view to_string(unprotected_why w);

/// One source's outcome for one volume.
struct coverage_entry {
  std::uint32_t source = 0;  ///< index into coverage_result::sources
  std::string method;        ///< method_label (report.h): fs-backup, csi-snapshot, skipped, not-backed-up ...
  std::string policy;        ///< policy_label: the deciding volume policy, "" when none
  std::string reason;        ///< reason_text: why
  [[nodiscard]] bool copies_data() const;  ///< fs-backup, a snapshot or custom
};

struct coverage_volume {
  std::string namespace_;  ///< the PVC's or pod's namespace ("" for a PV no claim names)
  std::string volume;      ///< volume_key: what `volpol explain` takes (NS/PVC, NS/POD/VOLUME, pv/NAME)
  std::string name;        ///< the VOLUME column of `volpol plan` (PVC, POD/VOLUME or pv/NAME)
  std::string pod, pod_volume, pvc, pv, storage_class, volume_type;
  coverage_status status = coverage_status::unprotected;
  unprotected_why why = unprotected_why::none;
  /// One per source, in coverage_result::sources order.
  std::vector<coverage_entry> entries;
  /// For a protected volume: the first source (in sources order) with the shortest longest
  /// interval among those that copy it, and that interval (how old its newest copy can be);
  /// nullopt interval when only Backups copy it.
  std::optional<std::uint32_t> best_source;
  std::optional<std::int64_t> newest_copy_age;
  std::string method;  ///< the best source's method ("" when unprotected)
};

/// Counts of one namespace's volumes.
struct coverage_namespace {
  std::string name;
  std::size_t volumes = 0, protected_volumes = 0, unprotected = 0, kube_state = 0;
  std::map<std::string, std::size_t, std::less<>> by_method;  ///< protected volumes by their best method
};

struct coverage_result {
  std::vector<coverage_source> sources;        ///< Schedules by name, then Backups by name
  std::vector<coverage_volume> volumes;        ///< sorted by namespace, then volume name
  std::vector<std::size_t> unprotected;        ///< indexes into volumes, in their order
  std::vector<coverage_namespace> namespaces;  ///< sorted by name
  std::string velero_namespace;
  std::string velero_release;  ///< the release the plans are for ("main (d2241adb)", "v1.18.2")
  diagnostics problems;        ///< every source's problems, in source order
};

/// Plans every source and combines the plans. No errors: a source that cannot be planned is
/// kept with its problems (and protects nothing).
[[nodiscard]] coverage_result make_coverage(const coverage_input& in);

/// The sentence for a volume's why, naming the sources: "skipped by every Schedule that
/// includes it: daily (volumePolicies[0] (skip)), weekly (...)".
[[nodiscard]] std::string why_text(const coverage_volume& v, const coverage_result& c);

/// "SOURCE:METHOD" for each running source that copies the volume's data, in source order
/// (source_label names the source): the table's PROTECTED BY.
[[nodiscard]] std::vector<std::string> protected_by(const coverage_volume& v, const coverage_result& c);
/// The sentence for a volume that is not protected: why_text for an unprotected one, "configMap
/// volume: Velero backs up its objects, not the volume" for kube state; "" when protected.
[[nodiscard]] std::string unprotected_text(const coverage_volume& v, const coverage_result& c);
/// Volumes the source's Backups copy (fs-backup, snapshots, custom), from its plan's summary;
/// nullopt when it creates or holds no Backup (coverage_source::runs false).
[[nodiscard]] std::optional<std::size_t> copied_volumes(const coverage_source& s);

/// How render_coverage_table lays it out.
struct coverage_table_options {
  bool wide = false;        ///< -o wide: POD/VOLUME, PVC, PV, STORAGECLASS and one column per source
  bool no_headers = false;  ///< rows only
};
/// The table: one row per volume (NAMESPACE, VOLUME, STATUS, PROTECTED BY (source:method),
/// NEWEST COPY AT MOST, WHY), then the sources, the per-namespace summary and the problems.
[[nodiscard]] std::string render_coverage_table(const coverage_result& c, const coverage_table_options& opt = {});
/// {"kind": "VolumeCoverage", "veleroNamespace", "veleroRelease", "sources", "namespaces",
///  "volumes", "unprotected", "problems"}: everything the table shows.
void write_coverage_json(const coverage_result& c, std::FILE* out);
void write_coverage_yaml(const coverage_result& c, std::FILE* out);
/// node-exporter textfile format: `volpol_volume_protected{namespace,persistentvolumeclaim,
/// volume,schedule,kind,method} 1` per volume and source that copies it (kind: Schedule or Backup),
/// `volpol_unprotected_volumes{namespace}` per namespace, `volpol_coverage_sources` and
/// `volpol_volumes{namespace,status}`.
[[nodiscard]] std::string coverage_prometheus_text(const coverage_result& c);

}  // namespace volpol::plan
