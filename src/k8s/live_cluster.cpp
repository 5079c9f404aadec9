// What volpol reads from a live cluster through kubectl (see volpol/k8s/live_cluster.h).
#include "volpol/k8s/live_cluster.h"

#include <fmt/format.h>
#include <simdjson.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <future>
#include <map>
#include <set>
#include <sstream>

#include "volpol/detail/api_list.h"
#include "volpol/detail/text_file.h"
#include "volpol/k8s/cluster.h"
#include "volpol/k8s/spelling.h"

namespace volpol::k8s {

namespace {

/// Calls `f` with each element of a Kubernetes list's `items`; false when the text is not a list.
template <class F>
bool for_each_item(const std::string& text, const F& f) {
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  simdjson::dom::array items;
  if (parser.parse(text).get(doc) || doc["items"].get_array().get(items)) return false;
  for (simdjson::dom::element item : items) f(item);
  return true;
}

/// `metadata.name` of every item of a list, sorted; false when the text is not a list.
bool item_names(const std::string& text, std::vector<std::string>& names) {
  const bool list = for_each_item(text, [&](simdjson::dom::element item) {
    std::string_view name;
    if (!item["metadata"]["name"].get_string().get(name)) names.emplace_back(name);
  });
  if (list) std::sort(names.begin(), names.end());
  return list;
}

diagnostic warning_from(const kubectl_config& kc, const kubectl_call& call, std::string assumed) {
  diagnostic d = explain_kubectl_failure(kc, call);
  d.level = severity::warning;
  d.help = d.help.empty() ? std::move(assumed) : d.help + "; " + assumed;
  return d;
}

/// The API path of the namespaced resources volpol reads by name (kubectl's names for them).
std::string api_path(const std::string& resource, const std::string& ns) {
  if (resource == "configmap") return fmt::format("/api/v1/namespaces/{}/configmaps", ns);
  const std::string plural = resource.substr(0, resource.find('.'));  // backups.velero.io
  return fmt::format("/apis/velero.io/v1/namespaces/{}/{}", ns, plural);
}

/// Reads a named object through the proxy; a failure is the error that stops the plan.
result<fetched_text> fetch_object(const kubectl_proxy& proxy, const std::string& resource, const std::string& name,
                                  const std::string& ns, const std::string& flag) {
  const kubectl_config& kc = proxy.config();
  fetched_text f;
  const kubectl_call call = get_through_proxy(proxy, api_path(resource, ns) + "/" + name,
                                              {"get", resource, name, "-n", ns}, f.text);
  f.source = fmt::format("kubectl get {} {} -n {}", resource, name, ns);
  if (!call.ok()) {
    diagnostic d = explain_kubectl_failure(kc, call);
    if (call.failure == kubectl_failure::not_found) {
      d.message = fmt::format("{} `{}` not found in namespace `{}`", flag, name, ns);
      std::string list;
      std::vector<std::string> names;
      if (get_through_proxy(proxy, api_path(resource, ns), {"get", resource, "-n", ns}, list).ok() &&
          item_names(list, names)) {
        std::string known;
        for (const std::string& n : names) known += (known.empty() ? "`" : ", `") + n + "`";
        d.help = names.empty() ? fmt::format("there are none in `{}`", ns) : fmt::format("there are: {}", known);
      }
    }
    return d;
  }
  return f;
}

/// The context to read: the one given, which must be in the kubeconfig, or the current one.
/// Checked first: kubectl's own message for an unknown context is easy to misread.
/// @return its name, or why there is none (kubectl missing, unknown context, no current one).
result<std::string> kubectl_context(const kubectl_config& kc) {
  // kubectl reads a missing --kubeconfig as an empty one ("no contexts"): name the file.
  if (const std::optional<std::string> why = unreadable_reason(kc.kubeconfig)) {
    diagnostic d = make_error(fmt::format("cannot read `{}`: {}", kc.kubeconfig, *why));
    d.where.file = "--kubeconfig";
    d.help = "give the kubeconfig file kubectl uses (default: $KUBECONFIG, then ~/.kube/config)";
    return d;
  }
  // kubectl takes an empty $KUBECONFIG (or one of empty paths, `:`) as unset.
  const char* kubeconfig_env = std::getenv("KUBECONFIG");
  if (kubeconfig_env != nullptr && std::string_view(kubeconfig_env).find_first_not_of(':') == std::string_view::npos)
    kubeconfig_env = nullptr;
  if (kc.kubeconfig.empty() && kubeconfig_env == nullptr && std::getenv("KUBERNETES_SERVICE_HOST") == nullptr) {
    const char* home = std::getenv("HOME");
    const std::string config = std::string(home != nullptr ? home : "") + "/.kube/config";
    if (unreadable_reason(config, /*folder_ok=*/true)) {
      diagnostic d = make_error(fmt::format("no kubeconfig: $KUBECONFIG is not set and {} does not exist", config));
      d.where.file = "--cluster";
      d.help = "give --kubeconfig FILE, or set KUBECONFIG";
      return d;
    }
  }
  // kubectl skips the files of $KUBECONFIG it cannot read: when none can be, name them.
  if (kc.kubeconfig.empty() && kubeconfig_env != nullptr) {
    std::vector<std::string> unreadable;
    bool any = false;
    std::stringstream paths(kubeconfig_env);
    for (std::string path; std::getline(paths, path, ':');) {
      if (path.empty()) continue;
      if (const std::optional<std::string> why = unreadable_reason(path))
        unreadable.push_back(fmt::format("`{}`: {}", path, *why));
      else any = true;
    }
    if (!any && !unreadable.empty()) {
      diagnostic d = make_error(
          fmt::format("no kubeconfig: $KUBECONFIG names no file that can be read ({})", fmt::join(unreadable, "; ")));
      d.where.file = "--cluster";
      d.help = "set KUBECONFIG to the kubeconfig file(s) kubectl uses, or give --kubeconfig FILE";
      return d;
    }
  }
  kubectl_config no_context = kc;
  no_context.context.clear();
  no_context.request_timeout.clear();
  // The contexts and the current one, both at once (kubectl starts in ~0.1-0.4 s).
  std::string current;
  auto current_call = std::async(std::launch::async, [&] {
    return kc.context.empty() ? run_kubectl_capture(no_context, {"config", "current-context"}, current)
                              : kubectl_call{};
  });
  kubectl_call call;
  const std::vector<std::string> known = kubectl_contexts(no_context, &call);
  const kubectl_call cur = current_call.get();
  // kubectl that does not run, or cannot read the kubeconfig, says so (not "no current context").
  if (!call.ok()) return explain_kubectl_failure(kc, call);
  std::string list;
  for (const std::string& k : known) list += (list.empty() ? "`" : ", `") + k + "`";
  const std::string where = kc.kubeconfig.empty() ? "the kubeconfig" : "`" + kc.kubeconfig + "`";
  if (!kc.context.empty()) {
    if (std::find(known.begin(), known.end(), kc.context) != known.end()) return kc.context;
    diagnostic d = make_error(fmt::format("context `{}` is not in {}", kc.context, where));
    d.where.file = "--context";
    d.help = known.empty() ? "it has no contexts" : fmt::format("contexts there: {}", list);
    return d;
  }
  while (!current.empty() && (current.back() == '\n' || current.back() == '\r')) current.pop_back();
  if (cur.ok() && !current.empty()) return current;
  // In a pod without a kubeconfig, kubectl uses the pod's service account (client-go's
  // rest.InClusterConfig): there is no context to name.
  if (kc.kubeconfig.empty() && kubeconfig_env == nullptr && known.empty() &&
      std::getenv("KUBERNETES_SERVICE_HOST") != nullptr)
    return std::string("in-cluster (service account)");
  diagnostic d = make_error(fmt::format("{} sets no current context", where));
  d.where.file = "--cluster";
  d.help = known.empty() ? "give --kubeconfig FILE" : fmt::format("give --context NAME: {}", list);
  return d;
}

/// One GET through the proxy started in the background (standing for `kubectl ARGS`), and its answer.
struct kubectl_answer {
  kubectl_call call;
  std::string out;
};
std::future<kubectl_answer> start_get(const kubectl_proxy& proxy, std::string path, std::vector<std::string> args) {
  return std::async(std::launch::async, [&proxy, path = std::move(path), args = std::move(args)] {
    kubectl_answer a;
    a.call = get_through_proxy(proxy, path, args, a.out);
    return a;
  });
}

/// The Backup (--from-backup, or --from-schedule's template as a Backup) and the policy
/// ConfigMap: the one given, else the one the Backup names.
struct backup_and_policy_texts {
  std::optional<chosen_backup> backup;
  std::optional<fetched_text> policy;
};
result<backup_and_policy_texts> fetch_backup_and_policy(const live_cluster_source& flags, const kubectl_proxy& kc) {
  backup_and_policy_texts out;
  const std::string& vns = flags.velero_namespace;
  std::string policy_name = flags.resource_policies_configmap;
  if (!flags.from_backup.empty() || !flags.from_schedule.empty()) {
    const bool schedule = flags.from_backup.empty();
    const std::string& name = schedule ? flags.from_schedule : flags.from_backup;
    auto got = fetch_object(kc, schedule ? "schedules.velero.io" : "backups.velero.io", name, vns,
                            schedule ? "--from-schedule" : "--from-backup");
    if (const diagnostic* e = got.error()) return *e;
    auto b = backup_from_text(got->text, got->source);
    if (const diagnostic* e = b.error()) return *e;
    out.backup = std::move(b).value();
    // GetResourcePoliciesFromBackup: a ConfigMap reference (kind `configmap`, any case).
    const backup_spec& spec = out.backup->backup.spec;
    if (policy_name.empty() && equal_fold(spec.resource_policy_kind, "configmap"))
      policy_name = spec.resource_policy_name;
  }
  if (!policy_name.empty()) {
    auto got = fetch_object(kc, "configmap", policy_name, vns, "--resource-policies-configmap");
    if (const diagnostic* e = got.error()) return *e;
    out.policy = std::move(got).value();
  }
  return out;
}

/// The CSI drivers of `storage_classes` (a StorageClassList) that no VolumeSnapshotClass of
/// `snapshot_classes` serves, each with its classes: "driver (class, ...)". In-tree
/// provisioners (kubernetes.io/...) are not CSI drivers.
std::vector<std::string> drivers_without_snapshot_class(const std::string& storage_classes,
                                                        const std::string& snapshot_classes) {
  std::set<std::string> drivers_with_class;
  (void)for_each_item(snapshot_classes, [&](simdjson::dom::element item) {
    std::string_view driver;
    if (!item["driver"].get_string().get(driver)) drivers_with_class.emplace(driver);
  });
  std::map<std::string, std::vector<std::string>> missing;  // CSI driver -> storage classes
  (void)for_each_item(storage_classes, [&](simdjson::dom::element item) {
    std::string_view provisioner, name;
    if (item["provisioner"].get_string().get(provisioner) || item["metadata"]["name"].get_string().get(name)) return;
    if (provisioner.starts_with("kubernetes.io/") || drivers_with_class.contains(std::string(provisioner))) return;
    missing[std::string(provisioner)].emplace_back(name);
  });
  std::vector<std::string> out;
  for (auto& [driver, names] : missing) out.push_back(fmt::format("{} ({})", driver, fmt::join(names, ", ")));
  return out;
}

/// The volume snapshot locations of a VolumeSnapshotLocationList (name, spec.provider) into
/// `out`; false when the text is not a list.
bool volume_snapshot_locations_of(const std::string& text, std::vector<volume_snapshot_location_object>& out) {
  return for_each_item(text, [&](simdjson::dom::element item) {
    std::string_view name, provider;
    if (item["metadata"]["name"].get_string().get(name) || item["spec"]["provider"].get_string().get(provider)) return;
    volume_snapshot_location_object l;
    l.metadata.name = std::string(name);
    l.provider = std::string(provider);
    out.push_back(std::move(l));
  });
}

}  // namespace

result<live_cluster> read_live_cluster(const live_cluster_source& flags) {
  live_cluster live;
  live.kubectl.program = flags.kubectl;
  live.kubectl.kubeconfig = flags.kubeconfig;
  live.kubectl.context = flags.context;
  live.velero_namespace = flags.velero_namespace;
  live.chunk_size = flags.chunk_size;
  const kubectl_config& kc = live.kubectl;
  // One `kubectl proxy` child authenticates once for every read (volpol/detail/api_list.h); it starts
  // while the context is checked (kubectl's own message for an unknown context is easy to
  // misread, so that one is said first).
  auto proxy_started = std::async(std::launch::async, [&kc] {
    kubectl_call started;
    std::shared_ptr<kubectl_proxy> proxy = kubectl_proxy::start(kc, started);
    return std::make_pair(std::move(proxy), std::move(started));
  });
  auto context = kubectl_context(kc);
  auto [proxy, started] = proxy_started.get();
  if (const diagnostic* e = context.error()) return *e;
  live.context = std::move(context).value();
  if (!proxy) return explain_kubectl_failure(kc, started);
  live.proxy = proxy;
  const kubectl_proxy& px = *proxy;

  // The rest in parallel (each read waits on the network); results are merged in a fixed
  // order so the output does not depend on which read ends first.
  const std::string& vns = flags.velero_namespace;
  auto namespaces = start_get(px, "/api/v1/namespaces", {"get", "namespaces"});
  auto nodes = start_get(px, "/api/v1/nodes", {"get", "nodes"});
  auto classes = start_get(px, "/apis/storage.k8s.io/v1/storageclasses", {"get", "storageclasses"});
  auto snapshot_classes = start_get(px, "/apis/snapshot.storage.k8s.io/v1/volumesnapshotclasses",
                                    {"get", "volumesnapshotclasses"});
  auto locations = start_get(px, fmt::format("/apis/velero.io/v1/namespaces/{}/volumesnapshotlocations", vns),
                             {"get", "volumesnapshotlocations.velero.io", "-n", vns});
  // The Velero Deployment names the release (detail/plan/velero_release.h); unreadable, main is assumed.
  auto deployments = start_get(px, fmt::format("/apis/apps/v1/namespaces/{}/deployments", vns),
                               {"get", "deployments.apps,daemonsets.apps", "-n", vns});
  auto daemon_sets = start_get(px, fmt::format("/apis/apps/v1/namespaces/{}/daemonsets", vns),
                               {"get", "deployments.apps,daemonsets.apps", "-n", vns});
  // `volpol coverage`: every Schedule (with the Backups and the ConfigMaps their policies live
  // in) of the Velero namespace. Failing = no coverage (the error names the kubectl get).
  std::vector<std::future<kubectl_answer>> velero_objects;
  static const std::pair<const char*, const char*> velero_resources[] = {
      {"/apis/velero.io/v1/namespaces/{}/schedules", "schedules.velero.io"},
      {"/apis/velero.io/v1/namespaces/{}/backups", "backups.velero.io"},
      {"/api/v1/namespaces/{}/configmaps", "configmaps"}};
  if (flags.velero_objects)
    for (const auto& [path, resource] : velero_resources)
      velero_objects.push_back(start_get(px, fmt::format(fmt::runtime(path), vns), {"get", resource, "-n", vns}));
  auto backup_and_policy = std::async(std::launch::async, fetch_backup_and_policy, std::cref(flags), std::cref(px));
  auto global_policy = std::async(std::launch::async, [&]() -> std::optional<result<fetched_text>> {
    if (flags.global_policies_configmap.empty()) return std::nullopt;
    return fetch_object(px, "configmap", flags.global_policies_configmap, vns,
                        "--global-backup-volume-policies-configmap");
  });

  const kubectl_answer ns = namespaces.get(), no = nodes.get(), sc = classes.get(), vsc = snapshot_classes.get(),
                       vsl = locations.get(), dp = deployments.get(), ds = daemon_sets.get();
  auto bp = backup_and_policy.get();
  auto gp = global_policy.get();
  // Nothing works when the server cannot be reached or refuses the credentials: say so once.
  if (ns.call.failure == kubectl_failure::unreachable || ns.call.failure == kubectl_failure::unauthorized)
    return explain_kubectl_failure(kc, ns.call);
  if (const diagnostic* e = bp.error()) return *e;
  if (gp)
    if (const diagnostic* e = gp->error()) return *e;

  if (ns.call.ok()) live.namespaces_read = item_names(ns.out, live.namespaces);
  else
    live.warnings.add(
        warning_from(kc, ns.call, "the namespace filter is checked against the pods' and PVCs' namespaces"));
  if (no.call.ok()) live.nodes_read = item_names(no.out, live.nodes);
  else live.warnings.add(warning_from(kc, no.call, "assumed: the node agent runs on every node"));
  if (sc.call.ok() && vsc.call.ok()) {
    live.drivers_without_snapshot_class = drivers_without_snapshot_class(sc.out, vsc.out);
    live.snapshot_classes_read = true;
    live.class_lists.push_back({sc.out, "kubectl get storageclasses"});
    live.class_lists.push_back({vsc.out, "kubectl get volumesnapshotclasses"});
  } else {
    live.warnings.add(warning_from(kc, sc.call.ok() ? vsc.call : sc.call,
                                   "assumed: a VolumeSnapshotClass exists for every CSI driver"));
  }
  if (vsl.call.ok())
    live.volume_snapshot_locations_read = volume_snapshot_locations_of(vsl.out, live.volume_snapshot_locations);
  else
    live.warnings.add(
        warning_from(kc, vsl.call, "no volume snapshot location read: give --volume-snapshot-locations NAME=PROVIDER"));
  if (dp.call.ok() && ds.call.ok()) {
    live.workload_lists.push_back(fetched_text{dp.out, "kubectl get deployments -n " + vns});
    live.workload_lists.push_back(fetched_text{ds.out, "kubectl get daemonsets -n " + vns});
  } else if (flags.velero_version.empty()) {
    live.warnings.add(warning_from(kc, dp.call.ok() ? ds.call : dp.call,
                                   "the Velero release is not read: main is assumed (--velero-version)"));
  }
  for (std::size_t i = 0; i < velero_objects.size(); ++i) {
    kubectl_answer a = velero_objects[i].get();
    if (!a.call.ok()) return explain_kubectl_failure(kc, a.call);
    live.velero_lists.push_back(
        fetched_text{std::move(a.out), fmt::format("kubectl get {} -n {}", velero_resources[i].second, vns)});
  }
  live.backup = std::move(bp.value().backup);
  live.policy = std::move(bp.value().policy);
  if (gp) live.global_policy = std::move(gp->value());
  return live;
}

load_result load_live_objects(const live_cluster& live, load_options options, bool& failed) {
  // The pages of the three lists, raw, through one `kubectl proxy` (volpol/detail/api_list.h): kubectl
  // authenticates; nothing decodes and re-encodes the objects before the loader reads them.
  const std::string name = "kubectl get persistentvolumes,persistentvolumeclaims,pods --all-namespaces";
  static const api_list lists[] = {{"/api/v1/persistentvolumes", "persistentvolumes"},
                                   {"/api/v1/persistentvolumeclaims", "persistentvolumeclaims"},
                                   {"/api/v1/pods", "pods"}};
  load_result loaded;
  diagnostics named;
  kubectl_call started;
  std::shared_ptr<kubectl_proxy> proxy = live.proxy;  // read_live_cluster's
  if (!proxy) proxy = kubectl_proxy::start(live.kubectl, started);
  failed = proxy == nullptr;
  if (failed) {
    named.add(explain_kubectl_failure(live.kubectl, started));
  } else {
    api_list_options paging;
    paging.chunk_size = live.chunk_size;
    api_lists_result read = load_api_lists(*proxy, lists, name, options, paging);
    loaded = std::move(read.loaded);
    named = std::move(loaded.problems);
    live.list_restarts = read.restarts;
    if (read.failure) {
      failed = true;
      named = diagnostics{};  // what was read of a failed answer is not the cluster
      named.add(explain_kubectl_failure(live.kubectl, *read.failure));
      loaded.objects = cluster{};
    }
  }
  // The lists read before, as objects (one that does not load is reported, not used): the
  // classes; the Velero namespace's Schedules, Backups and ConfigMaps (`volpol coverage`);
  // Velero's Deployment and node-agent DaemonSet, for the release they run.
  if (!failed)
    for (const auto* lists : {&live.class_lists, &live.velero_lists, &live.workload_lists})
      for (const fetched_text& list : *lists) {
        load_result more = load_text(list.text, list.source, options);
        for (const diagnostic& d : more.problems) named.add(d);
        for (const diagnostic& d : loaded.objects.merge(std::move(more.objects))) named.add(d);
      }
  live.proxy.reset();  // nothing more is read: kubectl proxy stops here (if no one else holds it)
  loaded.problems = std::move(named);
  return loaded;
}

std::vector<std::string> live_cluster_notes(const live_cluster& live, const cluster& objects) {
  std::vector<std::string> notes;
  notes.push_back(
      fmt::format("read from the cluster: context `{}`, Velero namespace `{}`", live.context, live.velero_namespace));
  if (live.nodes_read) {
    std::set<std::string> with_agent;
    for (const pod& p : objects.pods()) {
      if (p.metadata.namespace_ != live.velero_namespace || p.phase != "Running") continue;
      if (p.metadata.labels.find("name") == "node-agent") with_agent.insert(p.node_name);
    }
    std::vector<std::string> without;
    for (const std::string& n : live.nodes)
      if (!with_agent.contains(n)) without.push_back(n);
    if (with_agent.empty())
      notes.push_back(fmt::format("no node-agent pod runs in `{}`: fs-backup cannot happen", live.velero_namespace));
    else if (without.empty()) notes.push_back(fmt::format("node agent running on all {} nodes", live.nodes.size()));
    else
      notes.push_back(fmt::format("node agent running on {} of {} nodes; fs-backup of pods on {} fails",
                                  live.nodes.size() - without.size(), live.nodes.size(), fmt::join(without, ", ")));
  }
  if (live.list_restarts > 0)
    notes.push_back(fmt::format(
        "{} list{} restarted: {} continue token expired (410, the API server compacted its revision); read on "
        "from where {} had got to, so objects changed meanwhile are read as they are now",
        live.list_restarts, live.list_restarts == 1 ? " was" : "s were", live.list_restarts == 1 ? "its" : "their",
        live.list_restarts == 1 ? "it" : "they"));
  if (live.snapshot_classes_read) {
    if (live.drivers_without_snapshot_class.empty())
      notes.emplace_back("every CSI driver of a StorageClass has a VolumeSnapshotClass");
    else
      notes.push_back(fmt::format("no VolumeSnapshotClass for CSI driver {}: CSI snapshots there fail",
                                  fmt::join(live.drivers_without_snapshot_class, "; ")));
  }
  return notes;
}

}  // namespace volpol::k8s
