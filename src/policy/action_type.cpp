// Action type names. Mirrors `VolumeActionType` (velero internal/resourcepolicies/resource_policies.go).
#include "volpol/policy/action_type.h"

namespace volpol::policy {

std::string_view to_string(action_type t) {
  switch (t) {
    case action_type::skip: return "skip";
    case action_type::snapshot: return "snapshot";
    case action_type::fs_backup: return "fs-backup";
    case action_type::custom: return "custom";
    case action_type::other: break;
  }
  return {};
}

action_type action_type_from_string(std::string_view s) {
  if (s == "skip") return action_type::skip;
  if (s == "snapshot") return action_type::snapshot;
  if (s == "fs-backup") return action_type::fs_backup;
  if (s == "custom") return action_type::custom;
  return action_type::other;
}

}  // namespace volpol::policy
