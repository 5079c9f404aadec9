// verify::make_planned (see scenario.h): a test case's inputs as a plan::plan_request, prepared
// by plan::prepare as `volpol plan` prepares its flags' inputs.
#include "volpol/detail/verify/scenario.h"

#include <fmt/format.h>

#include "volpol/detail/text_file.h"

namespace volpol::verify {

namespace {

/// The request for `s`: its policies as files or text, its paths and inline objects, and its
/// Backup and server options already resolved (the test file decoded them).
plan::plan_request request_of(const scenario& s) {
  plan::plan_request r;
  const auto policy = [](const policy_source& src, std::string& file, std::optional<policy::config_map_text>& text) {
    if (!src.text.empty()) text = policy::config_map_text{src.text, src.label};
    else file = src.path;
  };
  policy(s.policy, r.policy_file, r.policy_text);
  policy(s.global_policy, r.global_policy_file, r.global_policy_text);
  r.inputs = s.cluster_paths;
  for (const inline_objects& o : s.cluster_objects) r.input_texts.push_back({o.text, o.label});
  // `cluster: []` is a cluster without objects: the policies are still checked, nothing is
  // planned, and each expectation says it matches no volume.
  if (r.inputs.empty() && r.input_texts.empty()) r.input_texts.push_back({"", "(no cluster objects)"});
  r.resolved_backup = s.backup;
  r.resolved_server = s.server;
  // A release the test names is read as `--velero-version`; else the Velero Deployment among
  // the objects names it (choose_velero_release), as for `volpol plan`.
  if (s.server.velero.source == plan::velero_release_source::flag) r.velero = s.server.velero.version;
  r.trace = s.trace;
  return r;
}

}  // namespace

result<std::unique_ptr<planned>> make_planned(const scenario& s, diagnostics* all_problems) {
  // A policy path that cannot be read is named as the test gives it, not as a --policy flag.
  for (const policy_source* src : {&s.policy, &s.global_policy})
    if (src->text.empty())
      if (std::optional<diagnostic> d = unreadable_file_problem(src->path, src->path)) {
        if (all_problems) all_problems->add(*d);
        return *d;
      }
  plan::prepare_result prepared = plan::prepare(request_of(s));
  // The policies' problems first, then the objects' and the rest, each in the order met.
  diagnostics problems;
  for (const bool policies : {true, false})
    for (const plan::request_problem& p : prepared.problems)
      if ((p.source == plan::problem_source::policy) == policies) problems.add(p.what);
  if (all_problems) all_problems->append(problems);
  if (prepared.status != plan::prepare_status::planned) {
    for (const diagnostic& d : problems)
      if (d.level == severity::error) return d;
    return make_error("nothing was planned");
  }
  auto out = std::make_unique<planned>(std::move(prepared.plan));
  out->problems = std::move(problems);
  return out;
}

}  // namespace volpol::verify
