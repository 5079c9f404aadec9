// make_plan: the filters, the walk, and the notes on what the plan assumed.
#include "volpol/plan/planner.h"

#include <fmt/format.h>

#include <algorithm>

#include "item_backupper.h"
#include "volpol/detail/plan/node_agent.h"

namespace volpol::plan {

namespace {

std::vector<plan_note> notes_for(const plan_input& in, const plan_result& out) {
  const backup_options& b = in.backup;
  const server_options& s = in.server;
  std::vector<plan_note> notes;
  if (s.velero.source != velero_release_source::flag) notes.push_back(plan_note::velero_release);
  if (!out.validation_errors.empty()) notes.push_back(plan_note::failed_validation);
  if (!b.schedule_name.empty()) notes.push_back(plan_note::backup_from_schedule);
  if (!in.missing_policy_config_map.empty()) notes.push_back(plan_note::policy_config_map_missing);
  if (!s.features_given) notes.push_back(plan_note::enable_csi_assumed);
  if (s.volume_snapshot_locations.empty() && in.cluster->volume_snapshot_locations().empty())
    notes.push_back(plan_note::no_volume_snapshot_location);
  if (!b.snapshot_volumes) notes.push_back(plan_note::snapshot_volumes_unset);
  if (!b.data_mover.empty() && b.snapshot_move_data != true) notes.push_back(plan_note::data_mover_without_move_data);
  const bool classes_known = !in.cluster->storage_classes().empty() || !in.cluster->volume_snapshot_classes().empty();
  const bool agent_known = node_agent(*in.cluster, b.namespace_).known();
  if (!agent_known)
    notes.push_back(classes_known ? plan_note::node_agent_running_assumed : plan_note::node_agent_assumed);
  else if (!classes_known) notes.push_back(plan_note::snapshot_classes_assumed);
  if (!in.ignored_kinds.empty()) notes.push_back(plan_note::ignored_kinds);
  return notes;
}

/// The volume snapshot locations of the backup: the VSL objects of the Velero namespace in
/// the input plus the --volume-snapshot-locations shorthand, resolved as the backup
/// controller does (validateAndGetSnapshotLocations).
snapshot_location_resolution snapshot_locations(const plan_input& in) {
  std::vector<volume_snapshot_location> vsls;
  for (const k8s::volume_snapshot_location_object& l : in.cluster->volume_snapshot_locations())
    if (l.metadata.namespace_ == in.backup.namespace_ || l.metadata.namespace_.empty())
      vsls.push_back({l.metadata.name, l.provider});
  for (const volume_snapshot_location& l : in.server.volume_snapshot_locations)
    if (std::none_of(vsls.begin(), vsls.end(), [&](const auto& v) { return v.name == l.name; })) vsls.push_back(l);
  return resolve_volume_snapshot_locations(vsls, in.backup.volume_snapshot_locations,
                                           in.server.default_volume_snapshot_locations);
}

}  // namespace

std::string plan_note_text(plan_note n, const plan_result& plan) {
  switch (n) {
    case plan_note::velero_release: return velero_release_note(plan.server.velero);
    case plan_note::enable_csi_assumed:
      return "EnableCSI assumed on (current Velero installs run with it); --features= turns it off";
    case plan_note::no_volume_snapshot_location:
      return "no volume snapshot location given: Velero-native snapshots cannot happen "
             "(--volume-snapshot-locations NAME=PROVIDER)";
    case plan_note::snapshot_volumes_unset: return "snapshotVolumes unset: counts as true where nothing else decides";
    case plan_note::node_agent_assumed:
      return "assumed: node agent running on every node; VolumeSnapshotClasses exist for CSI drivers";
    case plan_note::node_agent_running_assumed: return "assumed: node agent running on every node";
    case plan_note::snapshot_classes_assumed:
      return "assumed: VolumeSnapshotClasses exist for CSI drivers (the input has no StorageClass or "
             "VolumeSnapshotClass)";
    case plan_note::failed_validation: {
      std::string out = "the backup fails validation (FailedValidation), nothing is backed up:";
      for (const std::string& e : plan.validation_errors) out += " " + e + ";";
      out.pop_back();
      return out;
    }
    case plan_note::ignored_kinds: {
      std::string out;
      for (const auto& [kind, count] : plan.ignored_kinds)
        out += fmt::format("{}{} {}", out.empty() ? "ignored: " : ", ", count, kind.empty() ? "unknown" : kind);
      return out;
    }
    case plan_note::policy_config_map_missing:
      return fmt::format(
          "the Backup's resource policy ConfigMap {} is not in the input: pass it with --policy, or "
          "add it to -f",
          plan.missing_policy_config_map);
    case plan_note::backup_from_schedule:
      return fmt::format("planned for the Backup Schedule {} creates ({})", plan.backup.schedule_name,
                         plan.backup.name);
    case plan_note::data_mover_without_move_data:
      return fmt::format(
          "data mover `{}` has no effect: snapshotMoveData is not true, so no snapshot data is moved "
          "(--snapshot-move-data)",
          plan.backup.data_mover);
  }
  return "";
}

result<plan_result> make_plan(const plan_input& input_in) {
  if (input_in.cluster == nullptr) return make_error("no cluster given");
  plan_input input = input_in;  // the locations resolved below replace the given ones
  std::vector<std::string> validation;
  const snapshot_location_resolution locations = snapshot_locations(input);
  if (locations.ok()) input.server.volume_snapshot_locations = locations.locations;
  else validation = locations.errors;
  diagnostics collection_errors;
  const policy::policies* server_policies = input.backup_policies ? input.backup_policies : input.global_policies;
  auto collection = item_collection::make(to_backup_spec(input.backup), server_policies, *input.cluster,
                                          collection_errors);
  if (const diagnostic* e = collection.error()) return *e;
  for (const diagnostic& d : collection_errors) validation.push_back(d.message);
  auto shared = std::make_shared<const item_collection>(std::move(collection).value());
  auto ns = namespace_includes_excludes::make(input.backup.include_namespaces, input.backup.exclude_namespaces);
  if (auto* e = ns.error()) return *e;
  detail::item_backupper w(input, std::move(ns).value(),
                           resource_includes_excludes(input.backup.include_resources, input.backup.exclude_resources),
                           *shared);
  w.run(!validation.empty());
  plan_result out = w.finish(validation.size());
  out.collection = std::move(shared);
  out.validation_errors = std::move(validation);
  out.ignored_kinds = input.ignored_kinds;
  out.missing_policy_config_map = input.missing_policy_config_map;
  out.custom_action_params = input.custom_action_params;
  out.server_policies = out.merged_policies ? out.merged_policies.get()
                                            : (input.backup_policies ? input.backup_policies : input.global_policies);
  out.backup_policies = input.backup_policies;
  out.backup = input.backup;
  out.server = input.server;
  out.notes = notes_for(input, out);
  return out;
}

}  // namespace volpol::plan
