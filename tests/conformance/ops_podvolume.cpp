// Conformance ops for the podvolume area (see corpus.h): volumesToBackup, volumesToExclude.
// (The podvolume folder's shouldPerformFSBackup cases run through ops_helper.cpp.)
#include <fmt/core.h>

#include <string>
#include <vector>

#include "corpus.h"
#include "helper_case.h"
#include "volpol/detail/helper/pod_volumes.h"

namespace volpol::conformance {

namespace {

std::string render_list(const std::vector<std::string>& names) {
  std::string out = "[";
  for (std::size_t i = 0; i < names.size(); ++i) out += (i ? ", \"" : "\"") + names[i] + "\"";
  return out + "]";
}

using list_getter = std::vector<std::string> (*)(const k8s::pod&);

outcome run_list(const corpus_case& c, list_getter get) {
  auto pod = helper_case::read_pod(c.node["target"]["pod"]);
  if (const diagnostic* e = pod.error()) return outcome::fail("target.pod: " + e->to_string());
  std::vector<std::string> want;
  for (const YAML::Node& n : c.node["expect"]["value"]) want.push_back(n.Scalar());
  const std::vector<std::string> got = get(pod.value());
  if (got == want) return outcome::pass();
  return outcome::fail(fmt::format("expected {}, got {}", render_list(want), render_list(got)));
}

}  // namespace

void register_podvolume_ops(op_table& ops) {
  ops["volumesToBackup"] = [](const corpus_case& c) { return run_list(c, &helper::volumes_to_backup); };
  ops["volumesToExclude"] = [](const corpus_case& c) { return run_list(c, &helper::volumes_to_exclude); };
}

}  // namespace volpol::conformance
