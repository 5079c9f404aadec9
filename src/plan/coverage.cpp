// Every volume against every Schedule (coverage.h): one plan per Schedule (and, when asked, per
// Backup no Schedule created), combined per volume.
#include "volpol/plan/coverage.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <unordered_map>

#include "volpol/detail/plan/backup_source.h"
#include "volpol/detail/plan/reason_text.h"
#include "volpol/detail/plan/velero_release.h"
#include "volpol/plan/planner.h"
#include "volpol/plan/report.h"

namespace volpol::plan {

std::string_view to_string(coverage_status s) {
  switch (s) {
    case coverage_status::protected_volume: return "protected";
    case coverage_status::unprotected: return "unprotected";
    case coverage_status::kube_state: return "kube-state";
  }
  return "";
}

std::string_view to_string(unprotected_why w) {
  switch (w) {
    case unprotected_why::none: return "";
    case unprotected_why::no_source: return "no-schedule";
    case unprotected_why::not_running: return "schedules-not-running";
    case unprotected_why::included_by_none: return "included-by-none";
    case unprotected_why::skipped: return "skipped-by-every-schedule";
    case unprotected_why::errors: return "errors";
  }
  return "";
}

std::string source_label(const coverage_source& s) {
  return s.k == coverage_source::kind::schedule ? s.name : "backup/" + s.name;
}

bool coverage_entry::copies_data() const {
  return method == "fs-backup" || method == "csi-snapshot" || method == "csi-snapshot-data-movement" ||
         method == "native-snapshot" || method == "custom";
}

namespace {

/// Volumes whose data comes from API objects (pkg/util/podvolume `GetVolumesToProcess`).
bool is_kube_state(std::string_view volume_type) {
  return volume_type == "configMap" || volume_type == "secret" || volume_type == "projected" ||
         volume_type == "downwardAPI";
}

diagnostic source_problem(severity level, const k8s::object_origin& origin, std::string message) {
  diagnostic d = make_error(std::move(message));
  d.level = level;
  d.where.file = std::string(origin.file);
  d.where.line = origin.line;
  return d;
}

std::string kind_name(coverage_source::kind k) { return k == coverage_source::kind::schedule ? "Schedule" : "Backup"; }

/// The policy ConfigMap of `b` checked as Velero's backup controller checks it
/// (pkg/controller/backup_controller.go `prepareBackupRequest`: a missing or invalid policy
/// fails validation). nullopt when none is named; `problem` set when it cannot be used.
std::optional<policy::checked_policies> source_policy(const k8s::cluster& cluster, const k8s::backup& b,
                                                      coverage_source& src, const k8s::object_origin& origin) {
  if (b.spec.resource_policy_name.empty()) return std::nullopt;
  src.policy_config_map = b.metadata.namespace_ + "/" + b.spec.resource_policy_name;
  const k8s::config_map* cm = resource_policy_config_map(cluster, b);
  const std::string who = fmt::format("{} {}", kind_name(src.k), escape_text(b.metadata.namespace_ + "/" + src.name));
  if (cm == nullptr) {
    // A Schedule's next Backup fails validation; a Backup that ran used the ConfigMap then.
    const bool ran = src.k == coverage_source::kind::backup;
    src.problems.push_back(source_problem(
        ran ? severity::warning : severity::error, origin,
        ran ? fmt::format("{}: resource policy ConfigMap `{}` is not in the input: planned without it (what the "
                          "Backup did with its volumes may differ)",
                          who, escape_text(src.policy_config_map))
            : fmt::format("{}: resource policy ConfigMap `{}` is not in the input: its Backups fail validation", who,
                          escape_text(src.policy_config_map))));
    return std::nullopt;
  }
  policy::checked_policies checked = check_resource_policy(*cm);
  for (const diagnostic& d : checked.problems) {
    diagnostic named = d;
    named.message = fmt::format("{} (policy of {})", d.message, who);
    src.problems.push_back(std::move(named));
  }
  if (!checked.ok()) return std::nullopt;
  return checked;
}

struct planned_source {
  coverage_source source;
  std::optional<k8s::backup> backup;  // what is planned (none: the source cannot be planned)
};

/// The sources in the order the result lists them: Schedules by name, then Backups by name.
std::vector<planned_source> collect_sources(const coverage_input& in) {
  std::vector<planned_source> out;
  std::vector<const k8s::schedule*> schedules;
  std::vector<std::string> elsewhere;
  for (const k8s::schedule& s : in.cluster->schedules()) {
    if (s.metadata.namespace_ == in.velero_namespace) schedules.push_back(&s);
    else elsewhere.push_back(escape_text(s.metadata.key()));
  }
  std::sort(schedules.begin(), schedules.end(),
            [](const k8s::schedule* a, const k8s::schedule* b) { return a->metadata.name < b->metadata.name; });
  for (const k8s::schedule* s : schedules) {
    planned_source p;
    coverage_source& src = p.source;
    src.k = coverage_source::kind::schedule;
    src.name = s->metadata.name;
    src.cron = s->cron;
    src.paused = s->paused;
    const std::string who = fmt::format("Schedule {}", escape_text(s->metadata.key()));
    auto timing = parse_cron(s->cron);
    if (const diagnostic* e = timing.error())
      src.problems.push_back(
          source_problem(severity::error, s->origin,
                         fmt::format("{}: {} (phase FailedValidation: it creates no Backup)", who, e->message)));
    else src.timing = *timing;
    if (src.paused)
      src.problems.push_back(
          source_problem(severity::warning, s->origin, fmt::format("{}: paused: it creates no Backup", who)));
    if (timing.ok() && timing->never_matches)
      src.problems.push_back(source_problem(
          severity::warning, s->origin,
          fmt::format("{}: `{}` names no date that comes: robfig's Next gives the zero time, which Velero's "
                      "getNextRunTime takes as due at every check: a Backup about every minute",
                      who, escape_text(s->cron))));
    p.backup = k8s::backup_from_schedule(*s);
    src.runs = timing.ok() && !src.paused;
    out.push_back(std::move(p));
  }
  if (!elsewhere.empty() && !schedules.empty()) {
    std::sort(elsewhere.begin(), elsewhere.end());
    diagnostic d = make_error(fmt::format("{} Schedule{} outside `{}` not planned: {}", elsewhere.size(),
                                          elsewhere.size() == 1 ? "" : "s", escape_text(in.velero_namespace),
                                          fmt::join(elsewhere, ", ")));
    d.level = severity::warning;
    d.help = "Velero runs the Schedules of its own namespace only (--velero-namespace names it)";
    out.front().source.problems.insert(out.front().source.problems.begin(), std::move(d));
  }
  if (!in.include_backups) return out;
  std::vector<const k8s::backup*> backups;
  for (const k8s::backup& b : in.cluster->backups())
    if (b.metadata.namespace_ == in.velero_namespace && !b.metadata.labels.contains("velero.io/schedule-name"))
      backups.push_back(&b);
  std::sort(backups.begin(), backups.end(),
            [](const k8s::backup* a, const k8s::backup* b) { return a->metadata.name < b->metadata.name; });
  for (const k8s::backup* b : backups) {
    planned_source p;
    p.source.k = coverage_source::kind::backup;
    p.source.name = b->metadata.name;
    // pkg/apis/velero/v1/backup_types.go BackupPhase: the phases whose Backup holds copies
    // (or will, once its plugins' operations end); "" for a Backup without status (a file).
    static const std::set<std::string_view> holding = {"",
                                                       "Completed",
                                                       "PartiallyFailed",
                                                       "WaitingForPluginOperations",
                                                       "WaitingForPluginOperationsPartiallyFailed",
                                                       "Finalizing",
                                                       "FinalizingPartiallyFailed"};
    const std::string who = fmt::format("Backup {}", escape_text(b->metadata.key()));
    p.source.runs = holding.contains(b->phase);
    const bool early = b->phase == "New" || b->phase == "Queued" || b->phase == "ReadyToStart" ||
                       b->phase == "InProgress";
    if (!p.source.runs)
      p.source.problems.push_back(source_problem(severity::warning, b->origin,
                                                 fmt::format("{}: phase {}: it holds no copy{}", who,
                                                             escape_text(b->phase), early ? " yet" : "")));
    // Expired: the garbage collector deletes it (pkg/controller/gc_controller.go).
    if (p.source.runs && !b->expiration.empty() && !in.now.empty() && b->expiration < in.now) {
      p.source.runs = false;
      p.source.problems.push_back(source_problem(severity::warning, b->origin,
                                                 fmt::format("{}: expired at {}: garbage collection deletes it", who,
                                                             escape_text(b->expiration))));
    }
    p.backup = *b;
    out.push_back(std::move(p));
  }
  return out;
}

struct volume_index {
  std::unordered_map<std::string, std::size_t> by_key;
  std::vector<coverage_volume> volumes;

