#include "cluster_model.h"

#include <algorithm>
#include <array>
#include <string_view>

#include <fmt/format.h>

#include "object_parts.h"
#include "rng.h"

namespace volpol::bench {
namespace {

constexpr std::array<std::string_view, 12> stateful_apps = {"postgres",      "redis",   "kafka",     "zookeeper",
                                                            "elasticsearch", "mongodb", "mysql",     "rabbitmq",
                                                            "minio",         "etcd",    "cassandra", "prometheus"};
constexpr std::array<std::string_view, 16> stateless_apps = {
    "orders-api", "payments", "catalog",  "search",          "auth",     "notifications", "billing", "inventory",
    "gateway",    "frontend", "checkout", "recommendations", "shipping", "cart",          "reviews", "web"};
constexpr std::array<std::string_view, 6> shared_apps = {"media-uploader", "report-builder", "cms",
                                                         "jupyter",        "build-cache",    "wordpress"};
constexpr std::array<std::string_view, 4> daemon_apps = {"node-exporter", "fluent-bit", "promtail", "csi-node"};
constexpr std::array<std::string_view, 4> bare_apps = {"toolbox", "debug", "migration-job", "psql-client"};
constexpr std::array<std::string_view, 14> teams = {"shop",      "payments", "data",      "platform",  "search",
                                                    "identity",  "media",    "analytics", "logistics", "support",
                                                    "marketing", "ml",       "infra",     "billing"};
constexpr std::array<std::string_view, 4> stages = {"prod", "staging", "dev", "qa"};

std::uint32_t weight(const generator_options& o, std::uint32_t index) {
  return 1 + static_cast<std::uint32_t>(mix_seed({o.seed, 0x77, index}) % 4);
}

std::string unique_name(std::vector<workload>& existing, std::string_view app) {
  int same = 0;
  for (const auto& w : existing)
    if (w.app == app) ++same;
  return same == 0 ? std::string(app) : fmt::format("{}-{}", app, same + 1);
}

workload make_stateful_set(rng& r, int room) {
  workload w;
  w.kind = workload_kind::stateful_set;
  w.app = std::string(r.pick(stateful_apps));
  w.replicas = std::min(room, r.between(1, 5));
  w.claim_templates = r.chance(25) ? 2 : 1;
  const auto storage = r.below(100);
  w.storage = storage < 70 ? pv_kind::csi_ebs : (storage < 85 ? pv_kind::aws_ebs : pv_kind::local);
  static constexpr std::array<int, 6> sizes = {1, 5, 10, 20, 50, 100};
  w.size_gi = r.pick(sizes);
  if (w.storage == pv_kind::csi_ebs && r.chance(20)) w.pending_from = w.replicas - 1;  // scaled up, waiting
  w.block_mode = w.storage == pv_kind::csi_ebs && r.chance(4);
  w.no_volume_mode = w.storage == pv_kind::aws_ebs && r.chance(50);
  return w;
}

workload make_workload(rng& r, int room) {
  const auto roll = r.below(100);
  workload w;
  if (roll < 42) {
    w = make_stateful_set(r, room);
  } else if (roll < 56) {
    w.kind = workload_kind::shared_deployment;
    w.app = std::string(r.pick(shared_apps));
    w.replicas = std::min(room, r.between(2, 5));
    w.storage = pv_kind::nfs;
    w.size_gi = r.pick(std::array<int, 3>{50, 100, 500});
  } else if (roll < 88) {
    w.kind = workload_kind::deployment;
    w.app = std::string(r.pick(stateless_apps));
    w.replicas = std::min(room, r.between(1, 4));
  } else if (roll < 95) {
    w.kind = workload_kind::daemon_set;
    w.app = std::string(r.pick(daemon_apps));
    w.replicas = std::min(room, r.between(3, 6));
  } else {
    w.kind = workload_kind::bare_pod;
    w.app = std::string(r.pick(bare_apps));
    w.replicas = 1;
  }
  w.sidecars = r.chance(25) ? (r.chance(20) ? 2 : 1) : 0;
  w.opt_in = r.chance(15);
  w.opt_out = !w.opt_in && r.chance(12);
  w.seed = r.next();
  w.template_hash = safe_chars(r.next(), 10);
  return w;
}

}  // namespace

std::uint64_t pods_in_namespace(const generator_options& o, std::uint32_t index) {
  std::uint64_t total_weight = 0, before = 0;
  for (std::uint32_t i = 0; i < o.namespaces; ++i) {
    if (i == index) before = total_weight;
    total_weight += weight(o, i);
  }
  const auto start = o.pods * before / total_weight;
  const auto end = o.pods * (before + weight(o, index)) / total_weight;
  return end - start;
}

namespace_plan plan_namespace(const generator_options& o, std::uint32_t index) {
  namespace_plan plan;
  plan.index = index;
  rng r(mix_seed({o.seed, 0x4e53, index}));
  plan.name = fmt::format("{}-{}-{}", r.pick(teams), r.pick(stages), index);
  auto room = static_cast<std::int64_t>(pods_in_namespace(o, index));
  while (room > 0) {
    workload w = make_workload(r, static_cast<int>(std::min<std::int64_t>(room, 1 << 20)));
    w.name = unique_name(plan.workloads, w.app);
    room -= w.replicas;
    plan.workloads.push_back(std::move(w));
  }
  return plan;
}

int claims_of(const workload& w) {
  switch (w.kind) {
    case workload_kind::stateful_set: return w.replicas * w.claim_templates;
    case workload_kind::shared_deployment: return 1;
    default: return 0;
  }
}

int bound_claims_of(const workload& w) {
  if (w.kind != workload_kind::stateful_set) return claims_of(w);
  return std::min(w.replicas, w.pending_from) * w.claim_templates;
}

const char* claim_template_name(int i) { return i == 0 ? "data" : "wal"; }

}  // namespace volpol::bench
