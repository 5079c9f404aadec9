// make_plan: the filters, the walk, and the notes on what the plan assumed.
#include "volpol/plan/planner.h"

#include "walker.h"

namespace volpol::plan {

namespace {

std::vector<plan_note> notes_for(const backup_options& b, const server_options& s) {
  std::vector<plan_note> notes;
  if (!s.features_given) notes.push_back(plan_note::enable_csi_assumed);
  if (s.volume_snapshot_locations.empty()) notes.push_back(plan_note::no_volume_snapshot_location);
  if (!b.snapshot_volumes) notes.push_back(plan_note::snapshot_volumes_unset);
  notes.push_back(plan_note::node_agent_assumed);
  return notes;
}

}  // namespace

std::string_view plan_note_text(plan_note n) {
  switch (n) {
    case plan_note::enable_csi_assumed:
      return "EnableCSI assumed on (current Velero installs run with it); --features= turns it off";
    case plan_note::no_volume_snapshot_location:
      return "no volume snapshot location given: Velero-native snapshots cannot happen "
             "(--volume-snapshot-locations NAME=PROVIDER)";
    case plan_note::snapshot_volumes_unset: return "snapshotVolumes unset: counts as true where nothing else decides";
    case plan_note::node_agent_assumed:
      return "assumed: node agent running on every node; VolumeSnapshotClasses exist for CSI drivers";
  }
  return "";
}

result<plan_result> make_plan(const plan_input& input) {
  if (input.cluster == nullptr) return make_error("no cluster given");
  auto ns = namespace_filter::make(input.backup.include_namespaces, input.backup.exclude_namespaces);
  if (auto* e = ns.error()) return *e;
  detail::walker w(input, std::move(ns).value(),
                   resource_filter(input.backup.include_resources, input.backup.exclude_resources));
  w.run();
  plan_result out = w.finish();
  out.notes = notes_for(input.backup, input.server);
  out.server_policies = out.merged_policies ? out.merged_policies.get()
                                            : (input.backup_policies ? input.backup_policies : input.global_policies);
  out.backup_policies = input.backup_policies;
  out.backup = input.backup;
  out.server = input.server;
  return out;
}

}  // namespace volpol::plan
