// audit_command.h (private to the cli layer) — `volpol audit`: after a backup, compare what Velero recorded
// per volume (its BackupVolumeInfo) with what the plan predicted.
//
//     volpol audit VOLUMEINFO [--policy FILE] [--global-policy FILE] -f PATH... [--backup FILE]
//                  [the backup flags of `plan`] [-o text|json]
//
// VOLUMEINFO: `<backup>-volumeinfo.json.gz` from the backup storage location, the `.json`
// inside it, a tar archive holding one, or a folder holding one. Lists each volume where
// Velero did otherwise (backupMethod, snapshotDataMoved, skipped; or a volume only one side
// has), with the plan's explanation and Velero's skippedReason.
// Exit codes: 0 Velero did what was planned; 1 they differ; 2 an error (unreadable volume
// info, an invalid policy, bad usage, cluster objects that could not be read).
#pragma once

#include <cstdio>
#include <string>

#include "plan_inputs.h"

namespace CLI {
class App;
}

namespace volpol::cli {

struct audit_options {
  std::string volume_info;
  plan_options plan;
  std::string output = "text";
};

CLI::App* setup_audit(CLI::App& app, audit_options& opt);
int run_audit(const audit_options& opt, std::FILE* out, std::FILE* err);

}  // namespace volpol::cli
