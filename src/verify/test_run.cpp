// Running tests: plan each test's inputs, check each expectation against its volume.
#include <fmt/format.h>

#include "volpol/verify/test_suite.h"

namespace volpol::verify {

std::string volume_selector::describe() const {
  std::string out;
  auto add = [&](const char* key, const std::string& v) {
    if (v.empty()) return;
    out += fmt::format("{}{}: {}", out.empty() ? "" : ", ", key, v);
  };
  add("volume", volume);
  add("pvc", pvc);
  add("pv", pv);
  return out;
}

bool volume_selector::matches(const plan::volume_record& r) const {
  // A PVC (or PV) names the PVC's own row; a second pod's row of a shared PVC (covered by the
  // first pod's PodVolumeBackup) is named by its pod volume.
  const bool shared_row = r.decision.kind == plan::reason_kind::pvc_covered_by_pod;
  if (shared_row && volume.empty()) return false;
  if (!volume.empty() && volume != fmt::format("{}/{}/{}", r.pod_namespace, r.pod_name, r.pod_volume)) return false;
  if (!pvc.empty() && (r.pvc_name.empty() || pvc != fmt::format("{}/{}", r.pvc_namespace, r.pvc_name))) return false;
  if (!pv.empty() && pv != r.pv_name) return false;
  return true;
}

volume_selector selector_for(const plan::volume_record& r) {
  volume_selector s;
  if (!r.pvc_name.empty() && r.decision.kind != plan::reason_kind::pvc_covered_by_pod)
    s.pvc = fmt::format("{}/{}", r.pvc_namespace, r.pvc_name);
  else if (!r.pod_name.empty()) s.volume = fmt::format("{}/{}/{}", r.pod_namespace, r.pod_name, r.pod_volume);
  else s.pv = std::string(r.pv_name);
  return s;
}

bool case_result::passed() const {
  if (problems.has_errors() || checks.empty()) return false;
  for (const expectation_result& c : checks)
    if (!c.passed()) return false;
  return true;
}

namespace {

std::string shown(const std::string& s) { return s.empty() ? std::string("none") : s; }

void compare(const char* field, const std::optional<std::string>& want, const std::string& got,
             expectation_result& out) {
  if (!want) return;
  const std::string w = *want == "none" ? std::string() : *want;
  if (w != got) out.mismatches.push_back({field, shown(w), shown(got)});
}

}  // namespace

case_result run_test(const std::string& file, const test_case& t) {
  case_result out;
  out.file = file;
  out.name = t.name;
  out.test = &t;
  diagnostics all;
  scenario inputs = t.inputs;
  inputs.trace = true;  // failures print each volume's steps
  auto made = make_planned(inputs, &all);
  for (const diagnostic& d : all) out.problems.add(d);
  if (!made) {
    if (out.problems.empty()) out.problems.add(*made.error());
    return out;
  }
  const planned& p = *made.value();
  out.planned = true;
  out.velero = p.plan.server.velero.version;
  out.volumes = p.plan.volumes.size();
  for (const plan::volume_record& r : p.plan.volumes) out.planned_volumes.emplace_back(selector_for(r), outcome_of(r));
  if (t.expect.empty()) {
    diagnostic d = make_error("no expectations: nothing is checked",
                              t.file_level ? "expect" : fmt::format("tests[{}]", t.index));
    d.where = t.where;
    d.help = "`volpol test --update` writes the current plan as this test's expectations";
    out.problems.add(std::move(d));
    return out;
  }
  for (const expectation& e : t.expect) {
    expectation_result c;
    c.expect = &e;
    std::vector<const plan::volume_record*> hits;
    for (const plan::volume_record& r : p.plan.volumes)
      if (e.select.matches(r)) hits.push_back(&r);
    if (hits.empty()) {
      c.problem = "matches no volume of the plan";
    } else if (hits.size() > 1) {
      std::string names;
      for (const plan::volume_record* r : hits)
        names += fmt::format("{}{}", names.empty() ? "" : "; ", volume_title(*r));
      c.problem = fmt::format("matches {} volumes ({}): name one", hits.size(), names);
    } else {
      const plan::volume_record& r = *hits.front();
      c.volume = volume_title(r);
      c.got = outcome_of(r);
      c.explanation = explanation(r, p.plan);
      compare("method", e.method, c.got.method, c);
      compare("policy", e.policy, c.got.policy, c);
      compare("reasonKind", e.reason_kind, c.got.reason_kind, c);
      compare("snapshotClass", e.snapshot_class, c.got.snapshot_class, c);
      compare("dataMover", e.data_mover, c.got.data_mover, c);
    }
    if (!c.passed() && hits.size() == 1) c.trace = explain_text(*hits.front(), p.plan, "");
    out.checks.push_back(std::move(c));
  }
  return out;
}

run_summary run_tests(const std::vector<std::string>& paths, std::vector<test_file>& files,
                      std::optional<velero_version> velero) {
  run_summary s;
  const std::vector<std::string> found = find_test_files(paths, s.problems);
  s.failed += s.problems.size();               // a path without tests is a failure, not a silent pass
  files.reserve(files.size() + found.size());  // results point into the files
  for (const std::string& f : found) {
    diagnostics problems;
    auto loaded = load_test_file(f, problems);
    s.problems.append(problems);
    if (!loaded) {
      ++s.failed;
      continue;
    }
    if (velero)
      for (test_case& t : loaded->cases)
        if (t.inputs.server.velero.source != plan::velero_release_source::flag)
          t.inputs.server.velero = {.version = *velero, .source = plan::velero_release_source::flag};
    files.push_back(std::move(*loaded));
  }
  for (const test_file& f : files)
    for (const test_case& t : f.cases) {
      case_result r = run_test(f.path, t);
      ++(r.passed() ? s.passed : s.failed);
      s.cases.push_back(std::move(r));
    }
  return s;
}

}  // namespace volpol::verify
