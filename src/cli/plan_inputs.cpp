// The inputs of every planning command (see plan_inputs.h).
#include "plan_inputs.h"

#include "velero_version_flag.h"

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "backup_choice.h"
#include "capped_problems.h"
#include "input_limit_flags.h"
#include "load_progress.h"
#include "phase_timings.h"
#include "readable_file.h"
#include "suggest.h"
#include "volpol/cli/app.h"
#include "volpol/detail/value_yaml.h"
#include "volpol/plan/glob.h"

namespace volpol::cli {

namespace {

void add_optional_bool(CLI::App* cmd, const std::string& name, std::string& target, const std::string& help) {
  // `--flag` means true, `--flag=false` false, absent unset (Velero's flag.OptionalBool).
  cmd->add_flag(name + "{true}", target, help);
}

void add_list(CLI::App* cmd, const std::string& name, std::vector<std::string>& target, const std::string& help) {
  cmd->add_option(name, target, help)->delimiter(',')->type_name("LIST");
}

result<std::optional<bool>> parse_optional_bool(const std::string& flag, const std::string& text) {
  if (text.empty()) return std::optional<bool>{};
  if (text == "true") return std::optional<bool>{true};
  if (text == "false") return std::optional<bool>{false};
  return make_error(fmt::format("--{}: invalid value `{}`, expected `true` or `false`", flag, text));
}

/// The flags over `base` (the Backup --backup names, or the defaults): flags given win.
result<plan::backup_options> backup_options_over(const plan_options& opt, plan::backup_options base) {
  plan::backup_options b = std::move(base);
  struct flag {
    const char* name;
    const std::string& text;
    std::optional<bool>& target;
  } flags[] = {{"snapshot-volumes", opt.snapshot_volumes, b.snapshot_volumes},
               {"default-volumes-to-fs-backup", opt.default_volumes_to_fs_backup, b.default_volumes_to_fs_backup},
               {"snapshot-move-data", opt.snapshot_move_data, b.snapshot_move_data},
               {"include-cluster-resources", opt.include_cluster_resources, b.include_cluster_resources}};
  for (const flag& f : flags) {
    auto v = parse_optional_bool(f.name, f.text);
    if (const diagnostic* e = v.error()) return *e;
    if (v.value()) f.target = v.value();
  }
  if (opt.data_mover) b.data_mover = *opt.data_mover;
  if (!opt.include_namespaces.empty()) b.include_namespaces = opt.include_namespaces;
  if (!opt.exclude_namespaces.empty()) b.exclude_namespaces = opt.exclude_namespaces;
  if (!opt.include_resources.empty()) b.include_resources = opt.include_resources;
  if (!opt.exclude_resources.empty()) b.exclude_resources = opt.exclude_resources;
  return b;
}

// Velero's feature flags (pkg/apis/velero/v1/constants.go): EnableCSI changes what happens to
// volumes; EnableAPIGroupVersions does not, and is accepted.
const std::vector<std::string> velero_features = {"EnableCSI", "EnableAPIGroupVersions"};
// Providers whose GetVolumeID volpol mirrors (plan/volume_snapshot_location.h).
const std::vector<std::string> known_providers = {"aws", "gcp", "azure"};

bool is_known_provider(std::string_view p) {
  if (p.starts_with("velero.io/")) p.remove_prefix(10);
  return std::find(known_providers.begin(), known_providers.end(), p) != known_providers.end();
}

diagnostic flag_error(std::string flag, std::string message, std::string help) {
  diagnostic d = make_error(std::move(message));
  d.where.file = std::move(flag);
  d.help = std::move(help);
  return d;
}

/// One --volume-snapshot-locations entry: NAME=PROVIDER, a provider volpol knows, or (with
/// --cluster) the name of one of the cluster's VolumeSnapshotLocations.
result<plan::volume_snapshot_location> volume_snapshot_location_from(const std::string& text,
                                                                     const live_cluster* live) {
  const std::string flag = "--volume-snapshot-locations";
  if (text.find('=') == std::string::npos) {
    if (live)
      for (const k8s::volume_snapshot_location_object& l : live->volume_snapshot_locations)
        if (l.metadata.name == text) return plan::volume_snapshot_location{std::string(l.metadata.name), l.provider};
    if (!is_known_provider(text)) {
      std::vector<std::string> names;
      if (live)
        for (const k8s::volume_snapshot_location_object& l : live->volume_snapshot_locations)
          names.emplace_back(l.metadata.name);
      const std::string near = closest_word(text, live ? names : known_providers);
      std::string help;
      if (!near.empty()) help = fmt::format("did you mean `{}`? ", near);
      if (live)
        help += names.empty() ? fmt::format("the cluster has no VolumeSnapshotLocation in `{}`", live->velero_namespace)
                              : fmt::format("the cluster's volume snapshot locations: {}", backticked_list(names));
      else
        help += fmt::format(
            "give NAME=PROVIDER, e.g. `{0}=aws`, `{0}=gcp` or `{0}=azure` (or use --cluster to read them)", text);
      return flag_error(flag,
                        live ? fmt::format("no volume snapshot location `{}` in the cluster", text)
                             : fmt::format("`{}` is not NAME=PROVIDER and not a provider volpol knows", text),
                        help);
    }
  }
  auto parsed = plan::parse_volume_snapshot_location(text);
  if (const diagnostic* e = parsed.error()) {
    diagnostic d = *e;
    d.where.file = flag;
    return d;
  }
  const std::string& provider = parsed->provider;
  if (!is_known_provider(provider)) {
    const std::string bare = provider.starts_with("velero.io/") ? provider.substr(10) : provider;
    const std::string near = closest_word(bare, known_providers);
    if (!near.empty())
      return flag_error(flag, fmt::format("unknown provider `{}` in `{}`", provider, text),
                        fmt::format("did you mean `{}={}`?", parsed->name, near));
  }
  return parsed;
}

result<plan::server_options> server_options_from(const plan_options& opt, const live_cluster* live) {
  plan::server_options s;
  if (opt.features) {
    s.features_given = true;
    s.enable_csi = false;
    std::stringstream ss(*opt.features);
    std::string f;
    while (std::getline(ss, f, ',')) {
      if (f.empty() || f == "none") continue;
      if (f == "EnableCSI") {
        s.enable_csi = true;
        continue;
      }
      if (f == "EnableAPIGroupVersions") continue;
      const std::string near = closest_word(f, velero_features);
      return flag_error("--features", fmt::format("unknown feature flag `{}`", f),
                        (near.empty() ? std::string() : fmt::format("did you mean `{}`? ", near)) +
                            fmt::format("Velero's feature flags are {} (case-sensitive)",
                                        backticked_list(velero_features, "and")));
    }
  }
  for (const std::string& l : opt.volume_snapshot_locations) {
    auto parsed = volume_snapshot_location_from(l, live);
    if (const diagnostic* e = parsed.error()) return *e;
    s.volume_snapshot_locations.push_back(std::move(parsed).value());
  }
  if (opt.volume_snapshot_locations.empty() && live)
    for (const k8s::volume_snapshot_location_object& l : live->volume_snapshot_locations)
      s.volume_snapshot_locations.push_back({std::string(l.metadata.name), l.provider});
  if (!opt.default_volume_snapshot_locations.empty()) {
    auto defaults = plan::parse_map_flag(opt.default_volume_snapshot_locations, ':');
    if (const diagnostic* e = defaults.error()) return make_error("--default-volume-snapshot-locations: " + e->message);
    s.default_volume_snapshot_locations = std::move(defaults).value();
  }
  return s;
}

/// The Backup's options before the flags, as far as they are known before loading: the Backup
/// --from-backup / --from-schedule read from the cluster, or a --backup FILE; the defaults
/// otherwise (a --backup NAME is looked up among the loaded objects by prepare_plan).
result<plan::backup_options> base_options(const plan_options& opt, const k8s::chosen_backup* from_cluster) {
  if (from_cluster) {
    plan::backup_options o = plan::backup_options_from(from_cluster->backup);
    if (from_cluster->source == k8s::chosen_backup::from::schedule) o.schedule_name = from_cluster->schedule_name;
    return o;
  }
  if (opt.backup_file.empty()) return plan::backup_options{};
  auto chosen = choose_backup(opt.backup_file, k8s::cluster{});
  if (const diagnostic* e = chosen.error()) return flag_error("--backup", e->message, e->help);
  return std::move(chosen->options);
}

/// Namespaces the objects live in (pods', PVCs'), with the cluster's Namespace objects.
std::vector<std::string> known_namespaces(const k8s::cluster& c, const live_cluster* live) {
  std::set<std::string> names;
  if (live && live->namespaces_read) names.insert(live->namespaces.begin(), live->namespaces.end());
  for (const k8s::pod& p : c.pods()) names.insert(p.metadata.namespace_);
  for (const k8s::persistent_volume_claim& p : c.persistent_volume_claims()) names.insert(p.metadata.namespace_);
  names.erase("");
  return {names.begin(), names.end()};
}

/// A warning for each --include-namespaces pattern that matches no namespace.
void warn_unmatched_namespaces(const std::vector<std::string>& patterns, const std::vector<std::string>& known,
                               std::FILE* err) {
  for (const std::string& pattern : patterns) {
    if (pattern == "*") continue;
    if (std::any_of(known.begin(), known.end(), [&](const std::string& ns) { return plan::glob_match(pattern, ns); }))
      continue;
    diagnostic d = flag_error("--include-namespaces", fmt::format("`{}` matches no namespace", pattern), {});
    d.level = severity::warning;
    const std::string near = closest_word(pattern, known);
    d.help = (near.empty() ? std::string() : fmt::format("did you mean `{}`? ", near)) +
             (known.empty() ? std::string("there are no namespaces in the input")
                            : fmt::format("namespaces there: {}", backticked_list(known, "and")));
    std::fprintf(err, "%s\n", d.to_string().c_str());
  }
}

std::string usage_command = "plan";  // set by prepare_plan for the hint below
void print_usage_hint(std::FILE* err) { std::fprintf(err, "see `volpol %s --help`\n", usage_command.c_str()); }

/// key=value[,key=value] as a mapping; each value typed as YAML types a scalar (true, 1, text),
/// since a plugin passes typed parameters and the match compares types.
result<value> custom_action_params(const std::string& text) {
  auto entries = plan::parse_map_flag(text, '=');
  if (const diagnostic* e = entries.error()) return *e;
  std::vector<value::entry> out;
  for (auto& [k, v] : entries.value()) {
    value typed = value::make_string(v);
    try {
      auto parsed = value_from_yaml(YAML::Load(v));
      if (parsed.ok() && !parsed->is_mapping() && !parsed->is_sequence() && !parsed->is_null()) typed = parsed.value();
    } catch (const YAML::Exception&) {
    }
    out.emplace_back(k, std::move(typed));
  }
  return value::make_mapping(std::move(out));
}

}  // namespace

void add_plan_input_flags(CLI::App* cmd, plan_options& opt) {
  cmd->add_option("--policy", opt.policy_file, "Resource policy: a policy document or its ConfigMap (YAML or JSON)");
  cmd->add_option("--global-policy", opt.global_policy_file,
                  "Global volume policy document or ConfigMap (its volumePolicies apply after the backup's)");
  cmd->add_option("-f,--filename", opt.inputs,
                  "Cluster objects: files, folders, - (stdin), or a Velero backup (.tar.gz or unpacked); "
                  "or --cluster. Repeat it, or separate with commas, as kubectl's -f")
      ->delimiter(',');
  cmd->add_option("--backup", opt.backup_file,
                  "Take the backup options from a Velero Backup or Schedule: a file, or the name of one in the "
                  "-f inputs (flags override)");
  add_backup_flags(cmd, opt);
  add_input_limit_flags(cmd, opt.limits);
  cmd->add_option("--threads", opt.threads,
                  "Threads that parse a large JSON or YAML input, help the backup walk and write -o json/yaml (0: "
                  "one per core; 1: one thread). The plan is the same whatever the number")
      ->check(CLI::Range(0u, 256u))
      ->type_name("N")
      ->capture_default_str();
  add_cluster_flags(cmd, opt.cluster);
}

result<plan::backup_options> backup_options_from(const plan_options& opt) {
  auto base = base_options(opt, nullptr);
  if (const diagnostic* e = base.error()) return *e;
  return backup_options_over(opt, std::move(base).value());
}
result<plan::server_options> server_options_from(const plan_options& opt) { return server_options_from(opt, nullptr); }

void add_backup_flags(CLI::App* cmd, plan_options& opt) {
  add_optional_bool(cmd, "--snapshot-volumes", opt.snapshot_volumes,
                    "Take snapshots of PersistentVolumes (unset: snapshot where nothing else decides)");
  add_optional_bool(cmd, "--default-volumes-to-fs-backup", opt.default_volumes_to_fs_backup,
                    "Use pod volume file system backup by default (opt-out mode)");
  add_optional_bool(cmd, "--snapshot-move-data", opt.snapshot_move_data,
                    "Move CSI snapshot data to the backup storage");
  cmd->add_option("--data-mover", opt.data_mover,
                  "Data mover for snapshot data movement (default velero-fs; \"velero\" means it too)");
  CLI::Option* namespaces = cmd->add_option("-n,--namespace,--include-namespaces", opt.include_namespaces,
                                            "Namespaces to include (globs; default *); -n as in kubectl");
  namespaces->delimiter(',')->type_name("LIST");
  // kubectl's -A: every namespace (Velero's default, `--include-namespaces '*'`).
  cmd->add_flag_callback(
         "-A,--all-namespaces", [&opt] { opt.include_namespaces = {"*"}; },
         "Every namespace (--include-namespaces '*', the default); not with -n")
      ->excludes(namespaces);
  add_list(cmd, "--exclude-namespaces", opt.exclude_namespaces, "Namespaces to exclude (globs)");
  add_list(cmd, "--include-resources", opt.include_resources, "Resources to include (pods, pvc, pv ...)");
  add_list(cmd, "--exclude-resources", opt.exclude_resources, "Resources to exclude");
  add_optional_bool(cmd, "--include-cluster-resources", opt.include_cluster_resources,
                    "Include cluster-scoped resources (PVs) (unset: only when backing up all namespaces)");
  cmd->add_option("--features", opt.features,
                  "Velero server feature flags (default EnableCSI; --features= or --features=none for none)")
      ->expected(0, 1);
  add_list(cmd, "--volume-snapshot-locations", opt.volume_snapshot_locations,
           "Volume snapshot locations as NAME=PROVIDER (aws, gcp, azure ...), beside the VolumeSnapshotLocation "
           "objects in the inputs");
  cmd->add_option("--default-volume-snapshot-locations", opt.default_volume_snapshot_locations,
                  "The Velero server's default location per provider, as its flag takes it (aws:vsl-west,gcp:gcp-1)");
  add_velero_version_flag(cmd, opt.velero_version, /*reads_cluster=*/true);
  cmd->add_option("--custom-action-params", opt.custom_action_params,
                  "Mark the PVCs a plugin calling ShouldPerformCustomAction with these parameters takes "
                  "(key=value[,key=value]; values typed as YAML: true, 1, text)");
}

namespace {

/// The flags that cannot go together: -f and --cluster (exactly one), --backup FILE with
/// --from-backup / --from-schedule, and the live-cluster flags without --cluster.
/// @return false (written to `err`, with the usage hint) when they do not agree.
bool plan_flags_agree(const plan_options& opt, std::FILE* err) {
  if (opt.cluster.cluster == !opt.inputs.empty()) {
    std::fputs(opt.cluster.cluster ? "error: -f and --cluster cannot go together: give one of them\n"
                                   : "error: nothing to plan: give -f PATH (files, folders, - for stdin, a Velero "
                                     "backup) or --cluster\n",
               err);
    print_usage_hint(err);
    return false;
  }
  if (opt.cluster.cluster) {
    if (!opt.backup_file.empty() && (!opt.cluster.from_backup.empty() || !opt.cluster.from_schedule.empty())) {
      std::fputs("error: --backup FILE and --from-backup/--from-schedule cannot go together\n", err);
      print_usage_hint(err);
      return false;
    }
    return true;
  }
  for (const std::string& flag :
       {std::string(!opt.cluster.context.empty() ? "--context" : ""),
        std::string(!opt.cluster.kubeconfig.empty() ? "--kubeconfig" : ""),
        std::string(opt.cluster.kubectl != "kubectl" ? "--kubectl" : ""),
        std::string(!opt.cluster.resource_policies_configmap.empty() ? "--resource-policies-configmap" : ""),
        std::string(!opt.cluster.global_policies_configmap.empty() ? "--global-backup-volume-policies-configmap" : ""),
        std::string(!opt.cluster.from_backup.empty() ? "--from-backup" : ""),
        std::string(!opt.cluster.from_schedule.empty() ? "--from-schedule" : ""),
        std::string(opt.cluster.chunk_size != 500 ? "--chunk-size" : "")})
    if (!flag.empty()) {
      std::fprintf(err, "error: %s reads the live cluster: add --cluster\n", flag.c_str());
      print_usage_hint(err);
      return false;
    }
  return true;
}

/// --cluster: what kubectl reads besides the objects, into `p.live` (its warnings on `err`).
/// @return false when the cluster cannot be read (written to `err`).
bool read_cluster_into(const cluster_flags& flags, prepared_plan& p, std::FILE* err) {
  auto read = read_live_cluster(flags);
  if (const diagnostic* e = read.error()) {
    std::fprintf(err, "error: %s\n", e->to_string().c_str());
    return false;
  }
  p.live = std::move(read).value();
  for (const diagnostic& d : p.live->warnings) std::fprintf(err, "%s\n", d.to_string().c_str());
  return true;
}

/// The server options, after checking the backup flags' own errors (before reading anything:
/// a --backup NAME is looked up among the loaded objects later). nullopt: an error, written to
/// `err` with the usage hint.
std::optional<plan::server_options> server_options_of_flags(const plan_options& opt, const live_cluster* live,
                                                            std::FILE* err) {
  auto flags_only = backup_options_over(opt, {});
  if (const diagnostic* e = flags_only.error()) {
    std::fprintf(err, "error: %s\n", e->to_string().c_str());
    print_usage_hint(err);
    return std::nullopt;
  }
  auto server = server_options_from(opt, live);
  if (const diagnostic* e = server.error()) {
    std::fprintf(err, "error: %s\n", e->to_string().c_str());
    print_usage_hint(err);
    return std::nullopt;
  }
  return std::move(server).value();
}

/// The policy files to load: a file given on the command line wins over the cluster's ConfigMap.
policy::backup_policy_files policy_files_of(const plan_options& opt, const live_cluster* live, velero_version version) {
  policy::backup_policy_files files{.policy_file = opt.policy_file, .global_policy_file = opt.global_policy_file};
  files.limits = opt.limits;
  files.version = version;
  if (live && live->policy && opt.policy_file.empty())
    files.policy_config_map = policy::config_map_text{live->policy->text, live->policy->source};
  if (live && live->global_policy && opt.global_policy_file.empty())
    files.global_config_map = policy::config_map_text{live->global_policy->text, live->global_policy->source};
  return files;
}

/// Loads the policies into `p.policies`, their problems written to `err` (warnings of valid
/// policies only when `warnings_to_err`). @return false when a policy is invalid.
bool load_plan_policies(const policy::backup_policy_files& files, prepared_plan& p, bool warnings_to_err,
                        std::FILE* err) {
  p.policies = policy::load_backup_policies(files);
  for (const diagnostic& d : p.policies.problems)
    if (warnings_to_err || !p.policies.ok()) std::fprintf(err, "%s\n", d.to_string().c_str());
  return p.policies.ok();
}

/// The inputs that can be read. Those that cannot are reported here, once, and not given to
/// the loader (`p.unreadable_input`).
std::vector<std::string> readable_inputs(const std::vector<std::string>& inputs, prepared_plan& p, std::FILE* err) {
  std::vector<std::string> readable;
  for (const std::string& path : inputs) {
    std::error_code ec;
    const bool exists = path == "-" || std::filesystem::exists(path, ec);
    if (path != "-" && (!exists || access(path.c_str(), R_OK) != 0)) {
      std::fprintf(err, "error: %s: cannot read: %s\n", path.c_str(), std::strerror(exists ? errno : ENOENT));
      p.unreadable_input = true;
      continue;
    }
    readable.push_back(path);
  }
  return readable;
}

/// Loads the objects (from `opt.inputs` or the live cluster) into `p.loaded`, fills the
/// report context, writes each load problem to `err` once, and reports inputs without any
/// Kubernetes object. @return false when nothing could be read (exit_code::unreadable_input).
bool load_plan_objects(const plan_options& opt, const live_cluster* live, const policy::backup_policy_files& files,
                       prepared_plan& p, std::FILE* err) {
  // Only velero.io annotations reach any decision (backup.velero.io/backup-volumes...); the
  // object keeps whether it had annotations at all, which Velero's opt-out list depends on.
  k8s::load_options load;
  load.annotations = k8s::annotation_filter::velero;
  load.limits = opt.limits;
  load.threads = opt.threads;
  std::atomic<std::uint64_t> objects_read{0};
  load.objects_read = &objects_read;
  bool cluster_failed = false;
  {
    const load_progress progress(err, &objects_read);  // a status line on a terminal, for long loads
    const phase_timing timing("load");
    p.loaded = live ? load_live_objects(*live, load, cluster_failed) : k8s::load_objects(opt.inputs, load);
  }
  plan::report_context& ctx = p.context;
  ctx.inputs = live ? std::vector<std::string>{"kubectl, context " + live->context} : opt.inputs;
  ctx.threads = opt.threads;
  ctx.policy_file = files.policy_config_map ? files.policy_config_map->source : opt.policy_file;
  ctx.global_policy_file = files.global_config_map ? files.global_config_map->source : opt.global_policy_file;
  // Each problem once: on stderr; the machine formats carry them too (the table does not
  // repeat them).
  {
    capped_problems shown(err);  // 20 alike at most on stderr; every one in the machine formats
    for (const diagnostic& d : p.loaded.problems) {
      if (opt.output != "table" && opt.output != "wide") ctx.input_problems.push_back(d);
      if (d.level == severity::error) p.input_errors = true;
      shown.write(d);
    }
  }
  std::size_t objects = p.loaded.counts.persistent_volumes + p.loaded.counts.persistent_volume_claims +
                        p.loaded.counts.pods;
  for (const auto& [kind, n] : p.loaded.counts.other_kinds) objects += n;
  if (cluster_failed) p.unreadable_input = true;
  if (objects == 0 && !p.loaded.counts.read_kinds.empty() && !cluster_failed && !live && !opt.inputs.empty()) {
    // Objects volpol keeps (a Backup, a Schedule, StorageClasses) but nothing with a volume.
    std::vector<std::string> named, held;
    for (const std::string& i : opt.inputs) named.push_back(i == "-" ? "standard input (-)" : i);
    for (const auto& [kind, n] : p.loaded.counts.read_kinds) held.push_back(fmt::format("{} {}", n, kind));
    std::fprintf(err,
                 "error: %s: no PersistentVolumes, PersistentVolumeClaims or pods to plan: %s %s\n"
                 "  help: %s\n",
                 fmt::format("{}", fmt::join(named, ", ")).c_str(), named.size() == 1 ? "it holds" : "they hold",
                 fmt::format("{}", fmt::join(held, ", ")).c_str(),
                 opt.inputs_only ? "give the cluster's objects with -f too, beside the Schedules"
                                 : "give the cluster's objects with -f too (`--backup FILE` takes a Backup's or "
                                   "Schedule's options)");
    p.unreadable_input = true;
  } else if (objects == 0 && !cluster_failed && (live || !opt.inputs.empty())) {
    std::vector<std::string> named;
    for (const std::string& i : opt.inputs) named.push_back(i == "-" ? "standard input (-)" : i);
    std::fprintf(err, "error: %s: no Kubernetes objects%s\n",
                 live ? "the cluster" : fmt::format("{}", fmt::join(named, ", ")).c_str(),
                 live ? " (no PersistentVolumes, PersistentVolumeClaims or pods)"
                      : " at all (for a pipe: did the command before it fail?)");
    p.unreadable_input = true;
  }
  return !(p.unreadable_input && p.loaded.objects.empty());
}

/// --backup: a file with a Backup or Schedule, or one of the loaded objects (choose_backup),
/// whose spec.resourcePolicy ConfigMap is loaded into `p.policies` when it is among the inputs
/// and no other backup policy was given (`missing_config_map` names one not found).
/// nullopt: an error, written to `err`.
std::optional<plan::backup_options> backup_options_of_inputs(const plan_options& opt,
                                                             const policy::backup_policy_files& files, prepared_plan& p,
                                                             bool policy_warnings_to_err,
                                                             std::string& missing_config_map, std::FILE* err) {
  auto chosen = choose_backup(opt.backup_file, p.loaded.objects);
  if (const diagnostic* e = chosen.error()) {
    std::fprintf(err, "error: --backup: %s\n", e->to_string().c_str());  // its help included
    print_usage_hint(err);
    return std::nullopt;
  }
  // The Backup's spec.resourcePolicy ConfigMap, when it is in the inputs and no --policy or
  // --resource-policies-configmap was given.
  if (chosen->backup && opt.policy_file.empty() && !files.policy_config_map) {
    if (auto checked = policy_from_backup(*chosen->backup, p.loaded.objects, missing_config_map)) {
      for (const diagnostic& d : checked->problems)
        if (policy_warnings_to_err || !checked->ok()) std::fprintf(err, "%s\n", d.to_string().c_str());
      if (!checked->ok()) return std::nullopt;
      for (const diagnostic& d : checked->problems) p.policies.problems.add(d);
      p.policies.backup = std::move(checked->built);
    }
  }
  for (const diagnostic& d : chosen->warnings) std::fprintf(err, "%s\n", d.to_string().c_str());
  return std::move(chosen->options);
}

/// The Backup: --from-backup / --from-schedule from the cluster, or --backup
/// (backup_options_of_inputs); then the flags over it. nullopt: an error, written to `err`.
std::optional<plan::backup_options> plan_backup_options(const plan_options& opt, const live_cluster* live,
                                                        const policy::backup_policy_files& files, prepared_plan& p,
                                                        bool policy_warnings_to_err, std::string& missing_config_map,
                                                        std::FILE* err) {
  std::optional<plan::backup_options> base;
  if (live && live->backup) {
    auto parsed = base_options(opt, &*live->backup);
    if (const diagnostic* e = parsed.error()) {
      std::fprintf(err, "error: %s\n", e->to_string().c_str());
      return std::nullopt;
    }
    base = std::move(parsed).value();
  } else {
    base = backup_options_of_inputs(opt, files, p, policy_warnings_to_err, missing_config_map, err);
    if (!base) return std::nullopt;
  }
  auto backup = backup_options_over(opt, std::move(*base));
  if (const diagnostic* e = backup.error()) {
    std::fprintf(err, "error: %s\n", e->to_string().c_str());
    print_usage_hint(err);
    return std::nullopt;
  }
  return std::move(backup).value();
}

/// Makes the plan from what was prepared into `p.result`. @return false on an error (a bad
/// --custom-action-params, or the planner's), written to `err`.
bool run_planner(const plan_options& opt, plan::backup_options backup, const plan::server_options& server,
                 const std::string& missing_config_map, bool trace, prepared_plan& p, std::FILE* err) {
  plan::plan_input& in = p.input;
  in.cluster = &p.loaded.objects;
  in.ignored_kinds = p.loaded.counts.other_kinds;
  in.missing_policy_config_map = missing_config_map;
  if (!opt.custom_action_params.empty()) {
    auto params = custom_action_params(opt.custom_action_params);
    if (const diagnostic* e = params.error()) {
      std::fprintf(err, "error: --custom-action-params: %s\n", e->message.c_str());
      return false;
    }
    in.custom_action_params = std::move(params).value();
  }
  in.backup_policies = p.policies.backup ? &*p.policies.backup : nullptr;
  in.global_policies = p.policies.global ? &*p.policies.global : nullptr;
  in.backup = std::move(backup);
  in.server = server;
  in.trace = trace;
  in.threads = opt.threads;
  phase_timing plan_timing("plan");
  auto planned = plan::make_plan(in);
  plan_timing.stop();
  if (const diagnostic* e = planned.error()) {
    std::fprintf(err, "error: %s\n", e->to_string().c_str());
    return false;
  }
  p.result = std::move(planned).value();
  return true;
}

/// Facts read from the cluster replace the plan's assumptions (node agent, snapshot classes),
/// and the report says what the cluster read covers.
void apply_live_facts(const live_cluster& live, prepared_plan& p) {
  if (live.nodes_read && live.snapshot_classes_read) std::erase(p.result.notes, plan::plan_note::node_agent_assumed);
  if (live.nodes_read) std::erase(p.result.notes, plan::plan_note::node_agent_running_assumed);
  // The classes were read beside the objects (live_cluster_notes says what they cover), not
  // loaded: the plan's "no StorageClass or VolumeSnapshotClass in the input" does not hold.
  if (live.snapshot_classes_read) std::erase(p.result.notes, plan::plan_note::snapshot_classes_assumed);
  p.context.cluster_notes = live_cluster_notes(live, p.loaded.objects);
}

}  // namespace

prepare_outcome::~prepare_outcome() {
  if (skip_free_before_exit) static_cast<void>(plan.release());  // see app.h
}

prepare_outcome prepare_plan(const plan_options& given, bool trace, std::FILE* err, bool policy_warnings_to_err) {
  prepare_outcome out;
  out.exit = exit_usage;
  plan_options opt = given;
  usage_command = opt.command;
  auto p = std::make_unique<prepared_plan>();
  if (!plan_flags_agree(opt, err)) return out;
  // A policy file that cannot be read is an input that cannot be read (3), as a -f path is.
  if (!readable_file("--policy", opt.policy_file, err) ||
      !readable_file("--global-policy", opt.global_policy_file, err)) {
    out.exit = exit_unreadable;
    return out;
  }
  opt.cluster.velero_version = opt.velero_version;
  if (opt.cluster.cluster && !read_cluster_into(opt.cluster, *p, err)) {
    out.exit = exit_unreadable;
    return out;
  }
  const live_cluster* live = p->live ? &*p->live : nullptr;
  std::optional<plan::server_options> server = server_options_of_flags(opt, live, err);
  if (!server) return out;
  const std::optional<velero_version> named = velero_version_of_flag(opt.velero_version);
  policy::backup_policy_files files = policy_files_of(opt, live, named.value_or(default_velero_version));
  // With the release named, a bad policy stops the plan before any object is read; else the
  // objects come first: the Velero Deployment among them names the release the policies are
  // read for (choose_velero_release).
  if (named && !load_plan_policies(files, *p, policy_warnings_to_err, err)) return out;
  opt.inputs = readable_inputs(opt.inputs, *p, err);
  if (!load_plan_objects(opt, live, files, *p, err)) {
    out.exit = exit_unreadable;
    return out;
  }
  server->velero = plan::choose_velero_release(named, p->loaded.objects, opt.cluster.velero_namespace);
  files.version = server->velero.version;
  if (!named && !load_plan_policies(files, *p, policy_warnings_to_err, err)) return out;
  if (opt.inputs_only) {
    p->input.cluster = &p->loaded.objects;
    p->input.global_policies = p->policies.global ? &*p->policies.global : nullptr;
    p->input.server = *server;
    p->input.threads = opt.threads;
    out.exit = 0;
    out.plan = std::move(p);
    return out;
  }
  std::string missing_config_map;
  std::optional<plan::backup_options> backup = plan_backup_options(opt, live, files, *p, policy_warnings_to_err,
                                                                   missing_config_map, err);
  if (!backup) return out;
  warn_unmatched_namespaces(backup->include_namespaces, known_namespaces(p->loaded.objects, live), err);
  if (!run_planner(opt, std::move(*backup), *server, missing_config_map, trace, *p, err)) return out;
  if (live) apply_live_facts(*live, *p);
  out.exit = 0;
  out.plan = std::move(p);
  return out;
}

}  // namespace volpol::cli