  coverage_volume& at(const volume_record& r) {
    std::string key = volume_key(r);
    auto [it, added] = by_key.try_emplace(key, volumes.size());
    if (!added) return volumes[it->second];
    coverage_volume& v = volumes.emplace_back();
    v.namespace_ = std::string(!r.pvc_namespace.empty() ? r.pvc_namespace.view() : r.pod_namespace.view());
    v.name = !v.namespace_.empty() && key.starts_with(v.namespace_ + "/") ? key.substr(v.namespace_.size() + 1) : key;
    v.volume = std::move(key);
    v.pod = std::string(r.pod_name.view());
    v.pod_volume = std::string(r.pod_volume.view());
    v.pvc = std::string(r.pvc_name.view());
    v.pv = std::string(r.pv_name.view());
    v.storage_class = std::string(r.storage_class.view());
    v.volume_type = std::string(r.volume_type().view());
    return v;
  }
};

/// Plans one source into `index` (entries for the volumes it has).
void plan_source(const coverage_input& in, planned_source& p, std::uint32_t number, volume_index& index) {
  coverage_source& src = p.source;
  const k8s::object_origin origin = p.backup->origin;
  std::optional<policy::checked_policies> policies = source_policy(*in.cluster, *p.backup, src, origin);
  const bool policy_failed = !p.backup->spec.resource_policy_name.empty() && !policies;
  // A Schedule's Backups fail validation; a Backup that ran is planned without the policy.
  const bool policy_missing = policy_failed && resource_policy_config_map(*in.cluster, *p.backup) == nullptr;
  if (policy_failed && !(src.k == coverage_source::kind::backup && policy_missing)) src.runs = false;
  // Backup ttl (BackupSpec.TTL): unset or zero is the server's --default-backup-ttl
  // (pkg/controller/backup_controller.go `prepareBackupRequest`).
  src.ttl = in.default_backup_ttl;
  src.ttl_default = true;
  const std::string who = fmt::format("{} {}", kind_name(src.k),
                                      escape_text(p.backup->metadata.namespace_ + "/" + src.name));
  if (!p.backup->spec.ttl.empty()) {
    auto ttl = parse_go_duration(p.backup->spec.ttl);
    if (const diagnostic* e = ttl.error()) {
      // metav1.Duration: the API server refuses such an object; it cannot be in a cluster.
      src.problems.push_back(
          source_problem(severity::error, origin,
                         fmt::format("{}: {}: {} (the API server refuses the object)", who,
                                     src.k == coverage_source::kind::schedule ? "spec.template.ttl" : "spec.ttl",
                                     e->message)));
      src.runs = false;
    } else if (*ttl != 0) {  // backup_controller.go prepareBackupRequest: only 0 is the default
      src.ttl = *ttl;
      src.ttl_default = false;
      if (*ttl < 0)
        src.problems.push_back(source_problem(
            severity::warning, origin,
            fmt::format("{}: ttl {} is negative: each Backup has expired when it is made, and garbage collection "
                        "deletes it",
                        who, go_duration_text(*ttl))));
    }
  }
  if (src.k == coverage_source::kind::schedule && src.timing.longest_interval && src.ttl < *src.timing.longest_interval)
    src.problems.push_back(
        source_problem(severity::warning, origin,
                       fmt::format("{}: ttl {} is shorter than the longest time between its runs ({}): for a while "
                                   "before each run no copy exists",
                                   who, go_duration_text(src.ttl), go_duration_text(*src.timing.longest_interval))));
  plan_input pi;
  pi.cluster = in.cluster;
  pi.backup_policies = policies ? &policies->built : nullptr;
  pi.global_policies = in.global_policies;
  pi.backup = backup_options_from(*p.backup);
  if (src.k == coverage_source::kind::schedule) pi.backup.schedule_name = src.name;
  pi.server = in.server;
  pi.threads = in.threads;
  pi.custom_action_params = in.custom_action_params;
  auto planned = make_plan(pi);
  if (const diagnostic* e = planned.error()) {
    src.problems.push_back(source_problem(severity::error, origin, fmt::format("{}: {}", who, e->message)));
    src.runs = false;
    return;
  }
  const plan_result& plan = *planned;
  for (const std::string& v : plan.validation_errors)
    src.problems.push_back(
        source_problem(severity::error, origin, fmt::format("{}: its Backups fail validation: {}", who, v)));
  if (!plan.validation_errors.empty()) src.runs = false;
  src.summary = plan.summary;
  for (plan_note n : plan.notes)
    if (n != plan_note::backup_from_schedule && n != plan_note::velero_release)
      src.notes.push_back(plan_note_text(n, plan));
  for (const volume_record& r : plan.volumes) {
    const std::string_view method = method_label(r);
    if (method == "shared-pvc") continue;  // the PVC's own row says what happens to it
    coverage_volume& v = index.at(r);
    v.entries.push_back(coverage_entry{number, std::string(method), policy_label(r), reason_text(r, plan)});
  }
}

/// The status, why, best source and method of `v` (its entries complete, in source order).
void judge(coverage_volume& v, const std::vector<coverage_source>& sources) {
  if (is_kube_state(v.volume_type)) {
    v.status = coverage_status::kube_state;
    return;
  }
  std::optional<std::int64_t> best_interval;
  for (const coverage_entry& e : v.entries) {
    const coverage_source& s = sources[e.source];
    if (!s.runs || !e.copies_data()) continue;
    const std::optional<std::int64_t> interval = s.timing.longest_interval;
    const bool better = !v.best_source || (interval && (!best_interval || *interval < *best_interval));
    if (better) {
      v.best_source = e.source;
      best_interval = interval;
      v.method = e.method;
    }
  }
  if (v.best_source) {
    v.status = coverage_status::protected_volume;
    v.newest_copy_age = best_interval;
    return;
  }
  v.status = coverage_status::unprotected;
  bool running_includes = false, others_include = false, any_skipped = false;
  for (const coverage_entry& e : v.entries) {
    if (e.method == "not-backed-up") continue;
    if (!sources[e.source].runs) {
      others_include = true;
      continue;
    }
    running_includes = true;
    if (e.method != "error") any_skipped = true;
  }
  if (sources.empty()) v.why = unprotected_why::no_source;
  else if (running_includes) v.why = any_skipped ? unprotected_why::skipped : unprotected_why::errors;
  else if (others_include) v.why = unprotected_why::not_running;
  else v.why = unprotected_why::included_by_none;
}

}  // namespace

coverage_result make_coverage(const coverage_input& in) {
  coverage_result out;
  out.velero_namespace = in.velero_namespace;
  out.velero_release = std::string(to_string(in.server.velero.version));
  std::vector<planned_source> sources = collect_sources(in);
  volume_index index;
  for (std::size_t i = 0; i < sources.size(); ++i) plan_source(in, sources[i], static_cast<std::uint32_t>(i), index);
  for (planned_source& p : sources) {
    for (const diagnostic& d : p.source.problems) out.problems.add(d);
    out.sources.push_back(std::move(p.source));
  }
  // Every volume of the cluster, whichever Schedule includes it: a plan of every namespace
  // names them all (a volume no Schedule includes is the first one to show).
  {
    plan_input pi;
    pi.cluster = in.cluster;
    pi.server = in.server;
    pi.threads = in.threads;
    pi.backup.include_cluster_resources = true;
    if (auto planned = make_plan(pi); planned.ok())
      for (const volume_record& r : planned->volumes)
        if (method_label(r) != "shared-pvc") static_cast<void>(index.at(r));
  }
  if (out.sources.empty()) {
    std::set<std::string> elsewhere;
    for (const k8s::schedule& s : in.cluster->schedules()) elsewhere.insert(s.metadata.namespace_);
    diagnostic d = make_error(fmt::format("no Schedule in namespace `{}`{}: no volume is protected",
                                          in.velero_namespace, in.include_backups ? " (nor Backup)" : ""));
    d.level = severity::warning;
    if (!elsewhere.empty())
      d.help = fmt::format("the inputs have Schedules in {}: --velero-namespace names Velero's namespace",
                           fmt::join(elsewhere, ", "));
    out.problems.add(std::move(d));
  }
  out.volumes = std::move(index.volumes);
  for (coverage_volume& v : out.volumes) {
    // A source whose plan lacks the volume leaves it out.
    for (std::uint32_t s = 0; s < out.sources.size(); ++s) {
      const bool has = std::any_of(v.entries.begin(), v.entries.end(),
                                   [s](const coverage_entry& e) { return e.source == s; });
      // The walk records only the included namespaces' pods and PVCs.
      if (!has)
        v.entries.push_back(
            coverage_entry{s, "not-backed-up", "",
                           v.namespace_.empty()
                               ? std::string("not in the backup")
                               : fmt::format("not in the backup: namespace {} is not included", v.namespace_)});
    }
    std::stable_sort(v.entries.begin(), v.entries.end(),
                     [](const coverage_entry& a, const coverage_entry& b) { return a.source < b.source; });
    judge(v, out.sources);
  }
  std::sort(out.volumes.begin(), out.volumes.end(), [](const coverage_volume& a, const coverage_volume& b) {
    return std::tie(a.namespace_, a.name) < std::tie(b.namespace_, b.name);
  });
  std::map<std::string, coverage_namespace> namespaces;
  for (std::size_t i = 0; i < out.volumes.size(); ++i) {
    const coverage_volume& v = out.volumes[i];
    coverage_namespace& ns = namespaces[v.namespace_];
    ns.name = v.namespace_;
    ++ns.volumes;
    switch (v.status) {
      case coverage_status::protected_volume:
        ++ns.protected_volumes;
        ++ns.by_method[v.method];
        break;
      case coverage_status::unprotected:
        ++ns.unprotected;
        out.unprotected.push_back(i);
        break;
      case coverage_status::kube_state: ++ns.kube_state; break;
    }
  }
  for (auto& [name, ns] : namespaces) out.namespaces.push_back(std::move(ns));
  return out;
}

std::vector<std::string> protected_by(const coverage_volume& v, const coverage_result& c) {
  std::vector<std::string> out;
  for (const coverage_entry& e : v.entries)
    if (c.sources[e.source].runs && e.copies_data()) out.push_back(source_label(c.sources[e.source]) + ":" + e.method);
  return out;
}

std::string unprotected_text(const coverage_volume& v, const coverage_result& c) {
  if (v.status == coverage_status::kube_state)
    return fmt::format("{} volume: Velero backs up its objects, not the volume", v.volume_type);
  return why_text(v, c);
}

std::optional<std::size_t> copied_volumes(const coverage_source& s) {
  if (!s.runs) return std::nullopt;
  const plan_summary& n = s.summary;
  return n.fs_backup + n.csi_snapshot + n.csi_data_movement + n.native_snapshot + n.custom;
}

std::string why_text(const coverage_volume& v, const coverage_result& c) {
  const auto source_name = [&](const coverage_entry& e) { return source_label(c.sources[e.source]); };
  std::vector<std::string> parts;
  switch (v.why) {
    case unprotected_why::none: return "";
    case unprotected_why::no_source: return fmt::format("no Schedule in `{}` backs anything up", c.velero_namespace);
    case unprotected_why::not_running:
      for (const coverage_entry& e : v.entries)
        if (!c.sources[e.source].runs && e.method != "not-backed-up") parts.push_back(source_name(e));
      return fmt::format("included only by sources that create or hold no Backup (paused, invalid, failed): {}",
                         fmt::join(parts, ", "));
    case unprotected_why::included_by_none:
      for (const coverage_entry& e : v.entries) parts.push_back(fmt::format("{} ({})", source_name(e), e.reason));
      return fmt::format("included by no Schedule: {}", fmt::join(parts, "; "));
    case unprotected_why::skipped:
    case unprotected_why::errors:
      for (const coverage_entry& e : v.entries)
        if (c.sources[e.source].runs && e.method != "not-backed-up")
          parts.push_back(fmt::format("{} ({})", source_name(e), e.reason));
      return fmt::format("{} every Schedule that includes it: {}",
                         v.why == unprotected_why::skipped ? "skipped by" : "an error in", fmt::join(parts, "; "));
  }
  return "";
}

}  // namespace volpol::plan
