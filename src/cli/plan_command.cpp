#include "volpol/cli/plan_command.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "volpol/cli/app.h"
#include "volpol/k8s/loader.h"
#include "volpol/plan/namespace_filter.h"
#include "volpol/plan/planner.h"
#include "volpol/plan/report.h"
#include "volpol/policy/document.h"
#include "volpol/policy/policies.h"
#include "load_progress.h"
#include "suggest.h"

namespace volpol::cli {

namespace {

constexpr int exit_ok = static_cast<int>(exit_code::ok);
constexpr int exit_errors = static_cast<int>(exit_code::input_errors);
constexpr int exit_usage = static_cast<int>(exit_code::invalid_usage);
constexpr int exit_unreadable = static_cast<int>(exit_code::unreadable_input);

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

/// Loads, builds and validates one policy file; every problem goes to `err`.
/// `from_cluster`: the ConfigMap read with --cluster (then `path` is not read).
std::optional<policy::policies> load_policies(const std::string& path, policy::policy_origin origin,
                                              std::FILE* err, const fetched_text* from_cluster = nullptr) {
  auto doc = from_cluster ? policy::decode_config_map(from_cluster->text, from_cluster->source)
                          : policy::load_policy_file(path);
  if (const diagnostic* e = doc.error()) {
    std::fprintf(err, "%s\n", e->to_string().c_str());
    return std::nullopt;
  }
  auto built = policy::policies::build(doc.value(), origin);
  if (const diagnostic* e = built.error()) {
    std::fprintf(err, "%s\n", e->to_string().c_str());
    return std::nullopt;
  }
  const diagnostics problems = built->validate();
  for (const diagnostic& d : problems) std::fprintf(err, "%s\n", d.to_string().c_str());
  if (problems.has_errors()) return std::nullopt;
  return std::move(built).value();
}

result<plan::backup_options> backup_options_from(const plan_options& opt, const fetched_text* from_cluster) {
  plan::backup_options b;
  if (from_cluster) {
    auto parsed = plan::backup_options_from_backup(from_cluster->text, from_cluster->source);
    if (const diagnostic* e = parsed.error()) return *e;
    b = std::move(parsed).value();
  } else if (!opt.backup_file.empty()) {
    std::ifstream in(opt.backup_file, std::ios::binary);
    if (!in) return make_error(fmt::format("--backup: cannot read `{}`", opt.backup_file));
    std::stringstream ss;
    ss << in.rdbuf();
    auto parsed = plan::backup_options_from_backup(ss.str(), opt.backup_file);
    if (const diagnostic* e = parsed.error()) return *e;
    b = std::move(parsed).value();
  }
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
result<plan::volume_snapshot_location> volume_snapshot_location_from(const std::string& text, const live_cluster* live) {
  const std::string flag = "--volume-snapshot-locations";
  if (text.find('=') == std::string::npos) {
    if (live)
      for (const plan::volume_snapshot_location& l : live->volume_snapshot_locations)
        if (l.name == text) return l;
    if (!is_known_provider(text)) {
      std::vector<std::string> names;
      if (live)
        for (const plan::volume_snapshot_location& l : live->volume_snapshot_locations) names.push_back(l.name);
      const std::string near = closest_word(text, live ? names : known_providers);
      std::string help;
      if (!near.empty()) help = fmt::format("did you mean `{}`? ", near);
      if (live)
        help += names.empty() ? fmt::format("the cluster has no VolumeSnapshotLocation in `{}`", live->velero_namespace)
                              : fmt::format("the cluster's volume snapshot locations: {}", backticked_list(names));
      else
        help += fmt::format("give NAME=PROVIDER, e.g. `{0}=aws`, `{0}=gcp` or `{0}=azure` (or use --cluster to read them)",
                            text);
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
                            fmt::format("Velero's feature flags are {} (case-sensitive)", backticked_list(velero_features, "and")));
    }
  }
  for (const std::string& l : opt.volume_snapshot_locations) {
    auto parsed = volume_snapshot_location_from(l, live);
    if (const diagnostic* e = parsed.error()) return *e;
    s.volume_snapshot_locations.push_back(std::move(parsed).value());
  }
  if (opt.volume_snapshot_locations.empty() && live) s.volume_snapshot_locations = live->volume_snapshot_locations;
  return s;
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

void print_usage_hint(std::FILE* err) { std::fputs("see `volpol plan --help`\n", err); }

std::vector<std::string> plan_notes(const plan::backup_options& b, const plan::server_options& s) {
  std::vector<std::string> notes;
  if (!s.features_given)
    notes.emplace_back("EnableCSI assumed on (current Velero installs run with it); --features= turns it off");
  if (s.volume_snapshot_locations.empty())
    notes.emplace_back("no volume snapshot location given: Velero-native snapshots cannot happen "
                       "(--volume-snapshot-locations NAME=PROVIDER)");
  if (!b.snapshot_volumes) notes.emplace_back("snapshotVolumes unset: counts as true where nothing else decides");
  notes.emplace_back("assumed: node agent running on every node; VolumeSnapshotClasses exist for CSI drivers");
  return notes;
}

}  // namespace

CLI::App* setup_plan(CLI::App& app, plan_options& opt) {
  CLI::App* cmd = app.add_subcommand("plan", "Predict what a Velero backup will do with every volume, and why");
  cmd->add_option("--policy", opt.policy_file, "Resource policy: a policy document or its ConfigMap (YAML or JSON)");
  cmd->add_option("--global-policy", opt.global_policy_file,
                  "Global volume policy document or ConfigMap (its volumePolicies apply after the backup's)");
  cmd->add_option("-f,--filename", opt.inputs,
                  "Cluster objects: files, folders, - (stdin), or a Velero backup (.tar.gz or unpacked); "
                  "or --cluster");
  cmd->add_option("--backup", opt.backup_file, "Take the backup options from a Velero Backup object (flags override)");
  add_optional_bool(cmd, "--snapshot-volumes", opt.snapshot_volumes,
                    "Take snapshots of PersistentVolumes (unset: snapshot where nothing else decides)");
  add_optional_bool(cmd, "--default-volumes-to-fs-backup", opt.default_volumes_to_fs_backup,
                    "Use pod volume file system backup by default (opt-out mode)");
  add_optional_bool(cmd, "--snapshot-move-data", opt.snapshot_move_data, "Move CSI snapshot data to the backup storage");
  cmd->add_option("--data-mover", opt.data_mover, "Data mover for snapshot data movement (default velero)");
  add_list(cmd, "--include-namespaces,-n,--namespace", opt.include_namespaces,
           "Namespaces to include (globs; default *); -n as in kubectl");
  add_list(cmd, "--exclude-namespaces", opt.exclude_namespaces, "Namespaces to exclude (globs)");
  add_list(cmd, "--include-resources", opt.include_resources, "Resources to include (pods, pvc, pv ...)");
  add_list(cmd, "--exclude-resources", opt.exclude_resources, "Resources to exclude");
  add_optional_bool(cmd, "--include-cluster-resources", opt.include_cluster_resources,
                    "Include cluster-scoped resources (PVs) (unset: only when backing up all namespaces)");
  cmd->add_option("--features", opt.features,
                  "Velero server feature flags (default EnableCSI; --features= or --features=none for none)")
      ->expected(0, 1);
  add_list(cmd, "--volume-snapshot-locations", opt.volume_snapshot_locations,
           "Volume snapshot locations as NAME=PROVIDER (aws, gcp, azure ...)");
  cmd->add_option("-o,--output", opt.output, "Output format")
      ->check(CLI::IsMember({"table", "json", "yaml"}))
      ->default_str("table");
  add_cluster_flags(cmd, opt.cluster);
  return cmd;
}

int run_plan(const plan_options& given, std::FILE* out, std::FILE* err) {
  plan_options opt = given;
  if (opt.cluster.cluster == !opt.inputs.empty()) {
    std::fputs(opt.cluster.cluster ? "error: -f and --cluster cannot go together: give one of them\n"
                                   : "error: nothing to plan: give -f PATH (files, folders, - for stdin, a Velero "
                                     "backup) or --cluster\n",
               err);
    print_usage_hint(err);
    return exit_usage;
  }
  std::optional<live_cluster> live;
  if (opt.cluster.cluster) {
    if (!opt.backup_file.empty() && (!opt.cluster.from_backup.empty() || !opt.cluster.from_schedule.empty())) {
      std::fputs("error: --backup FILE and --from-backup/--from-schedule cannot go together\n", err);
      print_usage_hint(err);
      return exit_usage;
    }
    auto read = read_live_cluster(opt.cluster);
    if (const diagnostic* e = read.error()) {
      std::fprintf(err, "error: %s\n", e->to_string().c_str());
      return exit_unreadable;
    }
    live = std::move(read).value();
    for (const diagnostic& d : live->warnings) std::fprintf(err, "%s\n", d.to_string().c_str());
    if (live->policy && opt.policy_file.empty()) opt.policy_file = live->policy->source;
    if (live->global_policy && opt.global_policy_file.empty()) opt.global_policy_file = live->global_policy->source;
  } else {
    for (const std::string& flag : {std::string(!opt.cluster.context.empty() ? "--context" : ""),
                                    std::string(!opt.cluster.resource_policies_configmap.empty() ? "--resource-policies-configmap" : ""),
                                    std::string(!opt.cluster.global_policies_configmap.empty() ? "--global-backup-volume-policies-configmap" : ""),
                                    std::string(!opt.cluster.from_backup.empty() ? "--from-backup" : ""),
                                    std::string(!opt.cluster.from_schedule.empty() ? "--from-schedule" : "")})
      if (!flag.empty()) {
        std::fprintf(err, "error: %s reads the live cluster: add --cluster\n", flag.c_str());
        print_usage_hint(err);
        return exit_usage;
      }
  }
  const fetched_text* cluster_backup = live && live->backup ? &*live->backup : nullptr;
  const fetched_text* cluster_policy =
      live && live->policy && given.policy_file.empty() ? &*live->policy : nullptr;
  const fetched_text* cluster_global =
      live && live->global_policy && given.global_policy_file.empty() ? &*live->global_policy : nullptr;
  auto backup = backup_options_from(opt, cluster_backup);
  if (const diagnostic* e = backup.error()) {
    std::fprintf(err, "error: %s\n", e->to_string().c_str());
    print_usage_hint(err);
    return exit_usage;
  }
  auto server = server_options_from(opt, live ? &*live : nullptr);
  if (const diagnostic* e = server.error()) {
    std::fprintf(err, "error: %s\n", e->to_string().c_str());
    print_usage_hint(err);
    return exit_usage;
  }
  std::optional<policy::policies> backup_policies, global_policies;
  if (!opt.policy_file.empty()) {
    backup_policies = load_policies(opt.policy_file, policy::policy_origin::backup, err, cluster_policy);
    if (!backup_policies) return exit_usage;
  }
  if (!opt.global_policy_file.empty()) {
    global_policies = load_policies(opt.global_policy_file, policy::policy_origin::global, err, cluster_global);
    if (!global_policies) return exit_usage;
  }

  // Inputs that cannot be read are reported here, once, and not given to the loader.
  bool unreadable = false;
  std::vector<std::string> readable;
  for (const std::string& path : opt.inputs) {
    std::error_code ec;
    const bool exists = path == "-" || std::filesystem::exists(path, ec);
    if (path != "-" && (!exists || access(path.c_str(), R_OK) != 0)) {
      std::fprintf(err, "error: %s: cannot read: %s\n", path.c_str(), std::strerror(exists ? errno : ENOENT));
      unreadable = true;
      continue;
    }
    readable.push_back(path);
  }
  opt.inputs = readable;

  // Only velero.io annotations reach any decision (backup.velero.io/backup-volumes...); the
  // object keeps whether it had annotations at all, which Velero's opt-out list depends on.
  k8s::load_options load;
  load.annotations = k8s::annotation_filter::velero;
  bool cluster_failed = false;
  k8s::load_result loaded;
  {
    const load_progress progress(err);  // a status line on a terminal, for long loads
    loaded = live ? load_live_objects(*live, load, cluster_failed) : k8s::load_objects(opt.inputs, load);
  }
  plan::report_context ctx;
  ctx.inputs = live ? std::vector<std::string>{"kubectl, context " + live->context} : opt.inputs;
  ctx.policy_file = opt.policy_file;
  ctx.global_policy_file = opt.global_policy_file;
  bool input_errors = false;
  // Each problem once: on stderr; the machine formats carry them too (the table does not
  // repeat them).
  for (const diagnostic& d : loaded.problems) {
    if (opt.output != "table") ctx.input_problems.push_back(d);
    if (d.level == severity::error) input_errors = true;
    std::fprintf(err, "%s\n", d.to_string().c_str());
  }
  std::size_t objects = loaded.counts.persistent_volumes + loaded.counts.persistent_volume_claims + loaded.counts.pods;
  for (const auto& [kind, n] : loaded.counts.other_kinds) objects += n;
  if (cluster_failed) unreadable = true;
  if (objects == 0 && !cluster_failed && (live || !opt.inputs.empty())) {
    std::vector<std::string> named;
    for (const std::string& i : opt.inputs) named.push_back(i == "-" ? "standard input (-)" : i);
    std::fprintf(err, "error: %s: no Kubernetes objects%s\n",
                 live ? "the cluster" : fmt::format("{}", fmt::join(named, ", ")).c_str(),
                 live ? " (no PersistentVolumes, PersistentVolumeClaims or pods)"
                      : " at all (for a pipe: did the command before it fail?)");
    unreadable = true;
  }
  if (unreadable && loaded.objects.empty()) return exit_unreadable;
  warn_unmatched_namespaces(backup.value().include_namespaces, known_namespaces(loaded.objects, live ? &*live : nullptr), err);

  plan::plan_input in;
  in.cluster = &loaded.objects;
  in.backup_policies = backup_policies ? &*backup_policies : nullptr;
  in.global_policies = global_policies ? &*global_policies : nullptr;
  in.backup = backup.value();
  in.server = server.value();
  auto planned = plan::make_plan(in);
  if (const diagnostic* e = planned.error()) {
    std::fprintf(err, "error: %s\n", e->to_string().c_str());
    return exit_usage;
  }
  plan::plan_result& p = planned.value();
  std::vector<std::string> notes = plan_notes(in.backup, in.server);
  if (live) {
    // Facts read from the cluster replace the assumption note.
    std::erase_if(notes, [](const std::string& n) { return n.starts_with("assumed: node agent"); });
    const std::vector<std::string> facts = live_cluster_notes(*live, loaded.objects);
    notes.insert(notes.end(), facts.begin(), facts.end());
  }
  notes.insert(notes.end(), p.notes.begin(), p.notes.end());
  p.notes = std::move(notes);

  if (opt.output == "json") {
    plan::write_json(p, ctx, out);
  } else if (opt.output == "yaml") {
    plan::write_yaml(p, ctx, out);
  } else {
    const std::string text = plan::render_table(p, ctx);
    std::fwrite(text.data(), 1, text.size(), out);
  }
  if (unreadable) return exit_unreadable;
  return input_errors || p.summary.errors > 0 ? exit_errors : exit_ok;
}

}  // namespace volpol::cli
