// tests/conformance/corpus.h — the conformance corpus format (tests/data/conformance/README.md)
// and the op table the runner dispatches on.
#pragma once

#include <yaml-cpp/yaml.h>

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "volpol/core/velero_version.h"

namespace volpol::conformance {

/// One case of a corpus file.
struct corpus_case {
  std::string file;  ///< path of the corpus file
  std::string name;  ///< unique within the file
  std::string from;  ///< the Velero test or doc it restates
  std::string op;
  YAML::Node node;            ///< the whole case
  std::string version_error;  ///< an unknown `veleroVersion` (the case fails with it)
};

/// What running a case gave: empty `failure` means it passed.
struct outcome {
  std::string failure;  ///< "expected X, got Y" — empty when passed
  static outcome pass() { return {}; }
  static outcome fail(std::string why) { return {std::move(why)}; }
  [[nodiscard]] bool passed() const { return failure.empty(); }
};

using op_function = std::function<outcome(const corpus_case&)>;
using op_table = std::map<std::string, op_function, std::less<>>;

// Each area registers its ops (one file each, so they can be written independently).
void register_quantity_ops(op_table& ops);   // parseQuantity, compareQuantity
void register_policy_ops(op_table& ops);     // loadPolicy, loadRestorePolicy
void register_match_ops(op_table& ops);      // matchAction, volumeType, parseCapacity, capacityInRange
void register_helper_ops(op_table& ops);     // shouldPerform*, getActionParameters, *ForVolume,
                                             // shouldIncludeVolume
void register_podvolume_ops(op_table& ops);  // volumesToBackup, volumesToExclude
void register_action_ops(op_table& ops);     // getDataMover, getSnapshotClass (one policy action)

/// Loads every case of every `*.yaml` under `paths` (files or folders, recursive, sorted).
/// Problems with the corpus itself (unreadable file, case without op) are returned as
/// failed pseudo-cases by the runner, never skipped.
///
/// The Velero release each case is judged for: the case's `veleroVersion:`, else its file's
/// (a `veleroVersion:` beside `cases:`), else `version` (the runner's --velero-version, main
/// by default). It is written back into the case as `veleroVersion` (the release's name), where
/// every op reads it (case_version). An unknown name fails the case.
struct corpus_file_error {
  std::string file;
  std::string message;
};
std::vector<corpus_case> load_corpus(const std::vector<std::string>& paths, std::vector<corpus_file_error>& errors,
                                     velero_version version = default_velero_version);

/// The release the case is judged for (see load_corpus).
velero_version case_version(const YAML::Node& c);

// ---- helpers for op implementations -----------------------------------------------

/// The scalar at `node[key]` as a string, or nullopt.
std::optional<std::string> scalar(const YAML::Node& node, const char* key);
/// Renders a node on one line for failure messages.
std::string render(const YAML::Node& node);
/// `expect.errorMentions` words missing from `message` (case-insensitive); empty = all present.
std::vector<std::string> missing_mentions(const YAML::Node& expect, const std::string& message);

}  // namespace volpol::conformance
