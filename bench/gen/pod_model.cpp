#include "pod_model.h"

#include <algorithm>
#include <array>
#include <string_view>

#include <fmt/format.h>

#include "object_parts.h"
#include "rng.h"

namespace volpol::bench {
namespace {

using vsrc = pod_volume_spec::source;

constexpr std::array<std::string_view, 3> sidecar_names = {"metrics-exporter", "log-shipper", "config-reloader"};

std::string join_names(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ",") + n;
  return out;
}

std::vector<pod_volume_spec> make_volumes(const object_context& c, rng& r) {
  const workload& w = c.w;
  std::vector<pod_volume_spec> v;
  if (w.kind == workload_kind::stateful_set) {
    for (int t = 0; t < w.claim_templates; ++t) {
      object_context k = c;
      k.claim = t;
      v.push_back({vsrc::claim, claim_template_name(t), claim_name(k)});
    }
  }
  if (w.kind == workload_kind::shared_deployment) v.push_back({vsrc::claim, "shared", claim_name(c)});
  if (w.kind == workload_kind::daemon_set) {
    v.push_back({vsrc::host_path, "proc", "/proc"});
    v.push_back({vsrc::host_path, "sys", "/sys"});
    v.push_back({vsrc::host_path, "varlog", "/var/log"});
  }
  v.push_back({vsrc::config_map, "config", w.name + "-config"});
  if (w.kind != workload_kind::daemon_set && r.chance(60)) v.push_back({vsrc::secret, "tls", w.name + "-tls"});
  if (w.kind != workload_kind::daemon_set) v.push_back({vsrc::empty_dir, "tmp", ""});
  if (r.chance(25)) v.push_back({vsrc::memory_dir, "cache", ""});
  v.push_back({vsrc::projected, "kube-api-access-" + safe_chars(object_seed(c, 'k'), 5), ""});
  return v;
}

std::string mount_path(const workload& w, const pod_volume_spec& v) {
  switch (v.kind) {
    case vsrc::claim: return fmt::format("/var/lib/{}/{}", w.app, v.name);
    case vsrc::config_map: return fmt::format("/etc/{}", w.app);
    case vsrc::secret: return "/etc/tls";
    case vsrc::empty_dir: return "/tmp";
    case vsrc::memory_dir: return "/var/cache/" + w.app;
    case vsrc::host_path: return "/host" + v.ref;
    case vsrc::projected: return "/var/run/secrets/kubernetes.io/serviceaccount";
  }
  return "/";
}

std::vector<env_spec> make_env(const object_context& c, rng& r, bool main) {
  using es = env_spec::source;
  std::vector<env_spec> env;
  env.push_back({"POD_NAME", "metadata.name", es::field, ""});
  if (!main) return env;
  env.push_back({"LOG_LEVEL", r.chance(70) ? "info" : "debug", es::literal, ""});
  env.push_back({"DATABASE_PASSWORD", "password", es::secret_key, c.w.name + "-credentials"});
  if (r.chance(50))
    env.push_back({"OTEL_EXPORTER_OTLP_ENDPOINT", "http://otel-collector.observability:4317", es::literal, ""});
  if (r.chance(30)) env.push_back({"JAVA_OPTS", "-Xms512m -Xmx1g -XX:+UseG1GC", es::literal, ""});
  return env;
}

container_spec make_main_container(const object_context& c, rng& r, const std::vector<pod_volume_spec>& vols) {
  container_spec k;
  k.name = c.w.app;
  k.image = fmt::format("registry.example.com/{}/{}:{}.{}.{}", c.ns.name.substr(0, c.ns.name.find('-')), c.w.app,
                        1 + r.below(4), r.below(20), r.below(10));
  k.image_digest = hex(mix_seed({c.w.seed, 'I'}), 64);
  k.args = {fmt::format("--config=/etc/{}/config.yaml", c.w.app), "--metrics-address=:9090",
            fmt::format("--data-dir=/var/lib/{}", c.w.app)};
  k.env = make_env(c, r, true);
  for (const auto& v : vols) {
    const bool block = c.w.block_mode && v.kind == vsrc::claim;
    k.mounts.push_back({v.name, block ? "/dev/xvd" + v.name : mount_path(c.w, v),
                        v.kind == vsrc::config_map || v.kind == vsrc::secret || v.kind == vsrc::projected, block});
  }
  k.cpu_request = fmt::format("{}m", 50 * (1 + r.below(10)));
  k.cpu_limit = fmt::format("{}", 1 + r.below(4));
  k.memory_request = fmt::format("{}Mi", 128 * (1 + r.below(8)));
  k.memory_limit = fmt::format("{}Gi", 1 + r.below(8));
  k.http_probe = r.chance(70);
  k.readiness_probe = r.chance(30);
  k.hardened = r.chance(40);
  k.restarts = r.chance(80) ? 0 : static_cast<int>(r.below(7));
  return k;
}

container_spec make_sidecar(const object_context& c, rng& r, int i, const std::vector<pod_volume_spec>& vols) {
  container_spec k;
  k.name = std::string(sidecar_names[static_cast<std::size_t>(i)]);
  k.image = fmt::format("quay.io/example/{}:v0.{}.{}", k.name, 10 + r.below(30), r.below(5));
  k.image_digest = hex(mix_seed({c.w.seed, 'S', static_cast<std::uint64_t>(i)}), 64);
  k.args = {"--port=9" + std::to_string(100 + i)};
  k.env = make_env(c, r, false);
  k.mounts.push_back({vols.back().name, mount_path(c.w, vols.back()), true, false});
  k.port = 9100 + i;
  k.port_name = "metrics";
  k.cpu_request = "10m";
  k.cpu_limit = "100m";
  k.memory_request = "32Mi";
  k.memory_limit = "128Mi";
  k.http_probe = true;
  k.readiness_probe = false;
  k.hardened = false;
  return k;
}

string_pairs make_labels(const object_context& c, const std::string& name) {
  const workload& w = c.w;
  string_pairs l;
  if (w.kind == workload_kind::bare_pod) return {{"run", name}};
  l.emplace_back("app.kubernetes.io/name", w.app);
  l.emplace_back("app.kubernetes.io/instance", w.name);
  switch (w.kind) {
    case workload_kind::stateful_set:
      l.emplace_back("app.kubernetes.io/component", "database");
      l.emplace_back("apps.kubernetes.io/pod-index", std::to_string(c.ordinal));
      l.emplace_back("controller-revision-hash", w.name + "-" + w.template_hash);
      l.emplace_back("statefulset.kubernetes.io/pod-name", name);
      break;
    case workload_kind::daemon_set:
      l.emplace_back("controller-revision-hash", w.template_hash);
      l.emplace_back("pod-template-generation", "3");
      break;
    default: l.emplace_back("pod-template-hash", w.template_hash); l.emplace_back("app.kubernetes.io/version", "1.4.2");
  }
  return l;
}

std::string last_applied(const object_context& c, const pod_model& p) {
  return fmt::format(
      R"({{"apiVersion":"v1","kind":"Pod","metadata":{{"annotations":{{}},"labels":{{"run":"{0}"}},"name":"{0}",)"
      R"("namespace":"{1}"}},"spec":{{"containers":[{{"command":["sleep","infinity"],"image":"{2}","name":"{0}"}}]}}}})"
      "\n",
      p.name, c.ns.name, p.containers[0].image);
}

string_pairs make_annotations(const object_context& c, rng& r, const pod_model& p) {
  const workload& w = c.w;
  string_pairs a;
  std::vector<std::string> claims, scratch;
  for (const auto& v : p.volumes) {
    if (v.kind == vsrc::claim) claims.push_back(v.name);
    if (v.kind == vsrc::empty_dir || v.kind == vsrc::memory_dir) scratch.push_back(v.name);
  }
  if (w.opt_in) {
    auto in = claims;
    if (!scratch.empty()) in.push_back(scratch[0]);
    if (!in.empty()) a.emplace_back("backup.velero.io/backup-volumes", join_names(in));
  }
  if (w.opt_out && !scratch.empty()) a.emplace_back("backup.velero.io/backup-volumes-excludes", join_names(scratch));
  if (w.kind == workload_kind::bare_pod)
    a.emplace_back("kubectl.kubernetes.io/last-applied-configuration", last_applied(c, p));
  if (w.kind != workload_kind::bare_pod && r.chance(70)) {
    a.emplace_back("checksum/config", hex(mix_seed({w.seed, 'c'}), 64));
    a.emplace_back("prometheus.io/port", "9090");
    a.emplace_back("prometheus.io/scrape", "true");
  }
  if (p.containers.size() > 1) a.emplace_back("kubectl.kubernetes.io/default-container", p.containers[0].name);
  if (w.kind == workload_kind::deployment && r.chance(30))
    a.emplace_back("kubectl.kubernetes.io/restartedAt", timestamp(w.seed, -3600));
  std::sort(a.begin(), a.end());
  return a;
}

}  // namespace

pod_model make_pod_model(const object_context& c) {
  rng r(object_seed(c, 'p'));
  pod_model p;
  p.name = pod_name(c);
  p.uid = pod_uid(c);
  p.creation = timestamp(c.w.seed, c.ordinal * 40);
  p.started = timestamp(c.w.seed, c.ordinal * 40 + 2);
  p.pending = is_pending(c);
  p.node = node_index(c);
  p.ip = pod_ip(object_seed(c, 'i'));
  p.volumes = make_volumes(c, r);
  p.containers.push_back(make_main_container(c, r, p.volumes));
  for (int i = 0; i < c.w.sidecars; ++i) p.containers.push_back(make_sidecar(c, r, i, p.volumes));
  p.service_account = c.w.kind == workload_kind::bare_pod ? "default" : c.w.name;
  p.labels = make_labels(c, p.name);
  std::sort(p.labels.begin(), p.labels.end());
  p.annotations = make_annotations(c, r, p);
  return p;
}

}  // namespace volpol::bench
