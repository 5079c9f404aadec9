// "Plan these inputs": the request read, checked and planned (see volpol/plan/request.h).
#include "volpol/plan/request.h"

#include <fmt/format.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <set>
#include <sstream>
#include <tuple>

#include "volpol/detail/plan/backup_source.h"
#include "volpol/detail/plan/glob.h"
#include "volpol/detail/plan/velero_release.h"
#include "volpol/detail/plan/volume_snapshot_location.h"
#include "volpol/detail/text_file.h"
#include "volpol/detail/value_yaml.h"
#include "volpol/k8s/spelling.h"
#include "volpol/plan/backup_options.h"

namespace volpol::plan {

namespace {

/// The problems met so far, and the outcome when one stops the preparation.
struct problems_so_far {
  std::vector<request_problem>& list;

  void add(problem_source source, diagnostic d, bool see_help = false, std::string flag = {}) {
    list.push_back({source, std::move(d), std::move(flag), see_help});
  }
  /// An error about the request itself (a command line points to its help after it).
  void request_error(std::string message) { add(problem_source::request, make_error(std::move(message)), true); }
};

diagnostic flag_error(std::string flag, std::string message, std::string help) {
  diagnostic d = make_error(std::move(message));
  d.where.file = std::move(flag);
  d.help = std::move(help);
  return d;
}

/// The request's `velero backup create` flags over `base` (the Backup's options, or the
/// defaults): those given win.
backup_options backup_options_over(const plan_request& r, backup_options b) {
  for (auto [given, target] : {std::pair{&r.snapshot_volumes, &b.snapshot_volumes},
                               std::pair{&r.default_volumes_to_fs_backup, &b.default_volumes_to_fs_backup},
                               std::pair{&r.snapshot_move_data, &b.snapshot_move_data},
                               std::pair{&r.include_cluster_resources, &b.include_cluster_resources}})
    if (*given) *target = *given;
  if (r.data_mover) b.data_mover = *r.data_mover;
  if (!r.include_namespaces.empty()) b.include_namespaces = r.include_namespaces;
  if (!r.exclude_namespaces.empty()) b.exclude_namespaces = r.exclude_namespaces;
  if (!r.include_resources.empty()) b.include_resources = r.include_resources;
  if (!r.exclude_resources.empty()) b.exclude_resources = r.exclude_resources;
  return b;
}

// Velero's feature flags (pkg/apis/velero/v1/constants.go): EnableCSI changes what happens to
// volumes; EnableAPIGroupVersions does not, and is accepted.
const std::vector<std::string> velero_features = {"EnableCSI", "EnableAPIGroupVersions"};
// Providers whose GetVolumeID volpol mirrors (detail/plan/volume_snapshot_location.h).
const std::vector<std::string> known_providers = {"aws", "gcp", "azure"};

bool is_known_provider(std::string_view p) {
  if (p.starts_with("velero.io/")) p.remove_prefix(10);
  return std::find(known_providers.begin(), known_providers.end(), p) != known_providers.end();
}

volume_snapshot_location location_of(const k8s::volume_snapshot_location_object& l) {
  return {std::string(l.metadata.name), l.provider};
}

/// One --volume-snapshot-locations entry: NAME=PROVIDER, a provider volpol knows, or (with
/// the cluster) the name of one of the cluster's VolumeSnapshotLocations.
result<volume_snapshot_location> volume_snapshot_location_from(const std::string& text, const k8s::live_cluster* live) {
  const std::string flag = "--volume-snapshot-locations";
  if (text.find('=') == std::string::npos) {
    if (live)
      for (const k8s::volume_snapshot_location_object& l : live->volume_snapshot_locations)
        if (l.metadata.name == text) return location_of(l);
    if (!is_known_provider(text)) {
      std::vector<std::string> names;
      if (live)
        for (const k8s::volume_snapshot_location_object& l : live->volume_snapshot_locations)
          names.emplace_back(l.metadata.name);
      const std::string near = closest(text, live ? names : known_providers);
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
  auto parsed = parse_volume_snapshot_location(text);
  if (const diagnostic* e = parsed.error()) {
    diagnostic d = *e;
    d.where.file = flag;
    return d;
  }
  const std::string& provider = parsed->provider;
  if (!is_known_provider(provider)) {
    const std::string bare = provider.starts_with("velero.io/") ? provider.substr(10) : provider;
    const std::string near = closest(bare, known_providers);
    if (!near.empty())
      return flag_error(flag, fmt::format("unknown provider `{}` in `{}`", provider, text),
                        fmt::format("did you mean `{}={}`?", parsed->name, near));
  }
  return parsed;
}

/// The `velero server` settings: the request's resolved ones, else from its flags
/// (server_settings: --features, the volume snapshot locations or the cluster's, defaults).
result<server_options> server_options_of(const plan_request& r, const k8s::live_cluster* live) {
  if (r.resolved_server) return *r.resolved_server;
  return server_settings(r.features, r.volume_snapshot_locations, r.default_volume_snapshot_locations, live);
}

}  // namespace

result<server_options> server_settings(const std::optional<std::string>& features,
                                       const std::vector<std::string>& volume_snapshot_locations,
                                       const std::string& default_volume_snapshot_locations,
                                       const k8s::live_cluster* live) {
  server_options s;
  if (features) {
    s.features_given = true;
    s.enable_csi = false;
    std::stringstream ss(*features);
    std::string f;
    while (std::getline(ss, f, ',')) {
      if (f.empty() || f == "none") continue;
      if (f == "EnableCSI") {
        s.enable_csi = true;
        continue;
      }
      if (f == "EnableAPIGroupVersions") continue;
      const std::string near = closest(f, velero_features);
      return flag_error("--features", fmt::format("unknown feature flag `{}`", f),
                        (near.empty() ? std::string() : fmt::format("did you mean `{}`? ", near)) +
                            fmt::format("Velero's feature flags are {} (case-sensitive)",
                                        backticked_list(velero_features, "and")));
    }
  }
  for (const std::string& l : volume_snapshot_locations) {
    auto parsed = volume_snapshot_location_from(l, live);
    if (const diagnostic* e = parsed.error()) return *e;
    s.volume_snapshot_locations.push_back(std::move(parsed).value());
  }
  if (volume_snapshot_locations.empty() && live)
    for (const k8s::volume_snapshot_location_object& l : live->volume_snapshot_locations)
      s.volume_snapshot_locations.push_back(location_of(l));
  if (!default_volume_snapshot_locations.empty()) {
    auto defaults = parse_map_flag(default_volume_snapshot_locations, ':');
    if (const diagnostic* e = defaults.error()) return make_error("--default-volume-snapshot-locations: " + e->message);
    s.default_volume_snapshot_locations = std::move(defaults).value();
  }
  return s;
}

namespace {

/// The Backup `--backup ARG` names: a readable file holding a Backup or a Schedule
/// (k8s::backup_from_file); any other ARG a Backup (or Schedule) among `loaded`.
result<k8s::chosen_backup> backup_named(const std::string& arg, const k8s::cluster& loaded) {
  std::error_code ec;
  const bool is_file = arg == "-" || std::filesystem::is_regular_file(arg, ec);
  const bool yaml_or_json = arg.ends_with(".yaml") || arg.ends_with(".yml") || arg.ends_with(".json");
  const bool folders = arg.find('/') != arg.rfind('/');  // ns/name has one slash
  if (!is_file && (folders || yaml_or_json)) return make_error(fmt::format("cannot read `{}`: no such file", arg));
  return is_file ? k8s::backup_from_file(arg) : k8s::backup_by_name(loaded, arg);
}

/// The Backup's options (Velero's defaults for none), and its schedule when a Schedule's.
backup_options options_of(const k8s::chosen_backup& chosen) {
  backup_options o = backup_options_from(chosen.backup);
  if (chosen.source == k8s::chosen_backup::from::schedule) o.schedule_name = chosen.schedule_name;
  return o;
}

/// Namespaces the objects live in (pods', PVCs'), with the cluster's Namespace objects.
std::vector<std::string> known_namespaces(const k8s::cluster& c, const k8s::live_cluster* live) {
  std::set<std::string> names;
  if (live && live->namespaces_read) names.insert(live->namespaces.begin(), live->namespaces.end());
  for (const k8s::pod& p : c.pods()) names.insert(p.metadata.namespace_);
  for (const k8s::persistent_volume_claim& p : c.persistent_volume_claims()) names.insert(p.metadata.namespace_);
  names.erase("");
  return {names.begin(), names.end()};
}

/// A warning for each --include-namespaces pattern that matches no namespace.
void warn_unmatched_namespaces(const std::vector<std::string>& patterns, const std::vector<std::string>& known,
                               problems_so_far& problems) {
  for (const std::string& pattern : patterns) {
    if (pattern == "*") continue;
    if (std::any_of(known.begin(), known.end(), [&](const std::string& ns) { return glob_match(pattern, ns); }))
      continue;
    diagnostic d = flag_error("--include-namespaces", fmt::format("`{}` matches no namespace", pattern), {});
    d.level = severity::warning;
    const std::string near = closest(pattern, known);
    d.help = (near.empty() ? std::string() : fmt::format("did you mean `{}`? ", near)) +
             (known.empty() ? std::string("there are no namespaces in the input")
                            : fmt::format("namespaces there: {}", backticked_list(known, "and")));
    problems.add(problem_source::request, std::move(d));
  }
}

/// key=value[,key=value] as a mapping; each value typed as YAML types a scalar (true, 1, text),
/// since a plugin passes typed parameters and the match compares types.
result<value> custom_action_params(const std::string& text) {
  auto entries = parse_map_flag(text, '=');
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

/// Calls the request's phase hook as a phase starts and ends.
class phase {
 public:
  phase(const plan_request& r, const char* name) : hook_(r.on_phase), name_(name) {
    if (hook_) hook_(name_, true);
  }
  ~phase() { stop(); }
  phase(const phase&) = delete;
  phase& operator=(const phase&) = delete;
  void stop() {
    if (hook_ && name_ != nullptr) hook_(name_, false);
    name_ = nullptr;
  }

 private:
  const std::function<void(const char*, bool)>& hook_;
  const char* name_;
};

/// One preparation: the request, what is prepared, and the problems met.
class preparation {
 public:
  preparation(const plan_request& r, prepare_result& out) : r_(r), out_(out), problems_{out.problems} {}

  prepare_status run();

 private:
  bool request_agrees();
  bool policy_files_readable();
  bool read_cluster();
  bool load_policies();
  bool load_objects();
  std::optional<backup_options> backup();
  std::optional<backup_options> backup_of_objects();
  bool make();
  void apply_live_facts();

  prepared_plan& p() { return *out_.plan; }
  const k8s::live_cluster* live() { return p().live ? &*p().live : nullptr; }

  const plan_request& r_;
  prepare_result& out_;
  problems_so_far problems_;
  policy::backup_policy_files files_;
  std::vector<std::string> inputs_;  // the readable ones
  std::string missing_config_map_;
};

/// Objects from files or from the cluster, exactly one; --backup FILE or the cluster's Backup.
bool preparation::request_agrees() {
  const bool cluster = r_.cluster.has_value();
  if (cluster == !(r_.inputs.empty() && r_.input_texts.empty())) {
    problems_.request_error(cluster ? "-f and --cluster cannot go together: give one of them"
                                    : "nothing to plan: give -f PATH (files, folders, - for stdin, a Velero "
                                      "backup) or --cluster");
    return false;
  }
  if (cluster && !r_.backup.empty() && (!r_.cluster->from_backup.empty() || !r_.cluster->from_schedule.empty())) {
    problems_.request_error("--backup FILE and --from-backup/--from-schedule cannot go together");
    return false;
  }
  return true;
}

/// A policy file that cannot be read is an input that cannot be read, as a -f path is.
bool preparation::policy_files_readable() {
  for (const auto& [flag, path, text] : {std::tuple{"--policy", &r_.policy_file, &r_.policy_text},
                                         {"--global-policy", &r_.global_policy_file, &r_.global_policy_text}}) {
    if (text->has_value()) continue;  // given as text: nothing to read
    if (std::optional<diagnostic> d = unreadable_file_problem(fmt::format("{} {}", flag, *path), *path)) {
      problems_.add(problem_source::input, std::move(*d));
      return false;
    }
  }
  return true;
}

/// The cluster's facts besides the objects (k8s::read_live_cluster), into `p().live`.
bool preparation::read_cluster() {
  k8s::live_cluster_source source = *r_.cluster;
  source.velero_version = r_.velero ? std::string(to_string(*r_.velero)) : std::string();
  auto read = k8s::read_live_cluster(source);
  if (const diagnostic* e = read.error()) {
    problems_.add(problem_source::cluster, *e);
    return false;
  }
  p().live = std::move(read).value();
  for (const diagnostic& d : p().live->warnings) problems_.add(problem_source::cluster, d);
  return true;
}

/// The policies into `p().policies`; false when one is invalid.
bool preparation::load_policies() {
  p().policies = policy::load_backup_policies(files_);
  const bool ok = p().policies.ok();
  for (const diagnostic& d : p().policies.problems)
    if (r_.policy_warnings || !ok) problems_.add(problem_source::policy, d);
  return ok;
}

/// The objects (the readable inputs, or the cluster's) into `p().loaded`, and the report
/// context. False when nothing could be read.
bool preparation::load_objects() {
  // Only velero.io annotations reach any decision (backup.velero.io/backup-volumes...); the
  // object keeps whether it had annotations at all, which Velero's opt-out list depends on.
  k8s::load_options load;
  load.annotations = k8s::annotation_filter::velero;
  load.limits = r_.limits;
  load.threads = r_.threads;
  load.objects_read = r_.objects_read;
  bool cluster_failed = false;
  {
    const phase timing(r_, "load");
    p().loaded = live() ? k8s::load_live_objects(*live(), load, cluster_failed) : k8s::load_objects(inputs_, load);
    for (const object_text& text : r_.input_texts)  // after the files, in the order given
      p().loaded.append(k8s::load_text(text.text, text.label, load));
  }
  report_context& ctx = p().context;
  ctx.inputs = live() ? std::vector<std::string>{"kubectl, context " + live()->context} : inputs_;
  for (const object_text& text : r_.input_texts) ctx.inputs.push_back(text.label);
  ctx.threads = r_.threads;
  ctx.policy_file = files_.policy_config_map ? files_.policy_config_map->source : r_.policy_file;
  ctx.global_policy_file = files_.global_config_map ? files_.global_config_map->source : r_.global_policy_file;
  for (const diagnostic& d : p().loaded.problems) {
    if (d.level == severity::error) p().input_errors = true;
    problems_.add(problem_source::objects, d);
  }
  ctx.input_problems = p().loaded.problems.take();  // one copy for the report, one in the problems
  const k8s::load_counts& counts = p().loaded.counts;
  std::size_t objects = counts.persistent_volumes + counts.persistent_volume_claims + counts.pods;
  for (const auto& [kind, n] : counts.other_kinds) objects += n;
  if (cluster_failed) p().unreadable_input = true;
  std::vector<std::string> named;
  for (const std::string& i : inputs_) named.push_back(i == "-" ? "standard input (-)" : i);
  if (objects == 0 && !counts.read_kinds.empty() && !cluster_failed && !live() && !inputs_.empty()) {
    // Objects volpol keeps (a Backup, a Schedule, StorageClasses) but nothing with a volume.
    std::vector<std::string> held;
    for (const auto& [kind, n] : counts.read_kinds) held.push_back(fmt::format("{} {}", n, kind));
    diagnostic d = make_error(fmt::format("no PersistentVolumes, PersistentVolumeClaims or pods to plan: {} {}",
                                          named.size() == 1 ? "it holds" : "they hold", fmt::join(held, ", ")));
    d.where.file = fmt::format("{}", fmt::join(named, ", "));
    d.help = r_.inputs_only ? "give the cluster's objects with -f too, beside the Schedules"
                            : "give the cluster's objects with -f too (`--backup FILE` takes a Backup's or "
                              "Schedule's options)";
    problems_.add(problem_source::input, std::move(d));
    p().unreadable_input = true;
  } else if (objects == 0 && !cluster_failed && (live() || !inputs_.empty())) {
    diagnostic d = make_error(live() ? "no Kubernetes objects (no PersistentVolumes, PersistentVolumeClaims or pods)"
                                     : "no Kubernetes objects at all (for a pipe: did the command before it fail?)");
    d.where.file = live() ? std::string("the cluster") : fmt::format("{}", fmt::join(named, ", "));
    problems_.add(problem_source::input, std::move(d));
    p().unreadable_input = true;
  }
  return !(p().unreadable_input && p().loaded.objects.empty());
}

/// --backup: a file with a Backup or Schedule, or one among the objects, whose
/// spec.resourcePolicy ConfigMap is loaded into `p().policies` when it is among the objects
/// and no other backup policy was given (`missing_config_map_` names one not found).
std::optional<backup_options> preparation::backup_of_objects() {
  if (r_.backup.empty()) return backup_options{};
  auto chosen = backup_named(r_.backup, p().loaded.objects);
  if (const diagnostic* e = chosen.error()) {
    problems_.add(problem_source::backup, *e, /*see_help=*/true, "--backup");
    return std::nullopt;
  }
  // The Backup's spec.resourcePolicy ConfigMap, when it is among the objects and no --policy or
  // --resource-policies-configmap was given (GetResourcePoliciesFromBackup).
  const k8s::backup& b = chosen->backup;
  if (r_.policy_file.empty() && !files_.policy_config_map && !b.spec.resource_policy_name.empty()) {
    if (const k8s::config_map* cm = resource_policy_config_map(p().loaded.objects, b)) {
      policy::checked_policies checked = check_resource_policy(*cm);
      for (const diagnostic& d : checked.problems)
        if (r_.policy_warnings || !checked.ok()) problems_.add(problem_source::policy, d);
      if (!checked.ok()) return std::nullopt;
      for (const diagnostic& d : checked.problems) p().policies.problems.add(d);
      p().policies.backup = std::move(checked.built);
    } else {
      missing_config_map_ = b.metadata.namespace_.empty() ? b.spec.resource_policy_name
                                                          : b.metadata.namespace_ + "/" + b.spec.resource_policy_name;
    }
  }
  for (const diagnostic& d : chosen->warnings) problems_.add(problem_source::backup, d);
  return options_of(*chosen);
}

/// The Backup: the cluster's (--from-backup / --from-schedule) or --backup's, then the flags.
std::optional<backup_options> preparation::backup() {
  if (r_.resolved_backup) return r_.resolved_backup;
  std::optional<backup_options> base;
  if (live() && live()->backup) base = options_of(*live()->backup);
  else base = backup_of_objects();
  if (!base) return std::nullopt;
  return backup_options_over(r_, std::move(*base));
}

/// Makes the plan into `p().result`; false on an error (a bad --custom-action-params, or the
/// planner's).
bool preparation::make() {
  std::optional<backup_options> b = backup();
  if (!b) return false;
  warn_unmatched_namespaces(b->include_namespaces, known_namespaces(p().loaded.objects, live()), problems_);
  plan_input& in = p().input;
  in.ignored_kinds = p().loaded.counts.other_kinds;
  in.missing_policy_config_map = missing_config_map_;
  if (!r_.custom_action_params.empty()) {
    auto params = custom_action_params(r_.custom_action_params);
    if (const diagnostic* e = params.error()) {
      problems_.add(problem_source::request, flag_error("--custom-action-params", e->message, {}));
      return false;
    }
    in.custom_action_params = std::move(params).value();
  }
  in.backup_policies = p().policies.backup ? &*p().policies.backup : nullptr;
  in.backup = std::move(*b);
  in.trace = r_.trace;
  phase timing(r_, "plan");
  auto planned = make_plan(in);
  timing.stop();
  if (const diagnostic* e = planned.error()) {
    problems_.add(problem_source::planner, *e);
    return false;
  }
  p().result = std::move(planned).value();
  return true;
}

/// Facts read from the cluster replace the plan's assumptions (node agent, snapshot classes),
/// and the report says what the cluster read covers.
void preparation::apply_live_facts() {
  const k8s::live_cluster& l = *live();
  std::vector<plan_note>& notes = p().result.notes;
  if (l.nodes_read && l.snapshot_classes_read) std::erase(notes, plan_note::node_agent_assumed);
  if (l.nodes_read) std::erase(notes, plan_note::node_agent_running_assumed);
  // The classes were read beside the objects (live_cluster_notes says what they cover), not
  // loaded: the plan's "no StorageClass or VolumeSnapshotClass in the input" does not hold.
  if (l.snapshot_classes_read) std::erase(notes, plan_note::snapshot_classes_assumed);
  p().context.cluster_notes = k8s::live_cluster_notes(l, p().loaded.objects);
}

prepare_status preparation::run() {
  out_.plan = std::make_unique<prepared_plan>();
  if (!request_agrees()) return prepare_status::invalid;
  if (!policy_files_readable()) return prepare_status::unreadable;
  if (r_.cluster && !read_cluster()) return prepare_status::unreadable;
  // The server settings' own errors, before any object is read (a --backup NAME is looked up
  // among the objects later).
  auto settings = server_options_of(r_, live());
  if (const diagnostic* e = settings.error()) {
    problems_.add(problem_source::request, *e, /*see_help=*/true);
    return prepare_status::invalid;
  }
  server_options server = std::move(settings).value();
  // A policy file given wins over the cluster's ConfigMap.
  files_.policy_file = r_.policy_file;
  files_.global_policy_file = r_.global_policy_file;
  files_.limits = r_.limits;
  files_.version = r_.velero.value_or(default_velero_version);
  if (live() && live()->policy && r_.policy_file.empty())
    files_.policy_config_map = policy::config_map_text{live()->policy->text, live()->policy->source};
  if (live() && live()->global_policy && r_.global_policy_file.empty())
    files_.global_config_map = policy::config_map_text{live()->global_policy->text, live()->global_policy->source};
  if (r_.policy_text) files_.policy_config_map = r_.policy_text;
  if (r_.global_policy_text) files_.global_config_map = r_.global_policy_text;
  // With the release named, a bad policy stops the plan before any object is read; else the
  // objects come first: the Velero Deployment among them names the release the policies are
  // read for (choose_velero_release).
  if (r_.velero && !load_policies()) return prepare_status::invalid;
  for (const std::string& path : r_.inputs) {
    std::error_code ec;
    const bool exists = path == "-" || std::filesystem::exists(path, ec);
    if (path != "-" && (!exists || access(path.c_str(), R_OK) != 0)) {
      diagnostic d = make_error(fmt::format("cannot read: {}", std::strerror(exists ? errno : ENOENT)));
      d.where.file = path;
      problems_.add(problem_source::input, std::move(d));
      p().unreadable_input = true;
      continue;
    }
    inputs_.push_back(path);
  }
  if (!load_objects()) return prepare_status::unreadable;
  const std::string velero_namespace = r_.cluster ? r_.cluster->velero_namespace : "velero";
  server.velero = choose_velero_release(r_.velero, p().loaded.objects, velero_namespace);
  files_.version = server.velero.version;
  if (!r_.velero && !load_policies()) return prepare_status::invalid;
  plan_input& in = p().input;
  in.cluster = &p().loaded.objects;
  in.global_policies = p().policies.global ? &*p().policies.global : nullptr;
  in.server = server;
  in.threads = r_.threads;
  if (r_.inputs_only) return prepare_status::planned;
  if (!make()) return prepare_status::invalid;
  if (live()) apply_live_facts();
  return prepare_status::planned;
}

}  // namespace

prepare_result prepare(const plan_request& request) {
  prepare_result out;
  out.status = preparation(request, out).run();
  if (out.status != prepare_status::planned) out.plan.reset();
  return out;
}

}  // namespace volpol::plan
