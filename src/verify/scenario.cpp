#include "volpol/detail/verify/scenario.h"

#include <fmt/format.h>

#include "volpol/k8s/loader.h"
#include "volpol/policy/document.h"

namespace volpol::verify {

namespace {

/// Decode + build + validate, as `volpol plan` does; every problem goes to `out`.
std::optional<policy::policies> check(const policy_source& src, policy::policy_use use, velero_version release,
                                      diagnostics& out) {
  policy::checked_policies c;
  if (!src.text.empty()) {
    if (policy::looks_like_config_map(src.text)) {
      c = policy::check_config_map_text(src.text, src.label, use, true, release);
    } else {
      policy::text_origin origin{.file = src.label};
      origin.version = release;
      c = policy::check_policy_text(src.text, origin, use);
    }
  } else {
    c = policy::check_policy_file(src.path, use, true, {}, release);
  }
  out.append(c.problems);
  if (!c.ok()) return std::nullopt;
  return std::move(c.built);
}

diagnostic first_error(const diagnostics& d, std::string_view fallback) {
  for (const diagnostic& x : d)
    if (x.level == severity::error) return x;
  return make_error(std::string(fallback));
}

}  // namespace

result<std::unique_ptr<planned>> make_planned(const scenario& s, diagnostics* all_problems) {
  auto p = std::make_unique<planned>();
  // The objects first: a Velero Deployment among them names the release the policies are read
  // for, as `volpol plan` reads it (detail/plan/velero_release.h), unless the test names one.
  // As `volpol plan`: only velero.io annotations reach a decision.
  k8s::load_options load;
  load.annotations = k8s::annotation_filter::velero;
  k8s::load_result loaded = k8s::load_objects(s.cluster_paths, load);
  diagnostics object_problems = loaded.problems;
  p->cluster = std::move(loaded.objects);
  for (const inline_objects& objs : s.cluster_objects) {
    k8s::load_result more = k8s::load_text(objs.text, objs.label, load);
    object_problems.append(more.problems);
    auto take = [&](auto span) {
      for (auto& o : span) {
        auto copy = o;
        if (auto r = p->cluster.add(std::move(copy)); !r) object_problems.add(*r.error());
      }
    };
    auto take_extra = [&](auto span) {
      for (auto& o : span) {
        auto copy = o;
        if (auto r = p->cluster.add(k8s::extra_object(std::move(copy))); !r) object_problems.add(*r.error());
      }
    };
    take(more.objects.persistent_volumes());
    take(more.objects.persistent_volume_claims());
    take(more.objects.pods());
    take_extra(more.objects.deployments());
    take_extra(more.objects.daemon_sets());
  }
  plan::server_options server = s.server;
  if (server.velero.source != plan::velero_release_source::flag)
    server.velero = plan::choose_velero_release(std::nullopt, p->cluster, s.backup.namespace_);
  const velero_version release = server.velero.version;

  diagnostics policy_problems;
  if (!s.policy.empty()) {
    p->backup_policies = check(s.policy, policy::policy_use::backup, release, policy_problems);
    if (!p->backup_policies) {
      if (all_problems) all_problems->append(policy_problems);
      return first_error(policy_problems, fmt::format("invalid policy `{}`", s.policy.name()));
    }
  }
  if (!s.global_policy.empty()) {
    p->global_policies = check(s.global_policy, policy::policy_use::global, release, policy_problems);
    if (!p->global_policies) {
      if (all_problems) all_problems->append(policy_problems);
      return first_error(policy_problems, fmt::format("invalid global policy `{}`", s.global_policy.name()));
    }
  }
  p->problems.append(policy_problems);
  p->problems.append(object_problems);
  if (all_problems) all_problems->append(p->problems);

  plan::plan_input in;
  in.cluster = &p->cluster;
  in.backup_policies = p->backup_policies ? &*p->backup_policies : nullptr;
  in.global_policies = p->global_policies ? &*p->global_policies : nullptr;
  in.backup = s.backup;
  in.server = server;
  in.trace = s.trace;
  auto made = plan::make_plan(in);
  if (const diagnostic* e = made.error()) {
    if (all_problems) all_problems->add(*e);
    return *e;
  }
  p->plan = std::move(made).value();
  return p;
}

}  // namespace volpol::verify
