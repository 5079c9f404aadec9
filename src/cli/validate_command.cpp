// `volpol validate FILE... [--global | --restore]` (see validate_command.h).
#include "validate_command.h"

#include "velero_version_flag.h"

#include <CLI/CLI.hpp>

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "input_limit_flags.h"
#include "volpol/cli/app.h"
#include "volpol/policy/policies.h"

namespace volpol::cli {

CLI::App* setup_validate(CLI::App& app, validate_options& opt) {
  CLI::App* cmd = app.add_subcommand("validate", "check policy files (or ConfigMaps holding one) as Velero does");
  cmd->add_option("FILE", opt.files,
                  "policy document or ConfigMap, YAML or JSON (\"-\" = standard input); a folder: every "
                  "*.yaml, *.yml and *.json in it, recursively")
      ->required();
  CLI::Option* global = cmd->add_flag("--global", opt.global,
                                      "check as the global policy: only its volumePolicies apply");
  cmd->add_flag("--restore", opt.restore, "check as a restore's policy (ValidateForRestore)")->excludes(global);
  add_input_limit_flags(cmd, opt.limits);
  add_velero_version_flag(cmd, opt.velero_version);
  return cmd;
}

namespace {

/// The policy files of `folder`: every *.yaml, *.yml and *.json in it, recursively, sorted.
std::vector<std::string> policy_files_in(const std::string& folder) {
  namespace fs = std::filesystem;
  std::vector<std::string> found;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(folder, fs::directory_options::skip_permission_denied, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    const std::string ext = it->path().extension().string();
    if (it->is_regular_file(ec) && (ext == ".yaml" || ext == ".yml" || ext == ".json"))
      found.push_back(it->path().string());
  }
  std::sort(found.begin(), found.end());
  return found;
}

/// The files to check: folders expand to their policy files; paths that cannot be read, and
/// folders without a policy file, are reported on `err` once and set `unreadable`.
std::vector<std::string> files_to_validate(const std::vector<std::string>& paths, std::FILE* err, bool& unreadable) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  for (const std::string& path : paths) {
    std::error_code ec;
    if (path != "-" && fs::is_directory(path, ec)) {
      const std::vector<std::string> found = policy_files_in(path);
      if (found.empty()) {
        std::fprintf(err, "error: %s: no policy files (*.yaml, *.yml, *.json) in this folder\n", path.c_str());
        unreadable = true;
      }
      files.insert(files.end(), found.begin(), found.end());
      continue;
    }
    const bool exists = path == "-" || fs::exists(path, ec);
    if (path != "-" && (!exists || access(path.c_str(), R_OK) != 0)) {
      std::fprintf(err, "error: %s: cannot read: %s\n", path.c_str(), std::strerror(exists ? errno : ENOENT));
      unreadable = true;
      continue;
    }
    files.push_back(path);
  }
  return files;
}

}  // namespace

int run_validate(const validate_options& opt, std::FILE* out, std::FILE* err) {
  if (opt.files.empty() || (opt.global && opt.restore)) {
    std::fputs(
        "error: give one or more FILEs, and at most one of --global and --restore\nsee `volpol validate --help`\n",
        err);
    return static_cast<int>(exit_code::invalid_usage);
  }
  const policy::policy_use use = opt.restore ? policy::policy_use::restore
                                             : (opt.global ? policy::policy_use::global : policy::policy_use::backup);
  bool unreadable = false;
  const std::vector<std::string> files = files_to_validate(opt.files, err, unreadable);
  bool all_valid = true;
  const std::optional<velero_version> named = velero_version_of_flag(opt.velero_version);
  const velero_version release = named.value_or(default_velero_version);
  for (const std::string& file : files) {
    const policy::checked_policies checked = policy::check_policy_file(file, use, true, opt.limits, release);
    for (const diagnostic& d : checked.problems) std::fprintf(out, "%s\n", d.to_string().c_str());
    if (checked.ok() && named) std::fprintf(out, "%s: OK for Velero %s\n", file.c_str(), to_string(release).data());
    else if (checked.ok()) std::fprintf(out, "%s: OK\n", file.c_str());
    all_valid = all_valid && checked.ok();
  }
  if (unreadable) return static_cast<int>(exit_code::unreadable_input);
  return static_cast<int>(all_valid ? exit_code::ok : exit_code::input_errors);
}

}  // namespace volpol::cli
