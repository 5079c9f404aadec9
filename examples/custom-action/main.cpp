// custom-action-example POLICY CLUSTER... — what a third-party BackupItemAction plugin sees.
//
// The plugin owns the volumes whose first matching volume policy has action `custom` with its
// own parameter `myCustomAction: true` (Velero design "Add custom volume policy action"). It
// asks the volume helper, for every PVC of the cluster, whether the custom action applies
// (ShouldPerformCustomAction) and, when it does, which parameters it gets (GetActionParameters).
#include <fmt/core.h>

#include <string>
#include <vector>

#include "volpol/core/value.h"
#include "volpol/helper/decision.h"
#include "volpol/helper/factory.h"
#include "volpol/k8s/loader.h"

namespace {

using namespace volpol;

/// The part of the action parameters that identifies this plugin's volumes.
value my_match_params() { return value::make_mapping({{"myCustomAction", value::make_bool(true)}}); }

/// One PVC: handled (with its parameters) or why not.
void report(const helper::volume_helper& h, const k8s::persistent_volume_claim& pvc, const value& mine) {
  const auto d = h.should_perform_custom_action(pvc, mine);
  if (const diagnostic* e = d.error()) {
    fmt::print("  {:<22} error: {}\n", pvc.metadata.key(), e->to_string());
    return;
  }
  if (!d->perform) {
    const char* lead = d->why == helper::reason::policy_action ? "first match is " : "";
    fmt::print("  {:<22} not mine: {}{}\n", pvc.metadata.key(), lead, helper::describe(*d));
    return;
  }
  // A Pending PVC matched on the PVC alone is ours, but GetActionParameters needs its PV:
  // Velero reports "not matched" there, so read the parameters from the decision's policy.
  const helper::action_parameters p = h.get_action_parameters(pvc);
  const value& params = p.matched ? *p.parameters : d->policy->act.parameters;
  fmt::print("  {:<22} MINE via {}, parameters {}{}\n", pvc.metadata.key(), helper::policy_label(*d->policy),
             params.to_string(), p.matched ? "" : " (matched on the PVC alone: it has no PV yet)");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    fmt::print(stderr, "usage: {} POLICY CLUSTER...\n", argv[0]);
    return 2;
  }
  const std::vector<std::string> inputs(argv + 2, argv + argc);
  const k8s::load_result loaded = k8s::load_objects(inputs);
  for (const diagnostic& d : loaded.problems) fmt::print(stderr, "{}\n", d.to_string());
  if (loaded.problems.has_errors()) return 1;

  auto h = helper::make_volume_helper({.policy_file = argv[1]}, {}, loaded.objects);
  if (const diagnostic* e = h.error()) {
    fmt::print(stderr, "{}\n", e->to_string());
    return 1;
  }
  const value mine = my_match_params();
  fmt::print("custom action {}: {} PVCs\n", mine.to_string(), loaded.objects.persistent_volume_claims().size());
  for (const auto& pvc : loaded.objects.persistent_volume_claims()) report(h.value(), pvc, mine);
  return 0;
}
